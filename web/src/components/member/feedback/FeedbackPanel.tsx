import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api';
import { live } from '../../../live/connection';
import { FormError } from '../../Field';
import { Card, formatDateTime, ListState, Pager, usePaged } from '../common';
import { feedbackApi, type FeedbackDetail } from './feedbackApi';
import { FeedbackForm } from './FeedbackForm';
import { FeedbackStatusBadge, FeedbackThread } from './FeedbackThread';
import './feedback.css';

/** Feedback and complaints: the form and the member's submissions with the operator's replies, kept live by `feedback` pushes. */
export function FeedbackPanel() {
  const { t, i18n } = useTranslation();
  const [refreshKey, setRefreshKey] = useState(0);
  const submissions = usePaged(feedbackApi.page, refreshKey);
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<FeedbackDetail | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const latest = useRef(0);
  const listTop = useRef<HTMLDivElement>(null);

  const readOpened = useCallback((id: string | null) => {
    const call = ++latest.current;
    setOpenError(null);
    if (!id) {
      setOpened(null);
      return;
    }
    feedbackApi
      .detail(id)
      .then((value) => call === latest.current && setOpened(value))
      .catch((failure: unknown) => call === latest.current && setOpenError(errorMessage(failure)));
  }, []);

  useEffect(() => readOpened(openId), [openId, readOpened]);

  // Replies missed while the connection was down are read again when it is back.
  const reloadAll = useCallback(() => {
    setRefreshKey((n) => n + 1);
    readOpened(openId);
  }, [openId, readOpened]);
  useEffect(() => live.onConnect(reloadAll), [reloadAll]);
  // An operator's reply or close is pushed: the list is read again, and the submission too when it is the one open.
  useEffect(
    () =>
      live.subscribe('feedback', (change) => {
        setRefreshKey((n) => n + 1);
        if (change.feedbackId === openId) readOpened(openId);
      }),
    [openId, readOpened],
  );

  /** Opens a submission, or (null) goes back to the list, read again so it shows what changed meanwhile. */
  const open = (id: string | null) => {
    setOpened(null);
    setOpenId(id);
    if (!id) setRefreshKey((n) => n + 1);
    listTop.current?.scrollIntoView({ block: 'nearest' });
  };

  const rows = submissions.data?.content ?? [];
  return (
    <div className="panel-stack" data-testid="feedback-panel">
      <Card title={t('feedback_new_title')} testId="feedback-new">
        <FeedbackForm onSent={() => setRefreshKey((n) => n + 1)} />
      </Card>

      <Card title={t('feedback_list_title')} testId="feedback-list">
        <div ref={listTop} />
        {openId ? (
          <>
            <FormError message={openError} testId="feedback-detail-error" />
            {opened ? <FeedbackThread feedback={opened} onBack={() => open(null)} onChanged={reloadAll} /> : !openError && <p className="list-empty">{t('app_loading')}</p>}
            {openError && (
              <button type="button" className="link-button" onClick={() => open(null)}>
                <span className="flip-rtl" aria-hidden="true">
                  ←
                </span>{' '}
                {t('feedback_back')}
              </button>
            )}
          </>
        ) : (
          <>
            <ListState loading={submissions.loading} error={submissions.error} empty={rows.length === 0} emptyText={t('feedback_list_empty')} testId="feedback-list" />
            {rows.length > 0 && (
              <ul className="feedback-list">
                {rows.map((item) => (
                  <li key={item.id}>
                    <button type="button" className="feedback-row" onClick={() => open(item.id)} data-testid="feedback-row" data-id={item.id} data-status={item.status}>
                      <span className="feedback-row-head">
                        <strong>{t(`feedback_type_${item.type}`)}</strong>
                        <FeedbackStatusBadge status={item.status} />
                      </span>
                      <span className="feedback-row-preview">{item.preview}</span>
                      <span className="feedback-meta">
                        {[
                          formatDateTime(item.createdAt, i18n.language),
                          t('feedback_reply_count', { count: item.replyCount }),
                          item.imageCount > 0 ? t('feedback_image_count', { count: item.imageCount }) : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Pager state={submissions} testId="feedback-pager" />
          </>
        )}
      </Card>
    </div>
  );
}
