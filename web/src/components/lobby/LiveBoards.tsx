import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../state/AppState';
import { live } from '../../live/connection';
import { formatAmount } from '../../money';
import { lobbyApi, type JackpotValue, type Winner } from './lobbyApi';
import { sortWinners, WINNER_LIMIT } from './rules';

/** The jackpot ticker: the pool's real amount from the server, replaced by each `jackpot` push; nothing invented between pushes. */
export function JackpotTicker() {
  const { t } = useTranslation();
  const [jackpot, setJackpot] = useState<JackpotValue | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lobbyApi
      .jackpot(controller.signal)
      .then((value) => setJackpot(value))
      .catch(() => undefined);
    const unsubscribe = live.subscribe('jackpot', (push) => {
      setJackpot((current) => ({ amountMinor: '', ...current, amount: push.amount, currency: push.currency || current?.currency || '' }));
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, []);

  return (
    <section className="lobby-jackpot" aria-labelledby="jackpot-title" data-testid="jackpot">
      <h2 id="jackpot-title">{t('lobby_jackpot')}</h2>
      <p className="lobby-jackpot-amount" aria-live="polite">
        {jackpot ? (
          <>
            <span className="lobby-jackpot-currency">{jackpot.currency}</span> <span data-testid="jackpot-amount">{formatAmount(jackpot.amount)}</span>
          </>
        ) : (
          <span data-testid="jackpot-amount">—</span>
        )}
      </p>
    </section>
  );
}

/** The winner board: settled wins of the brand, largest first, replaced by each `winners` push. */
export function WinnerBoard() {
  const { t } = useTranslation();
  const { language } = useAppState();
  const [winners, setWinners] = useState<Winner[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lobbyApi
      .winners(controller.signal)
      .then((value) => setWinners(sortWinners(value.list, WINNER_LIMIT)))
      .catch(() => setWinners((current) => current ?? []));
    const unsubscribe = live.subscribe('winners', (push) => {
      // The push carries the board per language (game names differ); `list` is the brand's default one.
      setWinners(sortWinners(push.lists[language] ?? push.list, WINNER_LIMIT));
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [language]);

  return (
    <section className="lobby-winners" aria-labelledby="winners-title" data-testid="winner-board">
      <h2 id="winners-title">{t('lobby_winners')}</h2>
      {winners && winners.length === 0 && <p className="lobby-empty">{t('lobby_no_winners')}</p>}
      <ol className="lobby-winner-list">
        {(winners ?? []).map((winner, index) => (
          <li key={`${winner.customerName}-${winner.vo?.at ?? index}-${index}`} className="lobby-winner" data-testid="winner-row">
            {winner.iconUrl ? <img src={winner.iconUrl} alt="" aria-hidden className="lobby-winner-icon" /> : <span className="lobby-winner-icon" aria-hidden />}
            <span className="lobby-winner-name" data-testid="winner-name">
              {winner.customerName}
            </span>
            <span className="lobby-winner-game">{winner.gameName}</span>
            <span className="lobby-winner-amount" data-testid="winner-amount">
              {winner.currency ? `${winner.currency} ` : ''}
              {formatAmount(winner.winAmount)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
