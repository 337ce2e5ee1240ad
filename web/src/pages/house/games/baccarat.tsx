import { useTranslation } from 'react-i18next';
import { Card, LiveTable, Spot, type LiveLayoutProps } from '../live/LiveTable';
import { SidesResult } from '../live/SidesResult';

function Felt(props: LiveLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="hl-felt hl-row-spots">
      <Spot spot="player-pair" label={t('hl_spot_player-pair')} sub="11:1" props={props} />
      <Spot spot="player" label={t('hl_spot_player')} sub="1:1" props={props} className="is-blue" />
      <Spot spot="tie" label={t('hl_spot_tie')} sub="8:1" props={props} className="is-green" />
      <Spot spot="banker" label={t('hl_spot_banker')} sub="0.95:1" props={props} className="is-red" />
      <Spot spot="banker-pair" label={t('hl_spot_banker-pair')} sub="11:1" props={props} />
    </div>
  );
}

function Hands({ result, full }: { result: Record<string, unknown> | null; full: boolean }) {
  const { t } = useTranslation();
  const hand = (cards: unknown) => (
    <div>
      {(cards as string[]).map((card) => (
        <Card key={card} card={card} />
      ))}
    </div>
  );
  return (
    <SidesResult
      result={result}
      full={full}
      sides={(shown) => [
        { label: `${t('hl_spot_player')} ${String(shown.playerTotal)}`, cards: hand(shown.player) },
        { label: `${t('hl_spot_banker')} ${String(shown.bankerTotal)}`, cards: hand(shown.banker) },
      ]}
    />
  );
}

/** Punto banco: player, banker (5 % commission), tie and the pairs. */
export default function BaccaratGame() {
  const { t } = useTranslation();
  return <LiveTable tableId="baccarat-1" title={t('hl_title_baccarat')} layout={(props) => <Felt {...props} />} resultView={(result, round) => <Hands result={result} full={round !== null} />} />;
}
