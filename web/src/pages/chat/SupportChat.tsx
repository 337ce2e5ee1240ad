import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { SUPPORT_CHAT_PATH } from '@wps/contracts';
import { errorMessage } from '../../api';
import { live } from '../../live/connection';
import { uuid } from '../../uuid';
import { LoadingScreen } from '../../components/SystemPages';
import { useSession } from '../../state/session';
import { useStoreValue } from '../../state/store';
import { customerServiceUrl, useSystem, type CustomerServiceEntry } from '../../state/system';
import { walletStore } from '../../state/wallet';
import { chatApi } from './chatApi';
import { mergeMessages, pendingItem, withState, type ChatItem } from './chatItems';
import { ChatComposer, ChatThread } from './ChatThread';
import './chat.css';

/**
 * `/support-chat`: the in-house customer-service chat, opened by the LIVECHAT entry in the 440×750 customer-service
 * window (a tab on phones). A member sees their history, writes, and gets the answers live through the tab's socket;
 * a guest is asked to sign in and offered the brand's other customer-service channels.
 */
export default function SupportChat() {
  const { t } = useTranslation();
  const { phase, mode, system, merchantName } = useSystem();
  const { member, authReady } = useSession();
  const liveConnected = useStoreValue(walletStore, (state) => state.liveConnected);
  const open = phase === 'ready' && mode === 'normal';
  if (phase === 'loading' || (open && !authReady)) return <LoadingScreen />;
  const channels = (system?.info?.customerService ?? []).filter((entry) => {
    const url = customerServiceUrl(entry);
    return url !== null && url !== SUPPORT_CHAT_PATH;
  });

  return (
    <div className="chat-page" data-testid="support-chat">
      <section className="chat-window" aria-labelledby="chat-title">
        <header className="chat-head">
          <div className="chat-head-text">
            <Link to="/" className="chat-brand">
              {merchantName}
            </Link>
            <h1 id="chat-title">{t('chat_title')}</h1>
            {member && open && (
              <p className={`chat-status ${liveConnected ? 'is-live' : ''}`} data-testid="chat-status">
                {liveConnected ? t('chat_live') : t('chat_reconnecting')}
              </p>
            )}
          </div>
          {window.opener !== null && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.close()}>
              {t('chat_close_window')}
            </button>
          )}
        </header>
        {member && open ? <MemberChat key={member.token} /> : <GuestChat unavailable={!open} channels={channels} />}
      </section>
    </div>
  );
}

/** The member's conversation: history, live answers, sending with retry; what is shown is marked read while the page is seen. */
function MemberChat() {
  const { t } = useTranslation();
  const [items, setItems] = useState<ChatItem[]>([]);
  const [paging, setPaging] = useState<{ pageNo: number; totalPages: number } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const unread = useRef(false);

  const markRead = useCallback(() => {
    if (!unread.current || document.visibilityState !== 'visible') return;
    unread.current = false;
    chatApi.markRead().catch(() => {
      unread.current = true;
    });
  }, []);

  const readNewest = useCallback(async () => {
    try {
      const page = await chatApi.history(1);
      setItems((current) => mergeMessages(current, page.list));
      setPaging((current) => ({ pageNo: current?.pageNo ?? 1, totalPages: page.totalPages }));
      setLoadError(null);
      if (page.unread > 0) {
        unread.current = true;
        markRead();
      }
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, [markRead]);

  useEffect(() => {
    void readNewest();
    const stopPushes = live.subscribe('chat', (message) => {
      setItems((current) => mergeMessages(current, [message]));
      if (message.from !== 'member') {
        unread.current = true;
        markRead();
      }
    });
    // Pushes missed while the socket was away are not replayed: read the newest page again.
    const stopConnects = live.onConnect(() => void readNewest());
    document.addEventListener('visibilitychange', markRead);
    return () => {
      stopPushes();
      stopConnects();
      document.removeEventListener('visibilitychange', markRead);
    };
  }, [readNewest, markRead]);

  const deliver = useCallback(async (text: string, clientMessageId: string) => {
    try {
      const stored = await chatApi.send(text, clientMessageId);
      setItems((current) => mergeMessages(current, [stored]));
    } catch (error) {
      setItems((current) => withState(current, clientMessageId, 'failed', errorMessage(error)));
    }
  }, []);

  const send = (text: string) => {
    const clientMessageId = uuid();
    setItems((current) => [...current, pendingItem('member', text, clientMessageId)]);
    void deliver(text, clientMessageId);
  };
  const retry = (item: ChatItem) => {
    if (!item.clientMessageId) return;
    setItems((current) => withState(current, item.clientMessageId!, 'sending'));
    void deliver(item.text, item.clientMessageId);
  };
  const loadOlder = async () => {
    if (!paging) return;
    setLoadingOlder(true);
    try {
      const page = await chatApi.history(paging.pageNo + 1);
      setItems((current) => mergeMessages(current, page.list));
      setPaging({ pageNo: paging.pageNo + 1, totalPages: page.totalPages });
    } catch (error) {
      setLoadError(errorMessage(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <>
      <ChatThread
        items={items}
        viewer="member"
        onRetry={retry}
        older={paging && paging.pageNo < paging.totalPages ? { load: () => void loadOlder(), loading: loadingOlder } : null}
        empty={paging && <p className="chat-welcome">{t('chat_welcome')}</p>}
        testId="chat-thread"
      />
      {loadError && (
        <p className="form-error chat-error" role="alert">
          {loadError}
        </p>
      )}
      <ChatComposer onSend={send} placeholder={t('chat_placeholder')} />
    </>
  );
}

/** A guest (or a closed site): sign in to chat, or another of the brand's channels. */
function GuestChat({ unavailable, channels }: { unavailable: boolean; channels: CustomerServiceEntry[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = { returnTo: SUPPORT_CHAT_PATH };
  return (
    <div className="chat-guest" data-testid="chat-guest">
      <h2>{t(unavailable ? 'chat_unavailable' : 'chat_sign_in_title')}</h2>
      {!unavailable && (
        <>
          <p>{t('chat_sign_in_text')}</p>
          <div className="chat-guest-actions">
            <button type="button" className="btn btn-primary" onClick={() => void navigate('/login', { state })} data-testid="chat-sign-in">
              {t('chat_sign_in')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void navigate('/register', { state })}>
              {t('chat_register')}
            </button>
          </div>
        </>
      )}
      {channels.length > 0 && (
        <div className="chat-channels">
          <h3>{t('chat_other_channels')}</h3>
          <ul>
            {channels.map((entry) => (
              <li key={`${entry.csType}:${entry.path}`}>
                <a href={entry.path} target="_blank" rel="noopener noreferrer" className="btn btn-ghost btn-sm">
                  {entry.title || entry.csType}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
