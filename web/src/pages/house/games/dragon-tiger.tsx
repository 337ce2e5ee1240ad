import { useTranslation } from 'react-i18next';
import { Card, LiveTable, Spot, type LiveLayoutProps } from '../live/LiveTable';
import { SidesResult } from '../live/SidesResult';

function Felt(props: LiveLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="hl-felt hl-row-spots">
      <Spot spot="dragon" label={t('hl_spot_dragon')} sub="1:1" props={props} className="is-red" />
      <Spot spot="tie" label={t('hl_spot_tie')} sub="8:1" props={props} className="is-green" />
      <Spot spot="tiger" label={t('hl_spot_tiger')} sub="1:1" props={props} className="is-blue" />
    </div>
  );
}

function Draw({ result, full }: { result: Record<string, unknown> | null; full: boolean }) {
  const { t } = useTranslation();
  return (
    <SidesResult
      result={result}
      full={full}
      sides={(shown) => [
        { label: t('hl_spot_dragon'), cards: <Card card={String(shown.dragon)} /> },
        { label: t('hl_spot_tiger'), cards: <Card card={String(shown.tiger)} /> },
      ]}
    />
  );
}

/** Dragon tiger: one card each, the higher wins; a tie pays 8:1 and halves the dragon and tiger bets. */
export default function DragonTigerGame() {
  const { t } = useTranslation();
  return (
    <LiveTable tableId="dragon-tiger-1" title={t('hl_title_dragon_tiger')} layout={(props) => <Felt {...props} />} resultView={(result, round) => <Draw result={result} full={round !== null} />} />
  );
}
