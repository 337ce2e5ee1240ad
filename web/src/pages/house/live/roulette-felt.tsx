import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Spot, stakeOn, type LiveLayoutProps } from './LiveTable';
import { spotLabel } from './spot-label';

const REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const rouletteColor = (n: number) => (n === 0 ? 'green' : REDS.has(n) ? 'red' : 'black');

/** Where a number sits on the felt: column 0–11 left to right, row 0–2 top to bottom (3 on top, 1 at the bottom). */
const columnOf = (n: number) => Math.floor((n - 1) / 3);
const rowOf = (n: number) => 2 - ((n - 1) % 3);

/**
 * A hot spot on the lines of the number grid, at a point given as fractions of the grid (x: 0 = the zero's edge,
 * 1 = the right end; y: 0 = top, 1 = the bottom edge where streets and six-lines are placed).
 */
interface LineSpot {
  spot: string;
  x: number;
  y: number;
}

/** Every inside bet that sits on a line or a corner between numbers, per European rules. */
export function lineSpots(): LineSpot[] {
  const spots: LineSpot[] = [];
  for (let n = 1; n <= 36; n++) {
    const column = columnOf(n);
    const row = rowOf(n);
    if (n <= 33) spots.push({ spot: `split-${n}-${n + 3}`, x: (column + 1) / 12, y: (row + 0.5) / 3 });
    if (n % 3 !== 0) spots.push({ spot: `split-${n}-${n + 1}`, x: (column + 0.5) / 12, y: row / 3 });
    if (n % 3 !== 0 && n <= 32) spots.push({ spot: `corner-${n}`, x: (column + 1) / 12, y: row / 3 });
    if (n % 3 === 1) spots.push({ spot: `street-${n}`, x: (column + 0.5) / 12, y: 1 });
    if (n % 3 === 1 && n <= 31) spots.push({ spot: `line-${n}`, x: (column + 1) / 12, y: 1 });
  }
  spots.push(
    { spot: 'split-0-3', x: 0, y: 0.5 / 3 },
    { spot: 'split-0-2', x: 0, y: 1.5 / 3 },
    { spot: 'split-0-1', x: 0, y: 2.5 / 3 },
    { spot: 'trio-2', x: 0, y: 1 / 3 },
    { spot: 'trio-1', x: 0, y: 2 / 3 },
    { spot: 'first-four', x: 0, y: 1 },
  );
  return spots;
}
const LINE_SPOTS = lineSpots();

/** The felt's three rows, top to bottom: 3, 6 … 36; 2, 5 … 35; 1, 4 … 34. */
const NUMBERS = Array.from({ length: 36 }, (_, index) => index + 1);

function HotSpot({ spot, x, y, props }: LineSpot & { props: LiveLayoutProps }) {
  const { t } = useTranslation();
  const staked = stakeOn(props.myBets, spot);
  const won = props.myBets.some((bet) => bet.spot === spot && bet.status === 'won');
  const label = spotLabel(t, spot);
  const style = { '--x': x, '--y': y } as CSSProperties;
  return (
    <button
      type="button"
      className={`hl-hot ${staked ? 'has-bet' : ''} ${won ? 'is-won' : ''}`}
      style={style}
      data-testid={`live-spot-${spot}`}
      aria-label={staked ? `${label} · ${staked}` : label}
      title={label}
      disabled={!props.bettingOpen || props.busy}
      onClick={() => props.placeBet(spot)}
    >
      {staked ? <span className="hl-hot-chip">{staked}</span> : null}
    </button>
  );
}

/**
 * The full European felt: numbers and zero, the outside bets, and over the number grid the hot spots of the splits,
 * streets, corners, six-lines, the two trios and the first four, each a button with its own label.
 */
export function RouletteFelt(props: LiveLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="hl-felt hl-roulette">
      {/* The felt scrolls sideways on a phone: it takes keyboard focus so it scrolls without a pointer, bets open or not. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="hl-rf" tabIndex={0} role="group" aria-label={t('hl_title_roulette')}>
        <div className="hl-rf-board">
          <Spot spot="straight-0" label="0" props={props} className="is-green hl-rf-zero" />
          {NUMBERS.map((n) => (
            <Spot key={n} spot={`straight-${n}`} label={n} props={props} className={`is-${rouletteColor(n)} hl-rf-number`} style={{ gridColumn: columnOf(n) + 2, gridRow: rowOf(n) + 1 }} />
          ))}
          <div className="hl-rf-lines" role="group" aria-label={t('hl_inside_bets')}>
            {LINE_SPOTS.map((line) => (
              <HotSpot key={line.spot} {...line} props={props} />
            ))}
          </div>
        </div>
        <div className="hl-roulette-columns">
          {[3, 2, 1].map((column) => (
            <Spot key={column} spot={`column-${column}`} label="2:1" props={props} />
          ))}
        </div>
      </div>
      <div className="hl-roulette-outside">
        {[1, 2, 3].map((dozen) => (
          <Spot key={dozen} spot={`dozen-${dozen}`} label={t(`hl_dozen_${dozen}`)} props={props} />
        ))}
      </div>
      <div className="hl-roulette-outside">
        <Spot spot="low" label="1-18" props={props} />
        <Spot spot="even" label={t('hl_spot_even')} props={props} />
        <Spot spot="red" label={t('hl_spot_red')} props={props} className="is-red" />
        <Spot spot="black" label={t('hl_spot_black')} props={props} className="is-black" />
        <Spot spot="odd" label={t('hl_spot_odd')} props={props} />
        <Spot spot="high" label="19-36" props={props} />
      </div>
    </div>
  );
}
