import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diceMultiplier, diceWinningRolls } from '@wps/contracts/fairness';
import { AmountInput, SoloFrame, usePlay } from '../solo/SoloParts';
import { houseApi, type HouseRound } from '../solo/houseApi';

/** Dice: roll 0.00–99.99 over or under a target; the payout is 99 % over the chance. */
export default function DiceGame() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('1.00');
  const [direction, setDirection] = useState<'over' | 'under'>('under');
  const [target, setTarget] = useState(50);
  const [last, setLast] = useState<HouseRound | null>(null);
  const { busy, error, played, run } = usePlay();
  const hundredths = Math.round(target * 100);
  const chance = diceWinningRolls(direction, hundredths) / 100;
  const payout = chance > 0 ? diceMultiplier(direction, hundredths) : 0;
  const roll = async () => {
    const round = await run(() => houseApi.dice({ amount, direction, target: target.toFixed(2) }));
    if (round) setLast(round);
  };
  const result = last?.result as { roll?: string; won?: boolean } | undefined;
  return (
    <SoloFrame game="house-dice" title={t('house_title_dice')} history={played}>
      <div className="house-board house-dice">
        <div className={`house-dice-roll ${result ? (result.won ? 'is-win' : 'is-loss') : ''}`} data-testid="dice-roll">
          {result?.roll ?? '––.––'}
        </div>
        <input type="range" min={2} max={97} step={0.5} value={target} aria-label={t('house_target')} onChange={(event) => setTarget(Number(event.target.value))} />
        <div className="house-row">
          <button type="button" className={direction === 'under' ? 'is-active' : ''} onClick={() => setDirection('under')}>
            {t('house_roll_under')} {target.toFixed(2)}
          </button>
          <button type="button" className={direction === 'over' ? 'is-active' : ''} onClick={() => setDirection('over')}>
            {t('house_roll_over')} {target.toFixed(2)}
          </button>
        </div>
        <p className="house-muted">
          {t('house_chance')}: {chance.toFixed(2)} % · {t('house_payout')}: {payout.toFixed(4)}×
        </p>
        <AmountInput value={amount} onChange={setAmount} disabled={busy} />
        <button type="button" className="house-play" data-testid="house-play" disabled={busy} onClick={() => void roll()}>
          {t('house_roll')}
        </button>
        {last && (
          <p className="house-outcome" data-testid="house-outcome">
            {result?.won ? t('house_you_won', { amount: last.win }) : t('house_you_lost')}
          </p>
        )}
        {error && (
          <p className="house-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </SoloFrame>
  );
}
