import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCases } from '../../useCases';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../state/preferences';
import { live } from '../../live/connection';
import { pushedQuery, readAgainAfterPush, readAgainOnConnect, setPushed, type Pushed } from '../../state/freshness';
import { queryKeys } from '../../state/queries';
import { formatAmount } from '../../money';
import { lobbyApi, type JackpotValue, type Winner } from './lobbyApi';
import { sortWinners, WINNER_LIMIT } from './rules';
import { GameArt } from './GameArt';

/** The jackpot ticker: the pool's real amount from the server, replaced by each `jackpot` push; nothing invented between pushes. */
export function JackpotTicker() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useQuery(pushedQuery(queryKeys.jackpot, (signal) => lobbyApi.jackpot(signal)));
  const jackpot = data?.value ?? null;

  useEffect(
    () =>
      live.subscribe('jackpot', (push) => {
        const current = client.getQueryData<Pushed<JackpotValue>>(queryKeys.jackpot)?.value;
        setPushed<JackpotValue>(client, queryKeys.jackpot, { amountMinor: '', ...current, amount: push.amount, currency: push.currency || current?.currency || '' });
      }),
    [client],
  );
  // A push sent before the socket joined the brand's room (or while it was away) is not replayed: read the pool again.
  useEffect(() => readAgainOnConnect((listener) => live.onConnect(listener), client, queryKeys.jackpot), [client]);

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
  const { language } = usePreferences();
  const client = useQueryClient();
  const { data, isError } = useQuery(pushedQuery(queryKeys.winners(language), async (signal) => sortWinners((await lobbyApi.winners(signal)).list, WINNER_LIMIT), useCases.winners.publicCacheMs));
  const winners: Winner[] | null = data?.value ?? (isError ? [] : null);

  useEffect(() => {
    let cancelReadAgain = (): void => undefined;
    const stop = live.subscribe('winners', (push) => {
      // The push carries the board in Spanish and English (game names differ); in any other language the board is
      // read again, in that language.
      const board = push.lists[language];
      if (board) setPushed(client, queryKeys.winners(language), sortWinners(board, WINNER_LIMIT));
      else {
        cancelReadAgain();
        cancelReadAgain = readAgainAfterPush(client, queryKeys.winners(language), useCases.winners.publicCacheMs);
      }
    });
    return () => {
      stop();
      cancelReadAgain();
    };
  }, [client, language]);
  useEffect(() => readAgainOnConnect((listener) => live.onConnect(listener), client, queryKeys.winners(language), useCases.winners.publicCacheMs), [client, language]);

  return (
    <section className="lobby-winners" aria-labelledby="winners-title" data-testid="winner-board">
      <h2 id="winners-title">{t('lobby_winners')}</h2>
      {winners && winners.length === 0 && <p className="lobby-empty">{t('lobby_no_winners')}</p>}
      {/* The list scrolls inside its panel, so a keyboard can focus it and scroll it (it holds no control of its own). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol className="lobby-winner-list" tabIndex={0} aria-labelledby="winners-title">
        {(winners ?? []).map((winner, index) => (
          <li key={`${winner.customerName}-${winner.vo?.at ?? index}-${index}`} className="lobby-winner" data-testid="winner-row">
            {winner.iconUrl ? <GameArt src={winner.iconUrl} fallbackSrc={winner.fallbackIconUrl} className="lobby-winner-icon" /> : <span className="lobby-winner-icon" aria-hidden />}
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
