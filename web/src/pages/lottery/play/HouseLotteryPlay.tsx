import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lotteryRoom } from '@wps/contracts';
import { errorMessage } from '../../../api';
import { live } from '../../../live/connection';
import { usePreferences } from '../../../state/preferences';
import { useSession } from '../../../state/session';
import { useWallet } from '../../../state/wallet';
import { HouseLotteryGame, type HouseLotteryResult } from './HouseLotteryGame';
import { houseLotteryApi, type LotteryDrawValue, type LotteryGameStateValue, type LotteryTicketValue } from './houseLotteryApi';
import type { LotterySlipRequest } from './slip';
import { intlLocale } from '../../../i18n/languages';

/** Pushes of one draw come in bursts (result, then settlement): one read after the burst. */
const RELOAD_AFTER_PUSH_MS = 400;
/** When the draw time passes without a push (socket down), the game is read once, this long after. */
const RELOAD_AFTER_DRAW_MS = 3_000;

/**
 * A house lottery game on the lottery page: its state, latest draws and the member's tickets read over HTTP, read again
 * on every push of the game's room (a draw opened, closed, drawn or settled) and on every reconnect of the socket.
 */
export function HouseLotteryPlay({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const { refreshBalance } = useWallet();
  const { language } = usePreferences();
  const withSession = member !== null;
  const canBet = member !== null && !member.isTrial;
  const [state, setState] = useState<LotteryGameStateValue | null>(null);
  const [history, setHistory] = useState<LotteryDrawValue[] | null>(null);
  const [tickets, setTickets] = useState<LotteryTicketValue[]>([]);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    const [value, draws, mine] = await Promise.all([
      houseLotteryApi.state(gameCode, withSession),
      houseLotteryApi.history(gameCode).catch(() => null),
      withSession ? houseLotteryApi.myTickets(gameCode).catch(() => null) : Promise.resolve(null),
    ]);
    if (!alive.current) return;
    setState(value);
    setError(null);
    if (draws) setHistory(draws.list);
    if (mine) setTickets(mine.list);
  }, [gameCode, withSession]);

  const reload = useCallback(() => {
    load().catch((failure: unknown) => {
      if (alive.current) setError(errorMessage(failure));
    });
  }, [load]);

  useEffect(reload, [reload]);

  // The game's room on the tab's socket: any moment of a draw reads the game again.
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    const room = lotteryRoom(gameCode);
    const later = (ms: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(reload, ms);
    };
    const unfollow = live.followTable(room);
    const stopReading = live.onConnect(() => later(0));
    const unsubscribe = live.subscribe('table', (event) => {
      if (event.tableId === room) later(RELOAD_AFTER_PUSH_MS);
    });
    return () => {
      window.clearTimeout(timer.current);
      unsubscribe();
      stopReading();
      unfollow();
    };
  }, [gameCode, reload]);

  const onDrawDue = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(reload, RELOAD_AFTER_DRAW_MS);
  }, [reload]);

  const onPlace = useCallback(
    async (slip: LotterySlipRequest) => {
      const placed = await houseLotteryApi.place(gameCode, slip);
      void refreshBalance();
      reload();
      return placed;
    },
    [gameCode, refreshBalance, reload],
  );

  const results = useMemo<HouseLotteryResult[]>(
    () =>
      (history ?? state?.results ?? [])
        .filter((draw) => draw.outcome !== null)
        .map((draw) => ({ drawNo: draw.drawNo, outcome: draw.outcome, drawnAt: draw.drawnAt, seedHash: draw.seedHash, serverSeed: draw.serverSeed })),
    [history, state],
  );

  // The newest draw past its close without a result yet: shown closed, then drawing, until the result's push.
  const closing = state?.results.find((draw) => draw.outcome === null && draw.status !== 'cancelled') ?? null;

  if (!state) {
    return error ? (
      <div className="lp-load-error" role="alert" data-testid="lp-load-error">
        <p className="lottery-error">
          {t('lp_load_failed')} {error}
        </p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={reload}>
          {t('lp_retry')}
        </button>
      </div>
    ) : (
      <p className="lottery-muted" aria-busy="true">
        {t('lp_loading')}
      </p>
    );
  }
  return (
    <HouseLotteryGame
      game={{ ...state.game, schedule: state.game }}
      draw={state.draw}
      closing={closing}
      serverTime={state.serverTime}
      results={results}
      tickets={tickets}
      currencySymbol={member?.currencySymbol}
      canBet={canBet}
      onPlace={onPlace}
      onDrawDue={onDrawDue}
      locale={intlLocale(language)}
    />
  );
}
