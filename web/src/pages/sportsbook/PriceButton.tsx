import { useEffect, useRef, useState } from 'react';

/** How long a moved price stays green (up) or red (down). */
const FLASH_MS = 1_600;

export interface PriceButtonProps {
  /** What the price is for: "1", "O 2.5", a team's name. */
  label: string;
  /** The price in thousandths. */
  price: number;
  /** The price as the player's odds format shows it. */
  priceText: string;
  /** On the slip. */
  selected: boolean;
  /** Suspended, or the outcome is not offered: shown with a lock, not pickable. */
  locked: boolean;
  /** The accessible name: the event, the market and the outcome. */
  title: string;
  /** Label and price side by side (event page) rather than stacked (lists). */
  wide?: boolean;
  eventId: string;
  market: string;
  outcome: string;
  onPick: () => void;
}

/** One price to pick. A price that moves flashes green when it rose and red when it fell. */
export function PriceButton({ label, price, priceText, selected, locked, title, wide = false, eventId, market, outcome, onPick }: PriceButtonProps) {
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  const previous = useRef(price);
  useEffect(() => {
    if (previous.current === price) return;
    setMove(price > previous.current ? 'up' : 'down');
    previous.current = price;
    const timer = window.setTimeout(() => setMove(null), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [price]);

  const classes = ['sb-price'];
  if (wide) classes.push('is-wide');
  if (selected) classes.push('is-on');
  if (locked) classes.push('is-locked');
  if (move) classes.push(`is-${move}`);
  return (
    <button
      type="button"
      className={classes.join(' ')}
      data-testid="sb-price"
      data-event={eventId}
      data-market={market}
      data-outcome={outcome}
      data-locked={locked ? 'true' : 'false'}
      data-move={move ?? undefined}
      aria-pressed={selected}
      title={title}
      disabled={locked}
      onClick={onPick}
    >
      <span className="sb-price-label">{label}</span>
      {locked ? (
        <span className="sb-price-value sb-lock" aria-hidden="true">
          <LockIcon />
        </span>
      ) : (
        <span className="sb-price-value">
          {priceText}
          {move && (
            <span className="sb-move" aria-hidden="true">
              {move === 'up' ? '▲' : '▼'}
            </span>
          )}
        </span>
      )}
    </button>
  );
}

export function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
