import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { apiCaller, eventually } from '@wps/platform/testing';
import { lotteryRoom, parseMajor, ticketWinMinor, type LotteryGameState, type LotteryOutcome, type LotterySlip, type LotteryTicketView } from '@wps/contracts';
import { clusterEnv, registerFundedMember, uniqueUsername, useClusterDatabase } from './support.js';

/**
 * The house lottery with every service in its own process: a slip through the cluster gateway is debited through the
 * wallet's signed vendor API over HTTP; the runner (one lease holder) closes, draws and settles the draw; its moments
 * travel house outbox → Kafka → gateway → Socket.IO to a watching guest; and the result reaches the games service's
 * draw feed over HTTP, where the spec's opened-numbers call reads it. `npm run test:cluster` runs the house with this
 * game drawing every few seconds (HOUSE_LOTTERY_GAMES, HOUSE_LOTTERY_INTERVAL_SECONDS in scripts/test-cluster.mjs).
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl } = clusterEnv('GATEWAY_URL', 'DATABASE_URL');
const GAME = 'lott-004';

const call = apiCaller(gateway);
type TablePush = { type: string; data: { tableId: string; kind: string; roundId: string; data: Record<string, unknown> } };
type TicketPage = { list: LotteryTicketView[]; total: number };

describe('house lottery in cluster mode', () => {
  const db = useClusterDatabase(databaseUrl);
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('takes a slip, draws and settles it through the wallet, pushes the result, and reports it to the opened numbers', async () => {
    const { token, memberId } = await registerFundedMember(call, db, uniqueUsername('lotc'), '100.00');
    const guest: Socket = io(gateway, { transports: ['websocket'] });
    sockets.push(guest);
    const pushes: TablePush[] = [];
    guest.on('push', (push: TablePush) => push.type === 'table' && pushes.push(push));
    await eventually(() => guest.connected, 'the guest socket', 10_000);
    expect(await guest.timeout(5_000).emitWithAck('join-table', lotteryRoom(GAME))).toBe(true);

    let open: LotteryGameState['draw'] = null;
    await eventually(
      async () => {
        const state = (await call<LotteryGameState>('GET', `/wps/house/lottery/games/${GAME}`)).body.value;
        open = state.draw;
        return !!open && open.status === 'open' && Date.parse(open.opensAt) <= Date.parse(state.serverTime) && Date.parse(open.closesAt) - Date.parse(state.serverTime) > 2_000;
      },
      'a draw with time left to bet',
      30_000,
    );
    const draw = open!;
    const body = { drawNo: draw.drawNo, bets: [{ betType: 'k3.big_small', selection: { picks: ['big', 'small'] }, unitStake: '2.00', multiplier: 3 }] };
    const key = randomUUID();
    const answers = await Promise.all([
      call<LotterySlip & { balance: string }>('POST', `/wps/house/lottery/games/${GAME}/slips`, { token, key, body }),
      call<LotterySlip & { balance: string }>('POST', `/wps/house/lottery/games/${GAME}/slips`, { token, key, body }),
    ]);
    // Either request may reach the house first: the one that places the slip answers 200.
    const [placed, again] = answers[0].status === 200 ? answers : [answers[1], answers[0]];
    expect(placed.status, JSON.stringify(answers.map((answer) => answer.body))).toBe(200);
    // The same key at the same moment is either the same slip or told the slip is still being placed; after, the same.
    if (again.status !== 200) expect([again.status, again.body.code]).toEqual([409, 'LOTTERY_SLIP_IN_PROGRESS']);
    else expect(again.body.value.slipId).toBe(placed.body.value.slipId);
    const replay = await call<LotterySlip>('POST', `/wps/house/lottery/games/${GAME}/slips`, { token, key, body });
    expect(replay.body.value.slipId).toBe(placed.body.value.slipId);
    expect(placed.body.value).toMatchObject({ drawNo: draw.drawNo, totalStake: '12.00' });

    await eventually(async () => (await call<TicketPage>('GET', `/wps/house/lottery/tickets?gameCode=${GAME}&status=settled`, { token })).body.value.total === 1, 'the ticket settled', 40_000);
    const [ticket] = (await call<TicketPage>('GET', `/wps/house/lottery/tickets?gameCode=${GAME}&status=settled`, { token })).body.value.list;
    const { rows: drawn } = await db.query<{ outcome: LotteryOutcome; numbers: string[] }>('SELECT outcome, numbers FROM house.lottery_draws WHERE game_code = $1 AND draw_no = $2', [
      GAME,
      draw.drawNo,
    ]);
    const outcome = drawn[0]!.outcome;
    const minor = (text: string) => parseMajor(text, 'MXN')!;
    const win = ticketWinMinor({ betType: ticket!.betType, selection: ticket!.selection, unitStakeMinor: minor(ticket!.unitStake), multiplier: ticket!.multiplier }, outcome);
    expect(minor(ticket!.win)).toBe(win);
    const balance = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token });
    expect(minor(balance.body.value.balance)).toBe(minor('88.00') + win);
    // One slip was debited once, though it was sent twice at once.
    const { rows: slips } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM house.lottery_slips WHERE member_id = $1', [memberId]);
    expect(slips[0]!.n).toBe(1);

    await eventually(() => pushes.some((push) => push.data.roundId === draw.drawNo && push.data.kind === 'settled'), 'the settled push', 20_000);
    const result = pushes.find((push) => push.data.roundId === draw.drawNo && push.data.kind === 'result')!;
    expect((result.data.data.draw as { numbers: string[] }).numbers).toEqual(drawn[0]!.numbers);

    // The games service's draw feed has the same numbers, signed in as the catalogue vendor LOTT.
    await eventually(
      async () => {
        const page = await call<{ list: Array<{ vendor: string; drawNo: string; numbers: string[] }> }>('GET', `/lotto/lgw/games/opened/numero?gameCode=${GAME}&pageSize=20`, { token });
        const reported = page.body.value.list.find((found) => found.drawNo === draw.drawNo);
        if (reported) expect(reported).toMatchObject({ vendor: 'LOTT', numbers: drawn[0]!.numbers });
        return !!reported;
      },
      'the draw in the opened numbers',
      20_000,
    );

    const sums = await db.query<{ total: string }>('SELECT sum(amount_minor)::text AS total FROM wallet.entries GROUP BY currency');
    for (const row of sums.rows) expect(row.total).toBe('0');
  }, 120_000);
});
