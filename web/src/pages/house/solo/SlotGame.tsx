import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLOT_GAMES } from '@wps/contracts/fairness';
import { AmountInput, SoloFrame, useOutcomeText, usePlay } from './SoloParts';
import { houseApi, type HouseRound } from './houseApi';
import { FreeRounds, freeRoundsApi } from './FreeRounds';
import './slotGame.css';

interface SpinView {
  grid: string[][];
  lineWins: Array<{ line: number; symbol: string; count: number; pays: number }>;
  scatters: number;
  win: number;
}

const SYMBOL_FACES: Record<string, string> = {
  WILD: '★',
  SCATTER: '◎',
  PHARAOH: '👑',
  SCARAB: '🐞',
  ANKH: '☥',
  EYE: '👁',
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
  SEVEN: '7',
  BELL: '🔔',
  MELON: '🍉',
  GRAPE: '🍇',
  PLUM: '🫐',
  ORANGE: '🍊',
  LEMON: '🍋',
  CHERRY: '🍒',
};

/**
 * A 5×3 video slot: paylines, wilds, scatters and free spins, with its published paytable and return. Free rounds a
 * promotion gave on this slot are played from their panel above the reels, shown on the reels like a paid spin.
 */
export function SlotGame({ game, title }: { game: string; title: string }) {
  const { t } = useTranslation();
  const definition = SLOT_GAMES[game]!;
  const [amount, setAmount] = useState('1.00');
  /** The round on the reels, and whether it was a free round. */
  const [shown, setShown] = useState<{ round: HouseRound; free: boolean } | null>(null);
  const [rtp, setRtp] = useState<number | null>(null);
  const [spinning, setSpinning] = useState(false);
  const { busy, error, played, run } = usePlay();
  const outcomeText = useOutcomeText();
  useEffect(() => {
    houseApi.rules<{ rtp: number }>(game).then(
      (rules) => setRtp(rules.rtp),
      () => setRtp(null),
    );
  }, [game]);
  /** Plays a round on the reels: they blur while it is played, then show its grid and outcome. */
  const show = async <T,>(play: () => Promise<T>, view: (answer: T) => { round: HouseRound; free: boolean }): Promise<T | null> => {
    setSpinning(true);
    const answer = await run(play);
    setTimeout(() => setSpinning(false), 300);
    if (answer) setShown(view(answer));
    return answer;
  };
  const spin = () =>
    show(
      () => houseApi.slot({ game, amount }),
      (round) => ({ round, free: false }),
    );
  const freeSpin = (grantId: string) =>
    show(
      () => freeRoundsApi.spin(grantId),
      ({ round }) => ({ round, free: true }),
    );
  const round = shown?.round ?? null;
  const free = shown?.free ?? false;
  const base = round?.result.base as SpinView | undefined;
  const freeSpins = (round?.result.freeSpins as SpinView[] | undefined) ?? [];
  const grid = base?.grid ?? [0, 1, 2].map((row) => definition.reels.map((reel) => reel[row]!));
  return (
    <SoloFrame game={game} title={title} history={played}>
      <FreeRounds game={game} busy={busy} play={freeSpin} />
      <div className="house-board house-slot">
        <div className={`house-reels ${spinning ? 'is-spinning' : ''}`} data-testid="slot-reels">
          {grid.map((row, rowIndex) => (
            <div key={rowIndex} className="house-reel-row">
              {row.map((symbol, reel) => (
                <span key={reel} className={`house-symbol is-${symbol.toLowerCase()}`} title={symbol}>
                  {SYMBOL_FACES[symbol] ?? symbol}
                </span>
              ))}
            </div>
          ))}
        </div>
        {base && (
          <p className="house-muted">
            {base.lineWins.map((win) => `${t('house_line')} ${win.line + 1}: ${win.count}× ${win.symbol}`).join(' · ') || t('house_no_line_wins')}
            {freeSpins.length > 0 && ` · ${t('house_free_spins_won', { count: freeSpins.length, multiplier: definition.freeSpinMultiplier })}`}
          </p>
        )}
        <AmountInput value={amount} onChange={setAmount} disabled={busy} />
        <button type="button" className="house-play" data-testid="house-play" disabled={busy} onClick={() => void spin()}>
          {t('house_spin')}
        </button>
        {round && (
          <p className="house-outcome" data-testid="house-outcome" data-free={free || undefined}>
            {free ? (/[1-9]/.test(round.win) ? t('house_free_round_won', { amount: round.win }) : t('house_free_round_no_win')) : outcomeText(round)}
          </p>
        )}
        {error && (
          <p className="house-error" role="alert">
            {error}
          </p>
        )}
        <details className="house-paytable">
          <summary>
            {t('house_paytable')} · RTP {rtp !== null ? `${(rtp * 100).toFixed(2)} %` : '…'}
          </summary>
          <p className="house-muted">{t('house_slot_rules', { lines: definition.lines.length, spins: definition.freeSpins, multiplier: definition.freeSpinMultiplier })}</p>
          <table>
            <thead>
              <tr>
                <th />
                <th>3</th>
                <th>4</th>
                <th>5</th>
              </tr>
            </thead>
            <tbody>
              {definition.symbols.map((symbol) => (
                <tr key={symbol.id}>
                  <td>
                    {SYMBOL_FACES[symbol.id] ?? symbol.id} {symbol.kind ? t(`house_${symbol.kind}`) : symbol.id}
                  </td>
                  {symbol.pays.map((pays, index) => (
                    <td key={index}>{pays}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </SoloFrame>
  );
}
