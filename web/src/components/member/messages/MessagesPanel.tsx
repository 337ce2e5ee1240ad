import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InboxMessage, type InboxPage } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { queryKeys } from '../../../state/queries';
import { usePreferences } from '../../../state/preferences';
import { useSession } from '../../../state/session';
import { askConfirm, showToast } from '../../../state/ui';
import { acceptUnread, useUnread } from '../../../state/unread';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, type PagedState } from '../common';
import './messages.css';

/** The tag a message shows: an operator broadcast, a letter an operator wrote, or a system letter. */
const tagOf = (message: InboxMessage): 'broadcast' | 'letter' | 'system' => (message.kind === 'broadcast' || message.kind === 'letter' ? message.kind : 'system');

const EnvelopeIcon = () => (
  <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);

/**
 * messageV2: the member's inbox. Newest first, ten a page; opening a message marks it read, and the header's badge
 * follows at once. A new letter or broadcast (an `unread` push this screen did not cause) brings the page up to date.
 */
export function MessagesPanel() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { token } = useSession();
  const { language } = usePreferences();
  const unread = useUnread();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = queryKeys.messages(token, language, pageNo);
  const page = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(useCases.listMessages, { pageNo, pageSize: PAGE_SIZE }, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  const allPages = [useCases.listMessages.id, token] as const;
  const reloadPages = useCallback(() => client.invalidateQueries({ queryKey: [useCases.listMessages.id, token] }), [client, token]);

  // Counts this screen's own actions produced; any other change of the count means new messages arrived.
  const ownVersions = useRef(new Set<number>());
  const seenVersion = useRef<number | undefined>(undefined);
  const version = unread?.version;
  useEffect(() => {
    if (version === undefined) return;
    const previous = seenVersion.current;
    seenVersion.current = version;
    if (previous !== undefined && previous !== version && !ownVersions.current.has(version)) void reloadPages();
  }, [version, reloadPages]);

  // A page emptied by deletions shows the one before it.
  const data = page.data;
  useEffect(() => {
    if (data && data.list.length === 0 && data.total > 0 && pageNo > 1) setPageNo(Math.max(1, data.totalPages));
  }, [data, pageNo]);

  const accept = (count: { unread: number; version: number }) => {
    ownVersions.current.add(count.version);
    if (token) acceptUnread(client, token, count);
  };
  const updateMessages = (change: (message: InboxMessage) => InboxMessage) =>
    client.setQueriesData<InboxPage>({ queryKey: allPages }, (current) => current && { ...current, list: current.list.map(change) });

  const toggle = async (message: InboxMessage) => {
    if (openId === message.id) {
      setOpenId(null);
      return;
    }
    setOpenId(message.id);
    if (message.read) return;
    try {
      const answer = await call(useCases.readMessage, { id: message.id });
      updateMessages((entry) => (entry.id === message.id ? answer.message : entry));
      accept(answer.unread);
    } catch (error) {
      showToast(errorMessage(error));
      void reloadPages();
    }
  };

  const readAll = async () => {
    setBusy(true);
    try {
      const answer = await call(useCases.readAllMessages, {});
      updateMessages((entry) => ({ ...entry, read: true }));
      accept(answer.unread);
    } catch (error) {
      showToast(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (message: InboxMessage) => {
    const ok = await askConfirm({ title: t('in_popup_prompt'), text: t('inbox_delete_confirm', { title: message.title }), cancelLabel: t('in_more_cancel'), okLabel: t('inbox_delete') });
    if (!ok) return;
    try {
      const answer = await call(useCases.deleteMessage, { id: message.id });
      accept(answer.unread);
      setOpenId(null);
      showToast(t('inbox_deleted'));
    } catch (error) {
      showToast(errorMessage(error));
    }
    void reloadPages();
  };

  const list = data?.list ?? [];
  const unreadCount = unread?.unread ?? 0;
  const pager: PagedState<InboxMessage> = {
    pageNo,
    setPageNo: (next) => {
      setOpenId(null);
      setPageNo(next);
    },
    data: data ? { content: data.list, pageNum: data.pageNo, totalPages: data.totalPages, total: data.total } : null,
    error: page.error ? errorMessage(page.error) : null,
    loading: page.isFetching,
    reload: () => void page.refetch(),
  };

  return (
    <div className="panel-stack" data-testid="panel-messageV2">
      <Card
        testId="messages-panel"
        aside={
          <div className="inbox-toolbar">
            <p className="inbox-summary" data-testid="inbox-unread">
              {unreadCount > 0 ? t('inbox_unread', { count: unreadCount }) : t('inbox_all_read')}
            </p>
            <button type="button" className="btn btn-ghost btn-sm" data-testid="inbox-read-all" disabled={busy || unreadCount === 0} onClick={() => void readAll()}>
              {t('inbox_read_all')}
            </button>
          </div>
        }
      >
        {list.length === 0 && !pager.error && !page.isFetching ? (
          <div className="inbox-empty" data-testid="inbox-empty">
            <EnvelopeIcon />
            <p>{t('inbox_empty')}</p>
          </div>
        ) : (
          <ListState loading={page.isFetching} error={pager.error} empty={list.length === 0} emptyText={t('inbox_empty')} testId="inbox" />
        )}
        {list.length > 0 && (
          <ul className="inbox-list" data-testid="inbox-list">
            {list.map((message) => {
              const open = openId === message.id;
              const tag = tagOf(message);
              return (
                <li
                  key={message.id}
                  className={`inbox-item${message.read ? '' : ' is-unread'}${open ? ' is-open' : ''}`}
                  data-testid="inbox-item"
                  data-id={message.id}
                  data-read={message.read ? 'true' : 'false'}
                >
                  <button type="button" className="inbox-item-head" aria-expanded={open} aria-controls={`inbox-body-${message.id}`} data-testid="inbox-item-open" onClick={() => void toggle(message)}>
                    <span className="inbox-dot" aria-label={message.read ? undefined : t('inbox_unread_marker')} role={message.read ? undefined : 'img'} />
                    <span className="inbox-item-main">
                      <span className="inbox-item-title" data-testid="inbox-item-title">
                        {message.title}
                      </span>
                      <span className="inbox-item-meta">
                        <span className={`inbox-tag inbox-tag-${tag}`}>{t(`inbox_tag_${tag}`)}</span>
                        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
                      </span>
                      {!open && <span className="inbox-item-snippet">{message.content}</span>}
                    </span>
                  </button>
                  {open && (
                    <div className="inbox-item-body" id={`inbox-body-${message.id}`}>
                      <p className="inbox-item-content" data-testid="inbox-item-content">
                        {message.content}
                      </p>
                      <div className="inbox-item-actions">
                        <button type="button" className="btn btn-ghost btn-sm inbox-delete" data-testid="inbox-item-delete" onClick={() => void remove(message)}>
                          {t('inbox_delete')}
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <Pager state={pager} testId="inbox-pager" />
      </Card>
    </div>
  );
}
