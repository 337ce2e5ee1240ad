import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeEntry } from '@wps/contracts';
import { Modal } from '../Modal';
import { linkAction } from './linkage';
import { useFollowLink, useReducedMotion } from './hooks';
import { pageOf, POPUP_AUTOPLAY_MS, POPUP_SPEED_MS, POPUP_TITLES_PER_PAGE, titlesPageOf } from './popups';
import { RichText } from './RichText';

interface PublicModalProps {
  popups: readonly NoticeEntry[];
  /** Closed by the visitor: not shown again this session. */
  onClose: () => void;
  /** "Hide today": not shown again until tomorrow. */
  onHideToday: () => void;
}

/**
 * The announcement popup (publicModal, spec §2, §4, §9): the audience's popups as slides with image and rich text,
 * moving on every 5000 ms with a 1000 ms slide (held still under the pointer, with keyboard focus inside and with
 * reduced motion), a list of their titles seven per page to jump to one, "hide today" and close.
 */
export function PublicModal({ popups, onClose, onHideToday }: PublicModalProps) {
  const { t } = useTranslation();
  const follow = useFollowLink();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [titlesPage, setTitlesPage] = useState(1);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const count = popups.length;
  const opened = useRef(false);
  useEffect(() => {
    opened.current = true;
  }, []);
  const playing = count > 1 && !held.hover && !held.focus && !reducedMotion;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setIndex((at) => (at + 1) % count), POPUP_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, count]);

  // The titles list follows the slide shown.
  useEffect(() => setTitlesPage(titlesPageOf(index)), [index]);

  const titles = pageOf(popups, titlesPage, POPUP_TITLES_PER_PAGE);
  const firstOnPage = (titles.pageNo - 1) * POPUP_TITLES_PER_PAGE;

  return (
    <Modal title={t('content_popup_title')} onClose={onClose} testId="public-modal">
      <div
        className="popup-deck content-wide"
        data-playing={playing ? 'true' : 'false'}
        onMouseEnter={() => setHeld((state) => ({ ...state, hover: true }))}
        onMouseLeave={() => setHeld((state) => ({ ...state, hover: false }))}
        onFocus={() => {
          // The dialog puts the focus on its first button as it opens: that does not hold the slides.
          if (opened.current) setHeld((state) => ({ ...state, focus: true }));
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setHeld((state) => ({ ...state, focus: false }));
        }}
      >
        {count > 1 && (
          <nav className="popup-titles" aria-label={t('content_popup_titles')}>
            <ol data-testid="popup-titles">
              {titles.items.map((popup, offset) => {
                const at = firstOnPage + offset;
                return (
                  <li key={popup.id}>
                    <button
                      type="button"
                      className={`popup-title${at === index ? ' is-current' : ''}`}
                      aria-current={at === index ? 'true' : undefined}
                      data-testid={`popup-title-${popup.id}`}
                      onClick={() => setIndex(at)}
                    >
                      {popup.title}
                    </button>
                  </li>
                );
              })}
            </ol>
            {titles.totalPages > 1 && (
              <div className="popup-titles-pager">
                <button
                  type="button"
                  className="icon-button"
                  data-testid="popup-titles-prev"
                  aria-label={t('content_previous')}
                  disabled={titles.pageNo <= 1}
                  onClick={() => setTitlesPage(titles.pageNo - 1)}
                >
                  ‹
                </button>
                <span data-testid="popup-titles-page">
                  {titles.pageNo} / {titles.totalPages}
                </span>
                <button
                  type="button"
                  className="icon-button"
                  data-testid="popup-titles-next"
                  aria-label={t('content_next')}
                  disabled={titles.pageNo >= titles.totalPages}
                  onClick={() => setTitlesPage(titles.pageNo + 1)}
                >
                  ›
                </button>
              </div>
            )}
          </nav>
        )}
        <div className="popup-viewport">
          <div className="popup-track" style={{ transform: `translateX(-${index * 100}%)`, transition: reducedMotion ? 'none' : `transform ${POPUP_SPEED_MS}ms ease` }}>
            {popups.map((popup, at) => (
              <article
                key={popup.id}
                className="popup-slide"
                aria-roledescription="slide"
                aria-label={t('content_slide_of', { index: at + 1, count })}
                aria-hidden={at === index ? undefined : true}
                inert={at !== index}
                data-testid={`popup-slide-${popup.id}`}
                data-current={at === index ? 'true' : 'false'}
                data-execution={popup.execution ?? undefined}
              >
                {/* The first picture is what a visitor sees first: fetched ahead of the page's other pictures. */}
                {popup.url && <img className="popup-image" src={popup.url} alt="" loading={at === 0 ? 'eager' : 'lazy'} fetchPriority={at === 0 ? 'high' : 'auto'} />}
                <h3 className="popup-heading">{popup.title}</h3>
                <RichText html={popup.content} className="popup-text" />
                {linkAction(popup).kind !== 'none' && (
                  <button type="button" className="btn btn-outline btn-sm popup-more" onClick={() => follow(popup)}>
                    {t('content_more')}
                  </button>
                )}
              </article>
            ))}
          </div>
        </div>
      </div>
      <div className="dialog-actions popup-actions">
        <button type="button" className="btn btn-ghost" data-testid="public-modal-hide-today" onClick={onHideToday}>
          {t('content_hide_today')}
        </button>
        <button type="button" className="btn btn-primary" data-testid="public-modal-close" onClick={onClose}>
          {t('content_close')}
        </button>
      </div>
    </Modal>
  );
}
