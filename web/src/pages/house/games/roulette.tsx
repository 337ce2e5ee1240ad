import { useTranslation } from 'react-i18next';
import { LiveTable, Spot, type LiveLayoutProps } from '../live/LiveTable';

const REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const colorOf = (n: number) => (n === 0 ? 'green' : REDS.has(n) ? 'red' : 'black');
/** The felt's three rows, top to bottom: 3, 6 … 36; 2, 5 … 35; 1, 4 … 34. */
const ROWS = [3, 2, 1].map((start) => Array.from({ length: 12 }, (_, index) => start + index * 3));

function Felt(props: LiveLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="hl-felt hl-roulette">
      <div className="hl-roulette-numbers">
        <Spot spot="straight-0" label="0" props={props} className="is-green hl-zero" />
        <div className="hl-roulette-grid">
          {ROWS.map((row) => row.map((n) => <Spot key={n} spot={`straight-${n}`} label={n} props={props} className={`is-${colorOf(n)}`} />))}
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

function Pocket({ result, main }: { result: Record<string, unknown> | null; main: boolean }) {
  if (!result || typeof result.number !== 'number') return <span className="hl-pocket is-empty">?</span>;
  return (
    <span className={`hl-pocket is-${colorOf(result.number)}`} {...(main ? { 'data-testid': 'live-result-value' } : {})}>
      {result.number}
    </span>
  );
}

/** European roulette: one zero, straight-up to even-money bets. */
export default function RouletteGame() {
  const { t } = useTranslation();
  return <LiveTable tableId="roulette-1" title={t('hl_title_roulette')} layout={(props) => <Felt {...props} />} resultView={(result, round) => <Pocket result={result} main={round !== null} />} />;
}
