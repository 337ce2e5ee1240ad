import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { getToken } from '../../../session';
import { useSession } from '../../../state/session';
import { useWallet } from '../../../state/wallet';
import { uuid } from '../../../uuid';
import { useTableRoom, type TableRoomControls } from '../live/useTableRoom';
import { verifyTeenPattiHand, type VerifiedHand } from './verifyHand';
import './teen-patti.css';
import type { HouseTableEvent } from '@wps/contracts';

/**
 * Teen Patti, the house vendor's multiplayer card game: the room list (GLS2_roomList), then a table with its seats
 * round an oval. The table's room pushes every change without any hidden card; on each push this view reads the table
 * again with the member's session, which answers with the member's own cards.
 */
type Room = UseCaseResponse<UseCases['pvpRooms']>[number];
type TableState = UseCaseResponse<UseCases['pvpTableState']>;
type Action = TableState['canAct'][number];
type Hand = NonNullable<TableState['hand']>;

/** A table's state; with the session, the member's own cards too. */
const readTable = (tableId: string, withSession: boolean) => call(useCases.pvpTableState, { tableId }, { withSession });

const ACTIONS: Action[] = ['chaal', 'raise', 'pack', 'show'];

function PlayingCard({ card, hidden }: { card: string | null; hidden?: boolean }) {
  if (!card || hidden) return <span className="tp-card is-back" aria-label="?" />;
  const rank = card[0] === 'T' ? '10' : card[0];
  const suit = { S: '♠', H: '♥', D: '♦', C: '♣' }[card[1] as 'S' | 'H' | 'D' | 'C'];
  return (
    <span className={`tp-card ${card[1] === 'H' || card[1] === 'D' ? 'is-red' : ''}`} data-card={card}>
      {rank}
      {suit}
    </span>
  );
}

function RulesPanel({ rakeBp }: { rakeBp: number }) {
  const { t } = useTranslation();
  return (
    <details className="tp-rules" data-testid="pvp-rules">
      <summary>{t('tp_rules_title')}</summary>
      <ul>
        <li>{t('tp_rules_seats')}</li>
        <li>{t('tp_rules_turns')}</li>
        <li>{t('tp_rules_show')}</li>
        <li>{t('tp_rules_ranks')}</li>
        <li>{t('tp_rules_timeout')}</li>
        <li>{t('tp_rules_rake', { rake: (rakeBp / 100).toString() })}</li>
        <li>{t('tp_rules_fair')}</li>
      </ul>
    </details>
  );
}

/** Recomputes the finished hand on the table from its revealed seed and compares it with the cards that were shown. */
function VerifyHand({ hand }: { hand: Hand }) {
  const { t } = useTranslation();
  const [verified, setVerified] = useState<{ handId: string; result: VerifiedHand } | null>(null);
  if (!hand.serverSeed) return null;
  const result = verified?.handId === hand.handId ? verified.result : null;
  const seed = hand.serverSeed;
  const check = () =>
    void verifyTeenPattiHand({ serverSeed: seed, seedHash: hand.seedHash, clientSeed: hand.clientSeed, nonce: hand.nonce, players: hand.players.length }).then((value) =>
      setVerified({ handId: hand.handId, result: value }),
    );
  // Players come in turn order, as the cards were dealt.
  const matches = result ? hand.players.every((player, index) => !player.cards || player.cards.join() === result.hands[index]!.join()) : false;
  return (
    <div className="tp-verify" data-testid="pvp-verify">
      <button type="button" className="tp-button is-quiet" data-testid="pvp-verify-run" onClick={check}>
        {t('tp_verify')}
      </button>
      {result ? (
        <div data-testid="pvp-verify-result" data-ok={result.hashMatches && matches ? 'true' : 'false'}>
          <p>{result.hashMatches ? t('tp_verify_hash_ok') : t('tp_verify_hash_bad')}</p>
          <ul>
            {hand.players.map((player, index) => (
              <li key={player.seatNo}>
                {t('tp_verify_seat', { seat: player.seatNo })}{' '}
                {result.hands[index]!.map((card) => (
                  <PlayingCard key={card} card={card} />
                ))}
              </li>
            ))}
          </ul>
          <p>{matches ? t('tp_verify_cards_ok') : t('tp_verify_cards_bad')}</p>
        </div>
      ) : null}
    </div>
  );
}

function RoomList({ open }: { open: (roomId: string) => void }) {
  const { t } = useTranslation();
  const [rooms, setRooms] = useState<Room[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(useCases.pvpRooms, {}).then(setRooms, (failure: unknown) => setError(errorMessage(failure)));
  }, []);
  return (
    <div className="tp-rooms" data-testid="pvp-rooms">
      <h2>{t('tp_title')}</h2>
      {error ? (
        <p className="tp-error" role="alert">
          {error}
        </p>
      ) : null}
      {!rooms && !error ? <p>{t('tp_loading')}</p> : null}
      <ul>
        {(rooms ?? []).map((room) => (
          <li key={room.roomId} className="tp-room">
            <strong>{room.name}</strong>
            <span>{t('tp_boot', { boot: room.boot })}</span>
            <span>{t('tp_max_stake', { max: room.maxStake })}</span>
            <span data-testid={`pvp-room-seated-${room.roomId}`}>{t('tp_seated', { seated: room.seated, seats: room.seats })}</span>
            <button type="button" className="tp-button" data-testid={`pvp-room-${room.roomId}`} onClick={() => open(room.roomId)}>
              {t('tp_open')}
            </button>
          </li>
        ))}
      </ul>
      {rooms?.[0] ? <RulesPanel rakeBp={rooms[0].rakeBp} /> : null}
    </div>
  );
}

function Table({ tableId, leave }: { tableId: string; leave: () => void }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const { refreshBalance, balanceText } = useWallet();
  const [busy, setBusy] = useState(false);
  const [seen, setSeen] = useState<string | null>(null);
  const token = member?.token ?? null;

  // Every push is a prompt to read the table again (the push itself carries no hidden card).
  const onPush = useCallback(
    (event: HouseTableEvent, { load }: TableRoomControls<TableState>) => {
      void load().catch(() => undefined);
      if (event.kind === 'settled' || event.kind === 'round-opened') {
        if (getToken()) void refreshBalance();
      }
    },
    [refreshBalance],
  );
  const { state, error, setError, load, offset, now } = useTableRoom<TableState>({
    read: readTable,
    tableId,
    token,
    tickMs: 200,
    onPush,
  });

  const run = useCallback(
    (work: () => Promise<unknown>) => {
      setBusy(true);
      setError(null);
      work()
        .then(() => load())
        .then(() => refreshBalance())
        .catch((failure: unknown) => setError(errorMessage(failure)))
        .finally(() => setBusy(false));
    },
    [load, refreshBalance, setError],
  );

  const sit = (seatNo: number) => run(() => call(useCases.pvpSit, { tableId, seatNo }));
  const stand = () => run(() => call(useCases.pvpStand, { tableId }));
  const act = (action: Action) => {
    const handId = state?.hand?.handId;
    if (!handId) return;
    // One id per press: a retry of the same press is answered once by the server.
    const requestId = uuid().replace(/-/g, '');
    run(() => call(useCases.pvpAct, { tableId, handId, action, requestId }));
  };

  if (!state) {
    return (
      <div className="tp-table" data-testid="pvp-table">
        {error ? (
          <p className="tp-error" data-testid="pvp-error">
            {error}
          </p>
        ) : (
          <p>{t('tp_loading')}</p>
        )}
      </div>
    );
  }

  const serverNow = now + offset.current;
  const hand = state.hand;
  const inPlay = hand && (hand.status === 'playing' || hand.status === 'booting');
  const over = hand && (hand.status === 'settled' || hand.status === 'refunded' || hand.status === 'settling');
  const myTurn = !!hand && hand.status === 'playing' && state.mySeat !== null && hand.turnSeat === state.mySeat;
  const turnLeft = hand?.turnDeadline ? Math.max(0, hand.turnDeadline - serverNow) : 0;
  const turnShare = Math.min(1, turnLeft / (state.table.turnSeconds * 1000));
  const startsIn = state.startsAt ? Math.max(0, state.startsAt - serverNow) : null;
  const cardsSeen = !!hand && seen === hand.handId;
  const playerAt = (seatNo: number) => (hand && !over ? hand.players.find((player) => player.seatNo === seatNo) : hand?.players.find((player) => player.seatNo === seatNo));
  const seatOf = (seatNo: number) => state.seats.find((seat) => seat.seatNo === seatNo);
  const statusText =
    !hand || (over && !startsIn)
      ? state.seats.length < 2
        ? t('tp_waiting_players')
        : t('tp_next_hand')
      : hand.status === 'playing'
        ? myTurn
          ? t('tp_your_turn')
          : t('tp_turn_of', { seat: hand.turnSeat })
        : hand.status === 'refunded'
          ? t('tp_refunded')
          : t('tp_hand_over');

  return (
    <div
      className="tp-table"
      data-testid="pvp-table"
      data-table={tableId}
      data-hand={hand?.handId ?? ''}
      data-hand-status={hand?.status ?? ''}
      data-my-seat={state.mySeat ?? ''}
      data-my-turn={myTurn ? 'true' : 'false'}
    >
      <div className="tp-head">
        <button type="button" className="tp-link" onClick={leave} data-testid="pvp-back">
          {t('tp_rooms')}
        </button>
        <h2>{state.table.name}</h2>
        <span>{t('tp_boot', { boot: state.table.boot })}</span>
        <span>{t('tp_max_stake', { max: state.table.maxStake })}</span>
        <span>{t('tp_pot_limit', { limit: state.table.potLimit })}</span>
        <span>{t('tp_rake', { rake: (state.table.rakeBp / 100).toString() })}</span>
        {member ? (
          <span className="tp-balance" data-testid="pvp-balance">
            {t('tp_balance')}: {balanceText ?? '…'}
          </span>
        ) : null}
      </div>

      <div className="tp-oval">
        <div className="tp-centre">
          <div className="tp-status" data-testid="pvp-status">
            {statusText}
          </div>
          {hand ? (
            <div className="tp-pot" data-testid="pvp-pot">
              {t('tp_pot')}: {hand.pot} · {t('tp_stake')}: {hand.stake}
            </div>
          ) : null}
          {startsIn !== null && !inPlay ? (
            <div className="tp-starts" data-testid="pvp-starts">
              {t('tp_starts_in', { seconds: Math.ceil(startsIn / 1000) })}
            </div>
          ) : null}
          {hand?.status === 'playing' ? (
            <div className="tp-turn-bar" data-testid="pvp-turn-bar" aria-label={t('tp_time_left', { seconds: Math.ceil(turnLeft / 1000) })}>
              <span style={{ width: `${turnShare * 100}%` }} />
            </div>
          ) : null}
          {over && hand ? (
            <div className="tp-result" data-testid="pvp-result" data-winner={hand.winnerSeat ?? ''} data-ended-by={hand.endedBy ?? ''}>
              {hand.status === 'refunded' ? t('tp_refunded') : t('tp_winner', { seat: hand.winnerSeat, payout: hand.payout, pot: hand.pot, rake: hand.rake })}
            </div>
          ) : null}
        </div>
        {Array.from({ length: state.table.seats }, (_, index) => index + 1).map((seatNo) => {
          const seat = seatOf(seatNo);
          const player = playerAt(seatNo);
          const mine = seat?.mine || state.mySeat === seatNo;
          const showCards = player && (player.cards || (inPlay && player.status === 'active'));
          return (
            <div
              key={seatNo}
              className={`tp-seat tp-seat-${seatNo} ${hand?.turnSeat === seatNo ? 'is-turn' : ''} ${mine ? 'is-mine' : ''} ${player?.status === 'packed' ? 'is-packed' : ''} ${hand?.winnerSeat === seatNo && over ? 'is-winner' : ''}`}
              data-testid={`pvp-seat-${seatNo}`}
              data-status={player?.status ?? (seat ? 'seated' : 'empty')}
            >
              {seat || player ? (
                <>
                  <span className="tp-seat-name">
                    {seat?.player ?? player?.player}
                    {hand?.dealerSeat === seatNo ? (
                      <span className="tp-dealer" title={t('tp_dealer')}>
                        D
                      </span>
                    ) : null}
                  </span>
                  {player ? <span className="tp-seat-staked">{t('tp_staked', { amount: player.staked })}</span> : null}
                  {showCards ? (
                    <span className="tp-cards" data-testid={mine ? 'pvp-my-cards' : undefined}>
                      {[0, 1, 2].map((index) => (
                        <PlayingCard key={index} card={player.cards?.[index] ?? null} hidden={mine && !cardsSeen && !over} />
                      ))}
                    </span>
                  ) : null}
                  {player?.rank && (over || (mine && cardsSeen)) ? <span className="tp-rank">{t(`tp_rank_${player.rank}`)}</span> : null}
                  {player && player.status !== 'active' ? <span className="tp-seat-state">{t(`tp_player_${player.status}`)}</span> : null}
                </>
              ) : member && state.mySeat === null ? (
                <button type="button" className="tp-button" data-testid={`pvp-sit-${seatNo}`} disabled={busy} onClick={() => sit(seatNo)}>
                  {t('tp_sit')}
                </button>
              ) : (
                <span className="tp-seat-empty">{t('tp_empty')}</span>
              )}
            </div>
          );
        })}
      </div>

      {member ? (
        <div className="tp-actions">
          {state.myCards && hand && !cardsSeen && !over ? (
            <button type="button" className="tp-button is-quiet" data-testid="pvp-see" onClick={() => setSeen(hand.handId)}>
              {t('tp_see')}
            </button>
          ) : null}
          {ACTIONS.map((action) => (
            <button
              key={action}
              type="button"
              className={`tp-button is-${action}`}
              data-testid={`pvp-act-${action}`}
              disabled={busy || !myTurn || !state.canAct.includes(action)}
              onClick={() => act(action)}
            >
              {t(`tp_act_${action}`, { amount: action === 'raise' && hand ? (Number(hand.stake) * 2).toFixed(2) : (hand?.stake ?? '') })}
            </button>
          ))}
          {state.mySeat !== null ? (
            <button type="button" className="tp-button is-quiet" data-testid="pvp-stand" disabled={busy} onClick={stand}>
              {t('tp_stand')}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="tp-guest">{t('tp_login_to_play')}</p>
      )}
      {error ? (
        <p className="tp-error" role="alert" data-testid="pvp-error">
          {error}
        </p>
      ) : null}

      {hand && hand.actions.length ? (
        <ol className="tp-log" data-testid="pvp-log">
          {hand.actions.map((action) => (
            <li key={action.seq}>{t('tp_log', { seat: action.seatNo, action: t(`tp_kind_${action.kind}`), amount: action.amount })}</li>
          ))}
        </ol>
      ) : null}

      <div className="tp-history" data-testid="pvp-history">
        <h3>{t('tp_history')}</h3>
        {state.history.length === 0 ? <p>{t('tp_no_history')}</p> : null}
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>{t('tp_winner_col')}</th>
              <th>{t('tp_pot')}</th>
              <th>{t('tp_rake_col')}</th>
              <th>{t('tp_seed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {state.history.map((entry) => (
              <tr key={entry.handId} data-hand={entry.handId} data-testid="pvp-history-row">
                <td>{entry.handNo}</td>
                <td>{entry.status === 'refunded' ? t('tp_refunded') : `${entry.winner ?? ''} (${entry.winnerSeat ?? '-'})`}</td>
                <td>{entry.pot}</td>
                <td>{entry.rake}</td>
                <td title={`${t('tp_seed_hash')}: ${entry.seedHash}`}>
                  <code>{entry.serverSeed ? `${entry.serverSeed.slice(0, 12)}…` : '-'}</code>
                </td>
                <td>
                  <Link data-testid="pvp-history-verify" to={`/house/verify?pvpTable=${encodeURIComponent(tableId)}&hand=${entry.handNo}`}>
                    {t('tp_vp_link')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {hand && over ? <VerifyHand hand={hand} /> : null}
        {hand ? (
          <p className="tp-fair">
            {t('tp_seed_hash')}: <code>{hand.seedHash.slice(0, 16)}…</code> · {t('tp_client_seed')}: <code>{hand.clientSeed}</code> · {t('tp_nonce')}: {hand.nonce}
          </p>
        ) : null}
      </div>
      <RulesPanel rakeBp={state.table.rakeBp} />
    </div>
  );
}

export default function TeenPatti() {
  const [params, setParams] = useSearchParams();
  const room = params.get('room');
  const valid = room && /^[a-z0-9-]{1,40}$/.test(room) ? room : null;
  return valid ? <Table tableId={valid} leave={() => setParams({})} /> : <RoomList open={(roomId) => setParams({ room: roomId })} />;
}
