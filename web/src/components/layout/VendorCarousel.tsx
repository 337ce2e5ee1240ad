import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { vendorLink } from '../lobby/rules';
import type { VendorCard } from '../lobby/lobbyApi';

/** Spec §9 "Footer carousel": 16 logos per view, a 3000 ms pause between moves, each move taking 2000 ms. */
export const CAROUSEL_PER_VIEW = 16;
export const CAROUSEL_DELAY_MS = 3_000;
export const CAROUSEL_SPEED_MS = 2_000;
/** Narrower screens show fewer logos, each at least this wide. */
const MIN_SLIDE_PX = 76;

/** How many logos fit a row this wide: 16 on desktop, fewer (at least 3) on smaller screens. */
export function logosPerView(width: number): number {
  return Math.max(3, Math.min(CAROUSEL_PER_VIEW, Math.floor(width / MIN_SLIDE_PX)));
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeMotion(listener: () => void): () => void {
  const media = window.matchMedia(REDUCED_MOTION);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}
const useReducedMotion = () => useSyncExternalStore(subscribeMotion, () => window.matchMedia(REDUCED_MOTION).matches);

function VendorLogo({ vendor, copy }: { vendor: VendorCard; copy: boolean }) {
  const [broken, setBroken] = useState(false);
  return (
    <Link to={vendorLink(vendor.gameType, vendor.vassalage)} className="vendor-slide" title={vendor.displayName} data-testid={copy ? undefined : 'footer-vendor'} tabIndex={copy ? -1 : undefined}>
      {vendor.lagerIcon && !broken ? (
        <img src={vendor.lagerIcon} alt={vendor.displayName} loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span className="vendor-text-logo" aria-label={vendor.displayName}>
          {vendor.displayName}
        </span>
      )}
    </Link>
  );
}

/**
 * The footer's vendor logos, moving one logo at a time in a loop (the first logos repeat after the last, as copies
 * hidden from assistive technology). It holds still while the pointer or focus is on it,
 * and for visitors who asked for less motion (they can scroll it instead).
 */
export function VendorCarousel({ vendors }: { vendors: readonly VendorCard[] }) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  // Measured once laid out; until then, from the window's width.
  const [perView, setPerView] = useState(() => logosPerView(window.innerWidth));
  const [index, setIndex] = useState(0);
  const [sliding, setSliding] = useState(false);
  const [held, setHeld] = useState(false);
  const reducedMotion = useReducedMotion();
  const count = vendors.length;
  const moving = count > perView && !held && !reducedMotion;

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setPerView(logosPerView(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Wait, then move one logo.
  useEffect(() => {
    if (!moving || sliding) return;
    const timer = window.setTimeout(() => {
      setSliding(true);
      setIndex((current) => current + 1);
    }, CAROUSEL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [moving, sliding, index]);

  // The move ends; past the last logo the row is back at its start (the copies after it look the same), without motion.
  useEffect(() => {
    if (!sliding) return;
    const timer = window.setTimeout(() => {
      setSliding(false);
      setIndex((current) => (current >= count ? 0 : current));
    }, CAROUSEL_SPEED_MS);
    return () => window.clearTimeout(timer);
  }, [sliding, count]);

  if (count === 0) return null;
  const loops = count > perView && !reducedMotion;
  const slides = loops ? [...vendors, ...vendors.slice(0, perView)] : vendors;

  return (
    <div
      className={`vendor-carousel${reducedMotion ? ' is-still' : ''}`}
      data-testid="footer-carousel"
      data-index={index}
      data-per-view={perView}
      data-moving={moving ? 'true' : 'false'}
      aria-label={t('layout_footer_vendors')}
      role="region"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="vendor-viewport" ref={viewport}>
        <div
          className="vendor-track"
          style={{
            ['--per-view' as string]: perView,
            transform: `translateX(-${(index * 100) / perView}%)`,
            transition: sliding ? `transform ${CAROUSEL_SPEED_MS}ms ease-in-out` : 'none',
          }}
        >
          {slides.map((vendor, position) => (
            <div key={`${vendor.vassalage}-${position}`} className="vendor-cell" aria-hidden={position >= count ? true : undefined}>
              <VendorLogo vendor={vendor} copy={position >= count} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
