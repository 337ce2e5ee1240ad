import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MINES_TILES, minesMultiplier } from '@wps/contracts/fairness';
import { AmountInput, SoloFrame, useOutcomeText, usePlay } from '../solo/SoloParts';
import { houseApi, type HouseRound } from '../solo/houseApi';

/** Mines: 5×5 tiles, 1–24 mines fixed at the bet; reveal safe tiles and cash out before hitting one. */
export default function MinesGame() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('1.00');
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<HouseRound | null>(null);
  const { busy, error, played, run } = usePlay();
  const outcomeText = useOutcomeText();
  useEffect(() => {
    houseApi.minesActive().then(
      (active) => active && setRound(active),
      () => undefined,
    );
  }, []);
  const open = round?.state === 'open';
  const revealed = (round?.result.revealed as number[] | undefined) ?? [];
  const mineTiles = (round?.result.mines as number[] | undefined) ?? [];
  const count = Number(round?.params.mines ?? mines);
  const act = async (call: () => Promise<HouseRound>) => {
    const next = await run(call);
    if (next) setRound(next);
  };
  return (
    <SoloFrame game="house-mines" title={t('house_title_mines')} history={played}>
      <div className="house-board house-mines">
        <div className="house-mines-grid">
          {Array.from({ length: MINES_TILES }, (_, tile) => {
            const isMine = mineTiles.includes(tile);
            const shown = revealed.includes(tile);
            return (
              <button
                key={tile}
                type="button"
                data-testid={`mines-tile-${tile}`}
                aria-label={t('house_mines_tile', { n: tile + 1 })}
                className={`house-tile ${shown ? (isMine ? 'is-mine' : 'is-safe') : isMine ? 'is-mine-hidden' : ''}`}
                disabled={!open || shown || busy}
                onClick={() => round && void act(() => houseApi.minesReveal(round.roundId, tile))}
              >
                {shown ? (isMine ? '✹' : '◆') : isMine ? '✹' : ''}
              </button>
            );
          })}
        </div>
        {open ? (
          <div className="house-row">
            <span>
              {t('house_multiplier')}: {Number(round.multiplier).toFixed(4)}× · {t('house_next')}: {minesMultiplier(count, revealed.length + 1).toFixed(4)}×
            </span>
            <button type="button" className="house-play" disabled={busy || revealed.length === 0} onClick={() => void act(() => houseApi.minesCashout(round.roundId))}>
              {t('house_cash_out')}
            </button>
          </div>
        ) : (
          <>
            <label className="house-field">
              <span>{t('house_mines')}</span>
              <select value={mines} disabled={busy} onChange={(event) => setMines(Number(event.target.value))}>
                {Array.from({ length: 24 }, (_, index) => index + 1).map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            </label>
            <AmountInput value={amount} onChange={setAmount} disabled={busy} />
            <button type="button" className="house-play" data-testid="house-play" disabled={busy} onClick={() => void act(() => houseApi.minesStart({ amount, mines }))}>
              {t('house_start')}
            </button>
          </>
        )}
        {round && !open && round.state === 'settled' && (
          <p className="house-outcome" data-testid="house-outcome">
            {outcomeText(round)}
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
