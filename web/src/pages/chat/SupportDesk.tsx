import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { PUSH_EVENT, readPush } from '@wps/contracts';
import { useCases } from '../../useCases';
import { ApiError, errorMessage } from '../../api';
import { uuid } from '../../uuid';
import { Field, FormError } from '../../components/Field';
import { deskApi, type Conversation, type DeskCredentials } from './chatApi';
import { mergeMessages, pendingItem, withState, type ChatItem } from './chatItems';
import { ChatComposer, ChatThread } from './ChatThread';
import './chat.css';
import { intlLocale } from '../../i18n/languages';

/** The desk's sign-in lives in this tab's session storage only. */
const TOKEN_KEY = 'supportDesk.token';
const NAME_KEY = 'supportDesk.name';
type Filter = 'all' | 'open' | 'closed';

function storedCredentials(): DeskCredentials | null {
  const token = window.sessionStorage.getItem(TOKEN_KEY);
  return token ? { token, name: window.sessionStorage.getItem(NAME_KEY) ?? '' } : null;
}

/**
 * `/support-desk`: the operators' minimal support desk. With the operator token: the queue (open first, waiting ones
 * first), one conversation, answering and closing; live through a socket of its own that presents the token.
 */
export default function SupportDesk() {
  const [credentials, setCredentials] = useState<DeskCredentials | null>(storedCredentials);
  const [refused, setRefused] = useState(false);
  const leave = useCallback((tokenRefused: boolean) => {
    window.sessionStorage.removeItem(TOKEN_KEY);
    setRefused(tokenRefused);
    setCredentials(null);
  }, []);
  return (
    <div className={`desk-page ${credentials ? '' : 'is-signin'}`} data-testid="support-desk">
      {credentials ? (
        <Desk credentials={credentials} onLeave={leave} />
      ) : (
        <DeskSignIn
          refused={refused}
          onEnter={(entered) => {
            window.sessionStorage.setItem(TOKEN_KEY, entered.token);
            window.sessionStorage.setItem(NAME_KEY, entered.name);
            setRefused(false);
            setCredentials(entered);
          }}
        />
      )}
    </div>
  );
}

function DeskSignIn({ refused, onEnter }: { refused: boolean; onEnter: (credentials: DeskCredentials) => void }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [name, setName] = useState(() => window.sessionStorage.getItem(NAME_KEY) ?? '');
  const [error, setError] = useState<string | null>(refused ? t('desk_token_invalid') : null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = { token: token.trim(), name: name.trim() };
    if (!entered.token || busy) return;
    setBusy(true);
    try {
      await deskApi.queue(entered, 'open');
      onEnter(entered);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 401 ? t('desk_token_invalid') : errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <div className="desk-signin">
      <h1>{t('desk_title')}</h1>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('desk_token_label')} type="password" value={token} onValueChange={setToken} autoComplete="off" required testId="desk-token" />
        <Field label={t('desk_name_label')} value={name} onValueChange={setName} maxLength={60} testId="desk-name" />
        <FormError message={error} />
        <p className="form-note">{t('desk_token_note')}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !token.trim()} data-testid="desk-enter">
          {t('desk_enter')}
        </button>
      </form>
    </div>
  );
}

function Desk({ credentials, onLeave }: { credentials: DeskCredentials; onLeave: (refused: boolean) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const queueKey = useMemo(() => [useCases.operatorChatQueue.id, credentials.token] as const, [credentials.token]);
  const queue = useQuery({ queryKey: [...queueKey, filter], queryFn: () => deskApi.queue(credentials, filter === 'all' ? undefined : filter) });
  const readQueue = useCallback(() => void client.invalidateQueries({ queryKey: queueKey }), [client, queueKey]);
  const refused = queue.error instanceof ApiError && queue.error.status === 401;
  useEffect(() => {
    if (refused) onLeave(true);
  }, [refused, onLeave]);

  // The desk's own socket: every conversation's messages, live; each one reads the queue again (counts, order).
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  const [pushed, setPushed] = useState<{ seq: number; message: ChatItem | null }>({ seq: 0, message: null });
  useEffect(() => {
    const socket = io({ auth: { operatorToken: credentials.token } });
    socket.on('connect', () => {
      setConnected(true);
      readQueue();
      setPushed((current) => ({ seq: current.seq + 1, message: null }));
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('connect_error', (error) => {
      setConnected(false);
      if (error.message === 'OPERATOR_UNAUTHORIZED') onLeave(true);
    });
    socket.on(PUSH_EVENT, (raw: unknown) => {
      const push = readPush(raw);
      if (push?.type !== 'chat') return;
      readQueue();
      if (push.data.conversationId === selectedRef.current) setPushed((current) => ({ seq: current.seq + 1, message: { ...push.data, state: 'sent' } }));
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [credentials.token, readQueue, onLeave]);

  const conversations = queue.data?.list ?? [];
  return (
    <div className={`desk ${selected ? 'desk-has-selection' : ''}`}>
      <aside className="desk-queue" aria-label={t('desk_queue')}>
        <header className="desk-queue-head">
          <div>
            <h1>{t('desk_title')}</h1>
            <p className={`chat-status ${connected ? 'is-live' : ''}`} data-testid="desk-status">
              {connected ? t('chat_live') : t('chat_reconnecting')}
            </p>
          </div>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onLeave(false)}>
            {t('desk_leave')}
          </button>
        </header>
        <div className="desk-filters" role="group">
          {(['all', 'open', 'closed'] as const).map((value) => (
            <button key={value} type="button" className={`desk-filter ${filter === value ? 'is-active' : ''}`} aria-pressed={filter === value} onClick={() => setFilter(value)}>
              {t(`desk_filter_${value}`)}
            </button>
          ))}
        </div>
        {queue.error && !refused && <p className="form-error">{errorMessage(queue.error)}</p>}
        <ul className="desk-list" data-testid="desk-queue">
          {conversations.length === 0 && queue.isSuccess && <li className="desk-empty">{t('desk_empty_queue')}</li>}
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <QueueItem conversation={conversation} active={conversation.id === selected} onOpen={() => setSelected(conversation.id)} />
            </li>
          ))}
        </ul>
      </aside>
      <main className="desk-main">
        {selected ? (
          <DeskConversation key={selected} credentials={credentials} conversationId={selected} pushed={pushed} onBack={() => setSelected(null)} onChanged={readQueue} />
        ) : (
          <p className="desk-pick">{t('desk_pick')}</p>
        )}
      </main>
    </div>
  );
}

function QueueItem({ conversation, active, onOpen }: { conversation: Conversation; active: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(conversation.lastMessageAt));
  return (
    <button type="button" className={`desk-item ${active ? 'is-active' : ''}`} onClick={onOpen} data-testid={`desk-item-${conversation.account}`} aria-current={active}>
      <span className="desk-item-top">
        <strong>{conversation.account}</strong>
        <span className="desk-item-time">{when}</span>
      </span>
      <span className="desk-item-last">{conversation.lastMessage ?? ''}</span>
      <span className="desk-item-tags">
        <span className="desk-tag">{conversation.merchantCode}</span>
        {conversation.status === 'closed' && <span className="desk-tag">{t('desk_closed')}</span>}
        {conversation.awaitingReply && <span className="desk-tag is-waiting">{t('desk_waiting')}</span>}
        {conversation.offline && <span className="desk-tag is-offline">{t('desk_offline')}</span>}
        {conversation.operatorUnread > 0 && <span className="desk-unread">{t('desk_unread', { count: conversation.operatorUnread })}</span>}
      </span>
    </button>
  );
}

interface DeskConversationProps {
  credentials: DeskCredentials;
  conversationId: string;
  /** The newest push of this conversation (or, without a message, a reconnect: read it again). */
  pushed: { seq: number; message: ChatItem | null };
  onBack: () => void;
  onChanged: () => void;
}

/** One conversation at the desk: its messages, answering with retry, closing; the member's messages are marked read. */
function DeskConversation({ credentials, conversationId, pushed, onBack, onChanged }: DeskConversationProps) {
  const { t } = useTranslation();
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [paging, setPaging] = useState<{ pageNo: number; totalPages: number } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);

  const markRead = useCallback(async () => {
    await deskApi.read(credentials, conversationId).then(
      (read) => {
        setConversation(read);
        onChanged();
      },
      () => undefined,
    );
  }, [credentials, conversationId, onChanged]);

  const readNewest = useCallback(async () => {
    try {
      const page = await deskApi.thread(credentials, conversationId);
      setConversation(page.conversation);
      setItems((current) => mergeMessages(current, page.list));
      setPaging((current) => ({ pageNo: current?.pageNo ?? 1, totalPages: page.totalPages }));
      setError(null);
      if (page.conversation.operatorUnread > 0) void markRead();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [credentials, conversationId, markRead]);

  useEffect(() => {
    void readNewest();
  }, [readNewest]);

  const lastSeq = useRef(pushed.seq);
  useEffect(() => {
    if (pushed.seq === lastSeq.current) return;
    lastSeq.current = pushed.seq;
    const message = pushed.message;
    if (!message) {
      void readNewest();
      return;
    }
    setItems((current) => mergeMessages(current, [message]));
    if (message.notice === 'closed') setConversation((current) => current && { ...current, status: 'closed' });
    if (message.from === 'member') void markRead();
  }, [pushed, readNewest, markRead]);

  const deliver = async (text: string, clientMessageId: string) => {
    try {
      const stored = await deskApi.reply(credentials, conversationId, text, clientMessageId);
      setItems((current) => mergeMessages(current, [stored]));
      onChanged();
    } catch (failure) {
      setItems((current) => withState(current, clientMessageId, 'failed', errorMessage(failure)));
      if (failure instanceof ApiError && failure.code === 'CHAT_CONVERSATION_CLOSED') setConversation((current) => current && { ...current, status: 'closed' });
    }
  };
  const reply = (text: string) => {
    const clientMessageId = uuid();
    setItems((current) => [...current, { ...pendingItem('operator', text, clientMessageId), operatorName: credentials.name || null }]);
    void deliver(text, clientMessageId);
  };
  const retry = (item: ChatItem) => {
    if (!item.clientMessageId) return;
    setItems((current) => withState(current, item.clientMessageId!, 'sending'));
    void deliver(item.text, item.clientMessageId);
  };
  const close = async () => {
    setClosing(true);
    try {
      setConversation(await deskApi.close(credentials, conversationId));
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setClosing(false);
    }
  };
  const loadOlder = async () => {
    if (!paging) return;
    setLoadingOlder(true);
    try {
      const page = await deskApi.thread(credentials, conversationId, paging.pageNo + 1);
      setItems((current) => mergeMessages(current, page.list));
      setPaging({ pageNo: paging.pageNo + 1, totalPages: page.totalPages });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoadingOlder(false);
    }
  };

  const closed = conversation?.status === 'closed';
  return (
    <section className="desk-conversation" data-testid="desk-conversation">
      <header className="desk-conversation-head">
        <button type="button" className="btn btn-ghost btn-sm desk-back" onClick={onBack}>
          {t('desk_back')}
        </button>
        <div className="desk-conversation-title">
          <h2>{conversation?.account ?? ''}</h2>
          {conversation && (
            <p>
              {conversation.merchantCode} · #{conversation.memberId}
              {conversation.operatorName ? ` · ${t('desk_answered_by', { name: conversation.operatorName })}` : ''}
            </p>
          )}
        </div>
        {conversation && !closed && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void close()} disabled={closing} data-testid="desk-close">
            {t('desk_close')}
          </button>
        )}
      </header>
      <ChatThread
        items={items}
        viewer="operator"
        onRetry={retry}
        older={paging && paging.pageNo < paging.totalPages ? { load: () => void loadOlder(), loading: loadingOlder } : null}
        testId="desk-thread"
      />
      {error && (
        <p className="form-error chat-error" role="alert">
          {error}
        </p>
      )}
      {closed ? <p className="desk-closed-note">{t('desk_closed_note')}</p> : <ChatComposer onSend={reply} placeholder={t('desk_reply_placeholder')} testId="desk-composer" />}
    </section>
  );
}
