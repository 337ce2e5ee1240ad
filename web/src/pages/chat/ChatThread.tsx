import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX } from '@wps/contracts';
import { itemKey, type ChatItem } from './chatItems';
import { intlLocale } from '../../i18n/languages';

/** How close to the bottom (px) still counts as reading the newest messages, so new ones scroll into view. */
const NEAR_BOTTOM_PX = 80;
/** The counter shows once this few characters are left. */
const COUNTER_FROM = 100;

function timeOf(at: string, language: string): string {
  const date = new Date(at);
  const sameDay = date.toDateString() === new Date().toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(intlLocale(language), options).format(date);
}

interface ChatThreadProps {
  items: readonly ChatItem[];
  /** Whose screen it is: that side's messages are shown as one's own, on the right. */
  viewer: 'member' | 'operator';
  onRetry: (item: ChatItem) => void;
  /** Earlier messages to load, when the history has more. */
  older?: { load: () => void; loading: boolean } | null;
  /** Shown when there is no message yet. */
  empty?: ReactNode;
  testId?: string;
}

/** A conversation's messages, oldest first; texts are shown as plain text. Scrolls to the newest while the reader is there. */
export function ChatThread({ items, viewer, onRetry, older, empty, testId }: ChatThreadProps) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shown = useRef({ first: '', last: '', height: 0 });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const first = items[0] ? itemKey(items[0]) : '';
    const last = items.at(-1) ? itemKey(items.at(-1)!) : '';
    const before = shown.current;
    if (before.first && first !== before.first && last === before.last) {
      // Earlier messages were put on top: the ones being read stay where they were.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last && (atBottom.current || items.at(-1)?.from === viewer)) {
      element.scrollTop = element.scrollHeight;
    }
    shown.current = { first, last, height: element.scrollHeight };
  }, [items, viewer]);

  return (
    <div
      className="chat-thread"
      ref={box}
      data-testid={testId}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      }}
      aria-live="polite"
    >
      {older && (
        <button type="button" className="btn btn-ghost btn-sm chat-older" onClick={older.load} disabled={older.loading} data-testid="chat-older">
          {t('chat_older')}
        </button>
      )}
      {items.length === 0 && empty}
      {items.map((item) => {
        if (item.from === 'system') {
          const by = viewer === 'operator' && item.notice === 'closed' && item.operatorName ? ` · ${t('desk_closed_by', { name: item.operatorName })}` : '';
          return (
            <p key={itemKey(item)} className="chat-system" data-testid="chat-system" data-notice={item.notice ?? ''}>
              {t(item.notice === 'closed' ? 'chat_notice_closed' : 'chat_notice_away')}
              {by}
            </p>
          );
        }
        const mine = item.from === viewer;
        const who = item.from === 'member' ? (viewer === 'member' ? t('chat_you') : null) : (item.operatorName ?? t('chat_agent'));
        return (
          <div key={itemKey(item)} className={`chat-message ${mine ? 'chat-mine' : 'chat-theirs'}`} data-testid="chat-message" data-from={item.from} data-state={item.state}>
            <p className="chat-bubble">{item.text}</p>
            <div className="chat-meta">
              {who && <span>{who}</span>}
              {item.state === 'sent' && <time dateTime={item.at}>{timeOf(item.at, i18n.language)}</time>}
              {item.state === 'sending' && <span>{t('chat_sending')}</span>}
              {item.state === 'failed' && (
                <>
                  <span className="chat-failed" title={item.error}>
                    {t('chat_failed')}
                    {item.error ? `: ${item.error}` : ''}
                  </span>
                  <button type="button" className="chat-retry" onClick={() => onRetry(item)} data-testid="chat-retry">
                    {t('chat_retry')}
                  </button>
                </>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

interface ChatComposerProps {
  onSend: (text: string) => void;
  placeholder: string;
  disabled?: boolean;
  testId?: string;
}

/** The text box and its send button: Enter sends, Shift+Enter starts a new line; at most 1,000 characters. */
export function ChatComposer({ onSend, placeholder, disabled, testId = 'chat-composer' }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const left = CHAT_TEXT_MAX - text.length;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || disabled) return;
    onSend(trimmed);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form className="chat-composer" onSubmit={submit} data-testid={testId}>
      <div className="chat-input">
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={CHAT_TEXT_MAX}
          rows={1}
          disabled={disabled}
          data-testid={`${testId}-text`}
        />
        {left <= COUNTER_FROM && <span className="chat-counter">{t('chat_chars_left', { count: left })}</span>}
      </div>
      <button type="submit" className="btn btn-primary chat-send" disabled={disabled || text.trim() === ''} data-testid={`${testId}-send`}>
        {t('chat_send')}
      </button>
    </form>
  );
}
