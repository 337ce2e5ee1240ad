import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../state/AppState';
import { formatAmount } from '../../money';
import { lobbyApi, type JackpotValue, type Winner } from './lobbyApi';
import { sortWinners, WINNER_LIMIT } from './rules';

/** The jackpot ticker: the pool's real amount from the server, replaced by each `jackpot` push; nothing invented between pushes. */
export function JackpotTicker() {
  const { t } = useTranslation();
  const { subscribeLive } = useAppState();
  const [jackpot, setJackpot] = useState<JackpotValue | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lobbyApi
      .jackpot(controller.signal)
      .then((value) => setJackpot(value))
      .catch(() => undefined);
    const unsubscribe = subscribeLive('jackpot', (data) => {
      if (!data || typeof data !== 'object') return;
      const push = data as Partial<JackpotValue>;
      if (typeof push.amount !== 'string') return;
      setJackpot((current) => ({ ...current, amount: push.amount as string, currency: push.currency ?? current?.currency ?? '' }));
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [subscribeLive]);

  return (
    <section className="lobby-jackpot" aria-labelledby="jackpot-title" data-testid="jackpot">
      <h2 id="jackpot-title">{t('lobby_jackpot')}</h2>
      <p className="lobby-jackpot-amount" aria-live="polite">
        {jackpot ? (
          <>
            <span className="lobby-jackpot-currency">{jackpot.currency}</span>{' '}
            <span data-testid="jackpot-amount">{formatAmount(jackpot.amount)}</span>
          </>
        ) : (
          <span data-testid="jackpot-amount">—</span>
        )}
      </p>
    </section>
  );
}

function isWinner(value: unknown): value is Winner {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<Winner>;
  return typeof entry.customerName === 'string' && typeof entry.winAmount === 'string';
}

/** The winner board: settled wins of the brand, largest first, replaced by each `winners` push. */
export function WinnerBoard() {
  const { t } = useTranslation();
  const { subscribeLive, language } = useAppState();
  const [winners, setWinners] = useState<Winner[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lobbyApi
      .winners(controller.signal)
      .then((value) => setWinners(sortWinners((value.list ?? []).filter(isWinner), WINNER_LIMIT)))
      .catch(() => setWinners((current) => current ?? []));
    const unsubscribe = subscribeLive('winners', (data) => {
      // The push carries the board per language (game names differ); `list` is the brand's default one.
      const push = data && typeof data === 'object' ? (data as { list?: unknown; lists?: Record<string, unknown> }) : null;
      const list = Array.isArray(data) ? data : (push?.lists?.[language] ?? push?.list);
      if (!Array.isArray(list)) return;
      setWinners(sortWinners(list.filter(isWinner), WINNER_LIMIT));
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [subscribeLive, language]);

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
