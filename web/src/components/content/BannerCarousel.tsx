import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerGroup, NoticeEntry } from '@wps/contracts';
import { linkAction } from './linkage';
import { useFollowLink, usePhone, useReducedMotion } from './hooks';
import { useBanners } from './useContent';
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_SPEED_MS,
  loops,
  positionOf,
  settledPosition,
  slideAt,
  slideWidthPercent,
  SLIDES_PER_VIEW,
  SLIDES_PER_VIEW_PHONE,
  stepPosition,
  SWIPE_MIN_PX,
  trackOffsetPercent,
  trackSlides,
} from './carousel';

interface CarouselProps {
  banners: readonly NoticeEntry[];
  group: BannerGroup;
  /** Slides per view on wide screens and on phones. */
  perView: number;
  phonePerView: number;
  className?: string;
}

function Carousel({ banners, group, perView, phonePerView, className }: CarouselProps) {
  const { t } = useTranslation();
  const follow = useFollowLink();
  const phone = usePhone();
  const reducedMotion = useReducedMotion();
  const count = banners.length;
  const view = phone ? phonePerView : perView;
  const [position, setPosition] = useState(() => positionOf(0, count));
  const [animated, setAnimated] = useState(true);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const [drag, setDrag] = useState<{ startX: number; dx: number } | null>(null);
  const swiped = useRef(false);
  const speed = reducedMotion ? 0 : CAROUSEL_SPEED_MS;
  const current = slideAt(position, count);

  // Another list of banners starts again at the first.
  useEffect(() => {
    setAnimated(false);
    setPosition(positionOf(0, count));
  }, [count]);

  // Autoplay: only a looping carousel, not while held by the pointer, the keyboard or a finger, nor with reduced motion.
  const playing = loops(count) && !held.hover && !held.focus && drag === null && !reducedMotion;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => {
      setAnimated(true);
      setPosition((at) => stepPosition(at, 1, count));
    }, CAROUSEL_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, position, count]);

  // After sliding onto a copy, jump without animation to the same slide among the real ones.
  useEffect(() => {
    const settled = settledPosition(position, count);
    if (settled === position) return;
    const timer = window.setTimeout(() => {
      setAnimated(false);
      setPosition(settled);
    }, speed);
    return () => window.clearTimeout(timer);
  }, [position, count, speed]);

  // A jump is painted before transitions are back on.
  useEffect(() => {
    if (animated) return;
    let frame = window.requestAnimationFrame(() => {
      frame = window.requestAnimationFrame(() => setAnimated(true));
    });
    return () => window.cancelAnimationFrame(frame);
  }, [animated]);

  const go = (step: number) => {
    setAnimated(true);
    setPosition((at) => stepPosition(settledPosition(at, count), step, count));
  };
  const goTo = (index: number) => {
    setAnimated(true);
    setPosition(positionOf(index, count));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    swiped.current = false;
    setDrag({ startX: event.clientX, dx: 0 });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ startX: drag.startX, dx: event.clientX - drag.startX });
  };
  const direction = document.documentElement.dir === 'rtl' ? -1 : 1;
  const endDrag = () => {
    if (!drag) return;
    if (Math.abs(drag.dx) >= SWIPE_MIN_PX) {
      swiped.current = true;
      // Towards the reading direction's start is "next": left in a left-to-right page, right in a right-to-left one.
      go(drag.dx * direction < 0 ? 1 : -1);
    }
    setDrag(null);
  };

  const slides = trackSlides(banners);
  const width = slideWidthPercent(count, view);
  const offset = trackOffsetPercent(position, count, view);
  const trackStyle: CSSProperties = {
    // Right to left, the slides line up from the right edge, so the track moves the other way.
    transform: `translateX(calc(${offset * direction}% + ${drag?.dx ?? 0}px))`,
    // A press alone leaves a sliding track alone, so a tap lands on the banner it started on; a drag follows the finger.
    transition: animated && (drag === null || drag.dx === 0) ? `transform ${speed}ms ease` : 'none',
  };

  return (
    <section
      className={`banner-carousel${className ? ` ${className}` : ''}${loops(count) ? ' is-looping' : ''}`}
      aria-roledescription="carousel"
      aria-label={t('content_banners')}
      data-testid={`banner-carousel-${group}`}
      data-playing={playing ? 'true' : 'false'}
      onMouseEnter={() => setHeld((state) => ({ ...state, hover: true }))}
      onMouseLeave={() => setHeld((state) => ({ ...state, hover: false }))}
      onFocus={() => setHeld((state) => ({ ...state, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld((state) => ({ ...state, focus: false }));
      }}
    >
      <div className="banner-viewport" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={endDrag} onPointerCancel={endDrag} onPointerLeave={endDrag}>
        <div className="banner-track" style={trackStyle}>
          {slides.map(({ index, item: banner }, at) => {
            // Copies sit outside the real range: hidden from assistive technology and the keyboard.
            const real = at === positionOf(index, count);
            const linked = linkAction(banner).kind !== 'none';
            const image = banner.url ? (
              <img src={banner.url} alt={banner.title} draggable={false} loading={index === 0 ? 'eager' : 'lazy'} fetchPriority={index === 0 ? 'high' : 'auto'} />
            ) : (
              <span className="banner-title">{banner.title}</span>
            );
            return (
              <div
                key={at}
                className={`banner-slide${at === position ? ' is-current' : ''}`}
                style={{ flexBasis: `${width}%` }}
                role={real ? 'group' : undefined}
                aria-roledescription={real ? 'slide' : undefined}
                aria-label={real ? t('content_slide_of', { index: index + 1, count }) : undefined}
                aria-hidden={real ? undefined : true}
                inert={!real}
                data-testid={real ? `banner-${banner.id}` : undefined}
              >
                {linked ? (
                  <button
                    type="button"
                    className="banner-link"
                    data-testid={real ? `banner-link-${banner.id}` : undefined}
                    onClick={() => {
                      if (swiped.current) return;
                      follow(banner);
                    }}
                  >
                    {image}
                  </button>
                ) : (
                  image
                )}
              </div>
            );
          })}
        </div>
      </div>
      {loops(count) && (
        <>
          <button type="button" className="banner-arrow banner-prev" aria-label={t('content_previous')} onClick={() => go(-1)}>
            ‹
          </button>
          <button type="button" className="banner-arrow banner-next" aria-label={t('content_next')} onClick={() => go(1)}>
            ›
          </button>
          <div className="banner-dots">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={`banner-dot${index === current ? ' is-current' : ''}`}
                aria-label={t('content_go_to_slide', { index: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                data-testid={`banner-dot-${index}`}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

interface BannerCarouselProps {
  group: BannerGroup;
  perView?: number;
  phonePerView?: number;
  className?: string;
}

/**
 * The banners of a group as a carousel (spec §4, §9): slides per view with the neighbours peeking in, autoplay every
 * 5000 ms with a 1000 ms slide, looping and autoplaying only with more than one banner; held still under the pointer,
 * with keyboard focus inside and with reduced motion; dots, arrows and swipe. A click follows the banner's link.
 * Nothing is shown for a group without banners.
 */
export function BannerCarousel({ group, perView = SLIDES_PER_VIEW, phonePerView = SLIDES_PER_VIEW_PHONE, className }: BannerCarouselProps) {
  const banners = useBanners(group);
  if (banners.length === 0) return null;
  return <Carousel banners={banners} group={group} perView={perView} phonePerView={phonePerView} className={className} />;
}

/** A group's banners one at a time, for narrow places: the side menu (w_leftmenu). */
export function BannerSlot({ group }: { group: BannerGroup }) {
  return <BannerCarousel group={group} perView={1} phonePerView={1} className="banner-slot" />;
}

/** The banner of a sign-in, registration or password modal (w_login, w_reg, w_forget). */
export function ModalBanner({ group }: { group: Extract<BannerGroup, 'w_login' | 'w_reg' | 'w_forget'> }) {
  return <BannerCarousel group={group} perView={1} phonePerView={1} className="modal-banner" />;
}
