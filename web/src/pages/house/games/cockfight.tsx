import { useTranslation } from 'react-i18next';
import { LiveTable, Spot, type LiveLayoutProps } from '../live/LiveTable';

function Felt(props: LiveLayoutProps) {
  const { t } = useTranslation();
  const odds = props.round?.odds;
  return (
    <div className="hl-felt hl-row-spots">
      <Spot spot="meron" label={t('hl_spot_meron')} sub={odds ? `${odds.meron}` : '-'} props={props} className="is-red" />
      <Spot spot="draw" label={t('hl_spot_draw')} sub={odds ? `${odds.draw}` : '-'} props={props} className="is-green" />
      <Spot spot="wala" label={t('hl_spot_wala')} sub={odds ? `${odds.wala}` : '-'} props={props} className="is-blue" />
    </div>
  );
}

function Winner({ result, full }: { result: Record<string, unknown> | null; full: boolean }) {
  const { t } = useTranslation();
  if (!result) return <span className="hl-pocket is-empty">?</span>;
  const winner = String(result.winner);
  return (
    <span className={`hl-badge is-${winner}`} {...(full ? { 'data-testid': 'live-result-value' } : {})}>
      {full ? t(`hl_wins_${winner}`) : t(`hl_short_${winner}`)}
    </span>
  );
}

/** Cockfight: a fight on a schedule, meron / wala at the odds published for it, draw 8:1 (meron and wala refunded). */
export default function CockfightGame() {
  const { t } = useTranslation();
  return <LiveTable tableId="cockfight-1" title={t('hl_title_cockfight')} layout={(props) => <Felt {...props} />} resultView={(result, round) => <Winner result={result} full={round !== null} />} />;
}
