import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeEntry } from '@wps/contracts';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { formatDateTime } from '../member/common';
import { Modal } from '../Modal';
import { Pager } from '../lobby/Pager';
import { closeNotices, openNotices, showNoticeList, useContentUi } from './contentUi';
import { NOTICE_LIST_PAGE_SIZE, pageOf } from './popups';
import { markRead, useReadIds } from './readMarks';
import { RichText, plainText } from './RichText';

function NoticeDetail({ notice, language }: { notice: NoticeEntry; language: string }) {
  const { t } = useTranslation();
  return (
    <article className="notice-detail" data-testid="notice-detail" data-notice-id={notice.id}>
      <button type="button" className="link-button notice-back" data-testid="notice-back" onClick={showNoticeList}>
        ‹ {t('content_notice_back')}
      </button>
      <h3 className="notice-detail-title" data-testid="notice-detail-title">
        {notice.title}
      </h3>
      <p className="notice-date">{formatDateTime(notice.timestamp, language)}</p>
      <RichText html={notice.content} className="notice-detail-text" testId="notice-detail-content" />
    </article>
  );
}

/**
 * The notice list (noticeModal, spec §2, §9): the brand's player notices nine per page, newest first, each marked
 * until opened; a notice opens in full and counts as read for this account (or this browser's guest).
 */
export function NoticeModal({ notices }: { notices: readonly NoticeEntry[] }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { member } = useSession();
  const account = member?.account ?? null;
  const read = useReadIds(account);
  const { noticeId } = useContentUi();
  const [pageNo, setPageNo] = useState(1);
  const open = noticeId === null ? null : (notices.find((notice) => notice.id === noticeId) ?? null);

  useEffect(() => {
    if (open) markRead(account, open.id);
  }, [open, account]);

  const page = pageOf(notices, pageNo, NOTICE_LIST_PAGE_SIZE);
  return (
    <Modal title={t('content_notices')} onClose={closeNotices} testId="notice-modal">
      <div className="notice-modal-body content-wide">
        {open ? (
          <NoticeDetail notice={open} language={language} />
        ) : notices.length === 0 ? (
          <p className="notice-empty" data-testid="notice-empty">
            {t('content_no_notices')}
          </p>
        ) : (
          <>
            <ul className="notice-list" data-testid="notice-list">
              {page.items.map((notice) => {
                const unread = !read.includes(notice.id);
                return (
                  <li key={notice.id}>
                    <button
                      type="button"
                      className={`notice-row${unread ? ' is-unread' : ''}`}
                      data-testid={`notice-row-${notice.id}`}
                      data-unread={unread ? 'true' : 'false'}
                      onClick={() => openNotices(notice.id)}
                    >
                      <span className="notice-dot" aria-hidden />
                      <span className="notice-row-main">
                        <span className="notice-row-title">
                          {notice.title}
                          {unread && <span className="sr-only"> ({t('content_unread')})</span>}
                        </span>
                        <span className="notice-row-text">{plainText(notice.content)}</span>
                      </span>
                      <span className="notice-date">{formatDateTime(notice.timestamp, language)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <Pager pageNo={page.pageNo} totalPages={page.totalPages} onPage={setPageNo} />
          </>
        )}
      </div>
    </Modal>
  );
}
