import { useTranslation } from 'react-i18next';
import { LiveTable } from '../live/LiveTable';
import { RouletteFelt, rouletteColor } from '../live/roulette-felt';

function Pocket({ result, main }: { result: Record<string, unknown> | null; main: boolean }) {
  if (!result || typeof result.number !== 'number') return <span className="hl-pocket is-empty">?</span>;
  return (
    <span className={`hl-pocket is-${rouletteColor(result.number)}`} {...(main ? { 'data-testid': 'live-result-value' } : {})}>
      {result.number}
    </span>
  );
}

/** European roulette: one zero, every bet of the felt from straight-up to the even chances. */
export default function RouletteGame() {
  const { t } = useTranslation();
  return (
    <LiveTable tableId="roulette-1" title={t('hl_title_roulette')} layout={(props) => <RouletteFelt {...props} />} resultView={(result, round) => <Pocket result={result} main={round !== null} />} />
  );
}
