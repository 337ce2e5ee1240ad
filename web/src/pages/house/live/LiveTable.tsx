import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { getToken } from '../../../session';
import { useSession } from '../../../state/session';
import { useWallet } from '../../../state/wallet';
import { spotLabel } from './spot-label';
import { useTableRoom, type TableRoomControls } from './useTableRoom';
import './live.css';
import type { HouseTableEvent } from '@wps/contracts';

type LiveTableState = UseCaseResponse<UseCases['liveTableState']>;

/**
 * One shared-round table of the house vendor (crash, baccarat, roulette, dragon tiger, cockfight). The round runs on
 * the server's clock; this view follows it through the pushes of the table's room and shows the same countdown,
 * result and history as every other seat.
 */
export type LiveGameName = LiveTableState['table']['game'];
export type LiveRound = NonNullable<LiveTableState['round']>;
export type LiveBet = LiveTableState['myBets'][number];
export type LiveHistoryEntry = LiveTableState['history'][number];
/** A table's state, with the member's own bets when signed in. */
const readTable = (tableId: string, withSession: boolean) => call(useCases.liveTableState, { tableId }, { withSession });

export const CHIPS = ['1', '5', '10', '50', '100'] as const;

/** What a game's layout gets from the table: the round, the bets on it, and a way to bet. */
export interface LiveLayoutProps {
  round: LiveRound | null;
  myBets: LiveBet[];
  bettingOpen: boolean;
  busy: boolean;
  placeBet: (spot: string, extra?: { amount?: string; autoCashout?: string }) => void;
  cashout: () => void;
  serverNow: () => number;
  chip: string;
}

export const stakeOn = (bets: readonly LiveBet[], spot: string): number => bets.filter((bet) => bet.spot === spot).reduce((sum, bet) => sum + Number(bet.amount), 0);

/** A spot on the felt: shows the caller's stake on it and, after the result, whether it won. */
export function Spot({ spot, label, sub, props, className, style }: { spot: string; label: ReactNode; sub?: ReactNode; props: LiveLayoutProps; className?: string; style?: CSSProperties }) {
  const staked = stakeOn(props.myBets, spot);
  const won = props.myBets.some((bet) => bet.spot === spot && bet.status === 'won');
  return (
    <button
      type="button"
      className={`hl-spot ${className ?? ''} ${staked ? 'has-bet' : ''} ${won ? 'is-won' : ''}`}
      data-testid={`live-spot-${spot}`}
      style={style}
      disabled={!props.bettingOpen || props.busy}
      onClick={() => props.placeBet(spot)}
    >
      <span className="hl-spot-label">{label}</span>
      {sub ? <span className="hl-spot-sub">{sub}</span> : null}
      {staked ? <span className="hl-spot-chip">{staked}</span> : null}
    </button>
  );
}

export function LiveTable({
  tableId,
  title,
  layout,
  resultView,
}: {
  tableId: string;
  title: string;
  layout: (props: LiveLayoutProps) => ReactNode;
  resultView: (result: Record<string, unknown> | null, round: LiveRound | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const { member } = useSession();
  const { refreshBalance, balanceText } = useWallet();
  const [busy, setBusy] = useState(false);
  const [chip, setChip] = useState<string>('5');
  const token = member?.token ?? null;

  const onPush = useCallback(
    (event: HouseTableEvent, { setState, load, offset }: TableRoomControls<LiveTableState>) => {
      setState((current) => {
        if (!current) return current;
        if (event.kind === 'round-opened') {
          const round = event.data.round as LiveRound;
          offset.current = (event.data.serverTime as number) - Date.now();
          return { ...current, round, myBets: [] };
        }
        if (!current.round || current.round.roundId !== event.roundId) return current;
        if (event.kind === 'betting-closed') {
          return { ...current, round: { ...current.round, status: (event.data.status as LiveRound['status']) ?? current.round.status, startedAt: (event.data.startedAt as number | null) ?? null } };
        }
        if (event.kind === 'result') {
          return { ...current, round: { ...current.round, status: 'drawn', result: event.data.result as Record<string, unknown>, serverSeed: event.data.serverSeed as string } };
        }
        if (event.kind === 'settled') {
          const entry = event.data.history as LiveHistoryEntry;
          return { ...current, round: { ...current.round, status: entry.status }, history: [entry, ...current.history.filter((item) => item.roundId !== entry.roundId)].slice(0, 20) };
        }
        return current;
      });
      if (event.kind === 'settled') {
        void load().catch(() => undefined);
        if (getToken()) void refreshBalance();
      }
    },
    [refreshBalance],
  );
  const { state, setState, error, setError, offset, now } = useTableRoom<LiveTableState>({ read: readTable, tableId, token, tickMs: 100, onPush });
  const serverNow = useCallback(() => Date.now() + offset.current, [offset]);

  const round = state?.round ?? null;
  const remaining = round && round.status === 'betting' ? Math.max(0, round.closesAt - (now + offset.current)) : 0;
  const bettingOpen = !!member && !!round && round.status === 'betting' && remaining > 0;

  const placeBet = useCallback(
    (spot: string, extra?: { amount?: string; autoCashout?: string }) => {
      if (!round) return;
      setBusy(true);
      setError(null);
      call(useCases.placeLiveBets, {
        tableId,
        roundId: round.roundId,
        bets: [{ spot, amount: extra?.amount ?? chip }],
        ...(extra?.autoCashout ? { autoCashout: extra.autoCashout } : {}),
      })
        .then((value) => {
          setState((current) => (current && current.round?.roundId === round.roundId ? { ...current, myBets: [...current.myBets, ...value.bets] } : current));
          void refreshBalance();
        })
        .catch((failure: unknown) => setError(errorMessage(failure)))
        .finally(() => setBusy(false));
    },
    [round, tableId, chip, refreshBalance, setError, setState],
  );

  const cashout = useCallback(() => {
    if (!round) return;
    setBusy(true);
    setError(null);
    call(useCases.liveCashout, { tableId, roundId: round.roundId })
      .then((value) => {
        setState((current) => (current ? { ...current, myBets: current.myBets.map((bet) => (bet.betId === value.bet.betId ? value.bet : bet)) } : current));
        void refreshBalance();
      })
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setBusy(false));
  }, [round, tableId, refreshBalance, setError, setState]);

  const layoutProps: LiveLayoutProps = useMemo(
    () => ({ round, myBets: state?.myBets ?? [], bettingOpen, busy, placeBet, cashout, serverNow, chip }),
    [round, state?.myBets, bettingOpen, busy, placeBet, cashout, serverNow, chip],
  );

  if (!state) {
    return (
      <div className="hl-table" data-testid="live-table">
        {error ? (
          <p className="hl-error" data-testid="live-error">
            {error}
          </p>
        ) : (
          <p className="hl-loading">{t('hl_loading')}</p>
        )}
      </div>
    );
  }

  const statusText = !round
    ? t('hl_waiting')
    : round.status === 'betting'
      ? t('hl_place_bets')
      : round.status === 'running'
        ? t('hl_running')
        : round.status === 'drawn'
          ? t('hl_result')
          : round.status === 'refunded'
            ? t('hl_refunded')
            : t('hl_next_round');
  const won = (state.myBets ?? []).reduce((sum, bet) => sum + Number(bet.payout), 0);

  return (
    <div className="hl-table" data-testid="live-table" data-table={tableId} data-round={round?.roundId ?? ''} data-status={round?.status ?? ''}>
      <div className="hl-head">
        <h2 className="hl-title">{title}</h2>
        <span className="hl-round" data-testid="live-round">
          {t('hl_round', { no: round?.roundNo ?? '-' })}
        </span>
        <span className="hl-status" data-testid="live-status">
          {statusText}
        </span>
        <span className="hl-countdown" data-testid="live-countdown" aria-live="polite">
          {round?.status === 'betting' ? `${Math.ceil(remaining / 1000)}s` : ''}
        </span>
        <span className="hl-limits">{t('hl_limits', { min: state.table.minBet, max: state.table.maxBet })}</span>
        {member ? (
          <span className="hl-balance" data-testid="live-balance">
            {t('hl_balance')}: {balanceText ?? '…'}
          </span>
        ) : null}
      </div>

      <div className="hl-result" data-testid="live-result" data-has-result={round?.result ? 'true' : 'false'}>
        {resultView(round?.result ?? null, round)}
      </div>

      {layout(layoutProps)}

      {member ? (
        <div className="hl-chips" role="radiogroup" aria-label={t('hl_chip')}>
          {CHIPS.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={chip === value}
              className={`hl-chip ${chip === value ? 'is-selected' : ''}`}
              data-testid={`live-chip-${value}`}
              onClick={() => setChip(value)}
            >
              {value}
            </button>
          ))}
        </div>
      ) : (
        <p className="hl-guest">{t('hl_login_to_bet')}</p>
      )}
      {error ? (
        <p className="hl-error" role="alert" data-testid="live-error">
          {error}
        </p>
      ) : null}

      <div className="hl-my-bets" data-testid="live-my-bets">
        <h3>{t('hl_my_bets')}</h3>
        {state.myBets.length === 0 ? (
          <p className="hl-empty">{t('hl_no_bets')}</p>
        ) : (
          <ul>
            {state.myBets.map((bet) => (
              <li key={bet.betId} data-testid="live-my-bet" data-status={bet.status}>
                <span data-testid="live-my-bet-spot">{spotLabel(t, bet.spot)}</span>
                <span>{bet.amount}</span>
                <span className={`hl-bet-status is-${bet.status}`}>{t(`hl_bet_${bet.status}`)}</span>
                <span>{bet.status === 'placed' ? '' : bet.payout}</span>
              </li>
            ))}
          </ul>
        )}
        {round && (round.status === 'settled' || round.status === 'drawn') && state.myBets.length ? (
          <p className="hl-won" data-testid="live-won">
            {t('hl_paid', { amount: won.toFixed(2) })}
          </p>
        ) : null}
      </div>

      <div className="hl-history" data-testid="live-history">
        <h3>{t('hl_history')}</h3>
        <ol>
          {state.history.map((entry) => (
            <li key={entry.roundId} data-round={entry.roundId} title={`#${entry.roundNo} · ${t('hl_seed')}: ${entry.serverSeed ?? '-'}`}>
              {entry.status === 'settled' ? (
                // Every settled round can be recomputed in the browser on the verify page.
                <Link
                  to={`/house/verify?table=${encodeURIComponent(tableId)}&round=${entry.roundNo}`}
                  className="hl-verify-link"
                  data-testid="live-verify-link"
                  title={t('hl_verify_round', { no: entry.roundNo })}
                >
                  {resultView(entry.result, null)}
                </Link>
              ) : (
                resultView(entry.result, null)
              )}
            </li>
          ))}
        </ol>
        {round ? (
          <p className="hl-fair">
            {t('hl_seed_hash')}: <code>{round.seedHash.slice(0, 16)}…</code> · {t('hl_client_seed')}: <code>{state.table.clientSeed}</code>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A playing card such as "TH" (ten of hearts). */
export function Card({ card }: { card: string }) {
  const rank = card[0] === 'T' ? '10' : card[0];
  const suit = { S: '♠', H: '♥', D: '♦', C: '♣' }[card[1] as 'S' | 'H' | 'D' | 'C'];
  return (
    <span className={`hl-card ${card[1] === 'H' || card[1] === 'D' ? 'is-red' : ''}`}>
      {rank}
      {suit}
    </span>
  );
}
