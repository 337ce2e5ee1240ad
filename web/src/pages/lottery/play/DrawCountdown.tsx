import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawClock, formatDuration, type DrawPhase } from './board';

export interface CountdownDraw {
  drawNo: string;
  closesAt: string;
  drawAt: string;
  seedHash?: string;
}

/**
 * The open draw's countdown, on this browser's clock corrected by the server's offset (read with the game's state, so
 * the server is not asked again): time to the close and to the draw, "Betting closed" between the two, then "Drawing…"
 * until the result arrives. `onPhase` hears each change of phase (the slip stops taking bets at the close). `idPrefix`
 * names its test ids (`lp-countdown`, `lp-closes-in`, `lp-draws-in`), so a second countdown can stand beside the first.
 */
export function DrawCountdown({ draw, offsetMs, onPhase, idPrefix = 'lp' }: { draw: CountdownDraw; offsetMs: number; onPhase?: (phase: DrawPhase) => void; idPrefix?: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const clock = drawClock(now + offsetMs, draw.closesAt, draw.drawAt);
  useEffect(() => onPhase?.(clock.phase), [clock.phase, onPhase]);
  return (
    <div className={`lp-countdown is-${clock.phase}${idPrefix === 'lp' ? '' : ' is-secondary'}`} data-testid={`${idPrefix}-countdown`} data-phase={clock.phase}>
      <span className="lp-countdown-draw">{t('lp_draw', { drawNo: draw.drawNo })}</span>
      {clock.phase === 'open' ? (
        <span className="lp-countdown-cell">
          <span className="lp-muted">{t('lp_closes_in')}</span>
          <strong className="lp-clock" data-testid={`${idPrefix}-closes-in`}>
            {formatDuration(clock.toCloseMs)}
          </strong>
        </span>
      ) : (
        <strong className="lp-countdown-state" role="status">
          {t(clock.phase === 'closed' ? 'lp_betting_closed' : 'lp_drawing')}
        </strong>
      )}
      {clock.phase !== 'drawing' && (
        <span className="lp-countdown-cell">
          <span className="lp-muted">{t('lp_draws_in')}</span>
          <strong className="lp-clock" data-testid={`${idPrefix}-draws-in`}>
            {formatDuration(clock.toDrawMs)}
          </strong>
        </span>
      )}
      {draw.seedHash && (
        <span className="lp-hash" title={draw.seedHash}>
          {t('lp_seed_hash')}: <code>{draw.seedHash.slice(0, 12)}…</code>
        </span>
      )}
    </div>
  );
}
