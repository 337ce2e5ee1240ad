import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../state/preferences';
import { useSystem } from '../../state/system';
import { Modal } from '../Modal';
import { MegaphoneIcon } from '../Icons';
import { openNotices } from '../content/contentUi';
import { plainText } from '../content/RichText';
import { useContent } from '../content/useContent';
import { lobbyApi, type GameAnnouncement } from './lobbyApi';
import { marqueeDurationSeconds } from './marquee';
import { intlLocale } from '../../i18n/languages';

function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(intlLocale(language), { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A player notice on the strip, as one line of text. */
interface NoticeLine {
  id: string;
  title: string;
  content: string;
}

function Items({ notices, list, onOpen, copy }: { notices: readonly NoticeLine[]; list: readonly GameAnnouncement[]; onOpen: (entry: GameAnnouncement) => void; copy?: boolean }) {
  return (
    <>
      {notices.map((notice) => (
        <li key={`notice-${notice.id}`} className="marquee-item">
          <button type="button" className="marquee-link" data-testid={copy ? undefined : `notice-marquee-${notice.id}`} tabIndex={copy ? -1 : undefined} onClick={() => openNotices(notice.id)}>
            <span className="marquee-title">{notice.title}</span>
            <span className="marquee-text">{notice.content}</span>
          </button>
        </li>
      ))}
      {list.map((entry) => (
        <li key={entry.id} className="marquee-item">
          <button type="button" className="marquee-link" data-testid={copy ? undefined : `game-announcement-${entry.id}`} tabIndex={copy ? -1 : undefined} onClick={() => onOpen(entry)}>
            <span className="marquee-title">{entry.title}</span>
            <span className="marquee-text">{entry.content}</span>
          </button>
        </li>
      ))}
    </>
  );
}

/**
 * The notice marquee (spec §2 "Home: banner, notice marquee"): the brand's player notices, then its game
 * announcements (spec §7), in the interface language scroll by; hovering or focusing stops them, reduced motion shows
 * a still, scrollable row. A notice opens in the notice list, an announcement in a dialog with its full text. Nothing
 * is shown while there are none.
 */
export function GameAnnouncements() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { phase } = useSystem();
  const [list, setList] = useState<GameAnnouncement[]>([]);
  const [open, setOpen] = useState<GameAnnouncement | null>(null);
  const { content } = useContent();
  const notices = useMemo(() => content.player.map((notice) => ({ id: notice.id, title: notice.title, content: plainText(notice.content) })), [content.player]);

  useEffect(() => {
    if (phase !== 'ready') return;
    const controller = new AbortController();
    lobbyApi
      .announcements(controller.signal)
      .then((value) => {
        if (!controller.signal.aborted) setList(Array.isArray(value?.list) ? value.list : []);
      })
      .catch(() => {
        // The strip is an extra: without an answer the page simply has none.
        if (!controller.signal.aborted) setList([]);
      });
    return () => controller.abort();
  }, [phase, language]);

  if (notices.length === 0 && list.length === 0) return null;
  const style = { '--marquee-duration': `${marqueeDurationSeconds([...notices, ...list])}s` } as CSSProperties;
  return (
    <section className="marquee" aria-label={t('lobby_announcements')} data-testid="game-announcements">
      <span className="marquee-label" aria-hidden>
        <MegaphoneIcon />
      </span>
      <div className="marquee-viewport">
        <div className="marquee-track" style={style}>
          <ul className="marquee-list">
            <Items notices={notices} list={list} onOpen={setOpen} />
          </ul>
          {/* A second copy right behind the first makes the loop seamless; it is decoration only. */}
          <ul className="marquee-list marquee-copy" aria-hidden inert>
            <Items notices={notices} list={list} onOpen={setOpen} copy />
          </ul>
        </div>
      </div>
      {open && (
        <Modal title={open.title} onClose={() => setOpen(null)} testId="game-announcement-dialog" size="sm">
          <p className="dialog-text marquee-dialog-text" data-testid="game-announcement-content">
            {open.content}
          </p>
          <p className="marquee-dialog-date">{formatDate(open.at, language)}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" data-testid="game-announcement-close" onClick={() => setOpen(null)}>
              {t('in_increase_submit')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
