import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import {
  formatMinor,
  lotteryOutcomeFromSeed,
  lotteryRoom,
  parseMajor,
  serverSeedHash,
  ticketWinMinor,
  type HouseTableEvent,
  type LotteryDrawProof,
  type LotteryGameState,
  type LotteryGames,
  type LotteryOutcome,
  type LotterySlip,
  type LotteryTicketView,
  type LotteryTrends,
} from '@wps/contracts';
import { createLogger, rows } from '@wps/platform';
import { apiCaller, eventually, registerTestMember } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import type { HouseServiceInstance } from '../app.js';
import { reportDraws } from './report.js';
import { lotteryWalletIds } from './wallet.js';

interface Member {
  token: string;
  id: string;
}
type Push = { v: number; type: string; data: HouseTableEvent };

/** The runner plays one game on a four-second clock; the other games are moved on by hand, draw by draw. */
const RUNNER_GAME = 'elott-002';
/** The demo lottery vendors' secret, known here so the test can report draws as the vendor LOTT. */
const LOTTERY_VENDOR_SECRET = 'lottery-vendor-secret-for-tests';

describe('the house lottery through the public API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  let ip = 1;
  const house = () => platform.instances.house as HouseServiceInstance;

  const register = (deposit = '1000.00'): Promise<Member> => registerTestMember(call, platform.db, { prefix: 'lot', ip: `198.51.100.${ip++ % 250}`, deposit });
  const balance = async (member: Member) => (await platform.clients.wallet.getBalance({ merchantCode: 'DEMO', memberId: member.id, currency: 'MXN' })).balance;
  const minor = (text: string) => parseMajor(text, 'MXN')!;
  const slip = (member: Member, gameCode: string, body: Record<string, unknown>, key: string = randomUUID()) =>
    call<LotterySlip>('POST', `/wps/house/lottery/games/${gameCode}/slips`, { token: member.token, key, body });
  const state = async (gameCode: string, member?: Member) => (await call<LotteryGameState>('GET', `/wps/house/lottery/games/${gameCode}`, member ? { token: member.token } : {})).body.value;
  const ticketCount = async (gameCode: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM house.lottery_tickets WHERE game_code = ${gameCode}`))[0]!.n;
  const ledgerIsSound = async () => expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });

  let hoursAhead = 0;
  /** Commits fresh draws of the game and opens the first for a minute of betting, whatever its schedule says. */
  const openDraw = async (gameCode: string): Promise<string> => {
    await house().lottery.commit(gameCode, Date.now() + ++hoursAhead * 3_600_000);
    const [draw] = await rows<{ draw_no: string }>(
      platform.db.orm,
      sql`UPDATE house.lottery_draws SET opens_at = now() - interval '1 second', closes_at = now() + interval '60 seconds', draw_at = now() + interval '61 seconds'
          WHERE draw_id = (SELECT draw_id FROM house.lottery_draws WHERE game_code = ${gameCode} AND status = 'open' ORDER BY draw_at LIMIT 1) RETURNING draw_no`,
    );
    // The other committed draws wait: the opened one is the draw taking bets.
    await platform.db.orm.execute(
      sql`DELETE FROM house.lottery_draws d WHERE d.game_code = ${gameCode} AND d.status = 'open' AND d.draw_no <> ${draw!.draw_no}
          AND NOT EXISTS (SELECT 1 FROM house.lottery_tickets t WHERE t.draw_id = d.draw_id)`,
    );
    return draw!.draw_no;
  };
  /** Moves a draw past its close (and, with `drawn`, past its draw time). */
  const pastClose = (gameCode: string, drawNo: string, drawn = false) =>
    platform.db.orm.execute(
      sql`UPDATE house.lottery_draws SET closes_at = now() - interval '2 seconds', draw_at = now() ${drawn ? sql`- interval '1 second'` : sql`+ interval '60 seconds'`}
          WHERE game_code = ${gameCode} AND draw_no = ${drawNo}`,
    );
  const drawRow = async (gameCode: string, drawNo: string) =>
    (await rows<{ status: string; outcome: unknown }>(platform.db.orm, sql`SELECT status, outcome FROM house.lottery_draws WHERE game_code = ${gameCode} AND draw_no = ${drawNo}`))[0]!;
  const outcomeOf = async (gameCode: string, drawNo: string): Promise<LotteryOutcome> => {
    const { outcome } = await drawRow(gameCode, drawNo);
    return (typeof outcome === 'string' ? JSON.parse(outcome) : outcome) as LotteryOutcome;
  };
  const expectedWin = (ticket: LotteryTicketView, outcome: LotteryOutcome) =>
    ticketWinMinor({ betType: ticket.betType, selection: ticket.selection, unitStakeMinor: minor(ticket.unitStake), multiplier: ticket.multiplier }, outcome);
  const ticketsOf = async (member: Member, status: 'open' | 'settled', gameCode?: string) =>
    (await call<{ list: LotteryTicketView[]; total: number }>('GET', `/wps/house/lottery/tickets?status=${status}${gameCode ? `&gameCode=${gameCode}` : ''}&pageSize=100`, { token: member.token }))
      .body.value;

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: process.env.LOTTERY_TEST_LOG ?? 'silent',
      requestsPerIpPerMinute: 100_000,
      env: {
        HOUSE_LOTTERY_GAMES: RUNNER_GAME,
        HOUSE_LOTTERY_INTERVAL_SECONDS: '4',
        HOUSE_LOTTERY_CLOSE_SECONDS: '1',
        REGISTRATIONS_PER_IP_PER_HOUR: '1000',
        ARGON2_MEMORY_KIB: '1024',
        LOTTERY_VENDOR_SECRET,
      },
    });
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('lists every lottery game of the catalogue with its committed draw', async () => {
    const listed = await call<LotteryGames>('GET', '/wps/house/lottery/games');
    expect(listed.status).toBe(200);
    const games = listed.body.value.games;
    expect(games).toHaveLength(30);
    expect(new Set(games.map((game) => game.vendor))).toEqual(new Set(['LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA']));
    await eventually(async () => (await call<LotteryGames>('GET', '/wps/house/lottery/games')).body.value.games.find((game) => game.gameCode === RUNNER_GAME)!.draw !== null, 'the runner’s draw');
    const runner = (await call<LotteryGames>('GET', '/wps/house/lottery/games')).body.value.games.find((game) => game.gameCode === RUNNER_GAME)!;
    expect(runner).toMatchObject({ family: 'k3', gameType: 'ELOTT', room: 'lottery-elott-002', intervalSeconds: 4, closeSeconds: 1 });
    expect(runner.draw).toMatchObject({ status: 'open', seedHash: expect.stringMatching(/^[0-9a-f]{64}$/), serverSeed: null, numbers: null });
    expect((await call('GET', '/wps/house/lottery/games/nope-001')).body.code).toBe('LOTTERY_GAME_NOT_FOUND');
  });

  it('runs draws on its own: a slip on the open draw is settled by the rules and every moment is pushed to watchers', async () => {
    const alice = await register('100.00');
    const watcher: Socket = io(platform.url, { transports: ['websocket'] });
    sockets.push(watcher);
    const pushes: Push[] = [];
    watcher.on('push', (push: Push) => push.type === 'table' && pushes.push(push));
    await eventually(() => watcher.connected, 'the guest socket');
    expect(await watcher.timeout(2_000).emitWithAck('join-table', lotteryRoom(RUNNER_GAME))).toBe(true);

    let open: LotteryGameState['draw'] = null;
    await eventually(
      async () => {
        const now = await state(RUNNER_GAME);
        open = now.draw;
        return !!open && Date.parse(open.opensAt) <= Date.parse(now.serverTime) && Date.parse(open.closesAt) - Date.parse(now.serverTime) > 1_500;
      },
      'a draw with time left to bet',
      10_000,
    );
    const draw = open!;
    const placed = await slip(alice, RUNNER_GAME, { drawNo: draw.drawNo, bets: [{ betType: 'k3.big_small', selection: { picks: ['big', 'small'] }, unitStake: '2.00', multiplier: 3 }] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.value).toMatchObject({ drawNo: draw.drawNo, totalStake: '12.00', balance: '88.00' });
    expect(placed.body.value.tickets[0]).toMatchObject({ combinations: 2, stake: '12.00', status: 'placed' });

    await eventually(async () => (await ticketsOf(alice, 'settled', RUNNER_GAME)).total === 1, 'the ticket settled by the runner', 15_000);
    const [ticket] = (await ticketsOf(alice, 'settled', RUNNER_GAME)).list;
    const outcome = await outcomeOf(RUNNER_GAME, draw.drawNo);
    expect(minor(ticket!.win)).toBe(expectedWin(ticket!, outcome));
    expect(ticket!.status).toBe(minor(ticket!.win) > 0n ? 'won' : 'lost');
    expect(minor(await balance(alice))).toBe(minor('88.00') + minor(ticket!.win));

    await eventually(() => pushes.some((push) => push.data.roundId === draw.drawNo && push.data.kind === 'settled'), 'the settled push', 10_000);
    const kinds = pushes.filter((push) => push.data.roundId === draw.drawNo).map((push) => push.data.kind);
    expect(kinds).toEqual(expect.arrayContaining(['betting-closed', 'result', 'settled']));
    const result = pushes.find((push) => push.data.roundId === draw.drawNo && push.data.kind === 'result')!;
    expect(result.data.tableId).toBe('lottery-elott-002');
    expect((result.data.data.draw as { numbers: string[] }).numbers).toHaveLength(3);
    await ledgerIsSound();
  }, 40_000);

  it('takes a slip once per key, refuses bad bets and late slips without moving money, and pays exactly the rules’ wins', async () => {
    const gameCode = 'lott-001';
    const bob = await register('1000.00');
    const drawNo = await openDraw(gameCode);
    const open = await state(gameCode, bob);
    expect(open.draw).toMatchObject({ drawNo, status: 'open', serverSeed: null, clientSeed: `${gameCode}:${drawNo}` });
    const seedHash = open.draw!.seedHash;

    const bets = [
      { betType: 'ssc.position', selection: { position: 1, digits: [0, 1, 2, 3, 4] }, unitStake: '2.00', multiplier: 2 },
      { betType: 'ssc.sum_bsoe', selection: { picks: ['big', 'odd'] }, unitStake: '5.00' },
      { betType: 'ssc.dragon_tiger', selection: { picks: ['dragon', 'tiger', 'tie'] }, unitStake: '1.00', multiplier: 10 },
    ];
    const key = `slip-${randomUUID()}`;
    const placed = await slip(bob, gameCode, { bets }, key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // 2 × 5 × 2 + 5 × 2 + 1 × 3 × 10
    expect(placed.body.value).toMatchObject({ drawNo, totalStake: '60.00', balance: '940.00', currency: 'MXN' });
    expect(placed.body.value.tickets.map((ticket) => [ticket.betType, ticket.stake, ticket.status])).toEqual([
      ['ssc.position', '20.00', 'placed'],
      ['ssc.sum_bsoe', '10.00', 'placed'],
      ['ssc.dragon_tiger', '30.00', 'placed'],
    ]);
    expect((await state(gameCode, bob)).myTickets).toHaveLength(3);

    // The same slip again is the first slip; the same key with other bets is a conflict.
    const again = await slip(bob, gameCode, { bets }, key);
    expect(again.status).toBe(200);
    expect(again.body.value.slipId).toBe(placed.body.value.slipId);
    expect((await slip(bob, gameCode, { bets: bets.slice(1) }, key)).body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await ticketCount(gameCode)).toBe(3);
    expect(await balance(bob)).toBe('940.00');

    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ bets: [{ betType: 'k3.sum', selection: { sums: [10] }, unitStake: '1.00' }] }, 400, 'LOTTERY_BET_TYPE_INVALID'],
      [{ bets: [{ betType: 'ssc.position', selection: { position: 6, digits: [1] }, unitStake: '1.00' }] }, 400, 'LOTTERY_SELECTION_INVALID'],
      [{ bets: [{ betType: 'ssc.position', selection: { position: 1, digits: [1] }, unitStake: '0.50' }] }, 400, 'LOTTERY_STAKE_LIMITS'],
      [{ bets: [{ betType: 'ssc.position', selection: { position: 1, digits: [1, 2, 3, 4, 5, 6, 7, 8, 9, 0] }, unitStake: '1000.00', multiplier: 10 }] }, 400, 'LOTTERY_TICKET_LIMIT'],
      [{ bets: [{ betType: 'ssc.position', selection: { position: 1, digits: [1] }, unitStake: '600.00', multiplier: 2 }] }, 409, 'INSUFFICIENT_FUNDS'],
      [{ drawNo: '20200101-0001', bets: [{ betType: 'ssc.position', selection: { position: 1, digits: [1] }, unitStake: '1.00' }] }, 404, 'LOTTERY_DRAW_NOT_FOUND'],
    ];
    for (const [body, status, code] of refusals) {
      const refused = await slip(bob, gameCode, body);
      expect([refused.status, refused.body.code], JSON.stringify(refused.body)).toEqual([status, code]);
    }
    expect((await call('POST', `/wps/house/lottery/games/${gameCode}/slips`, { key: randomUUID(), body: { bets } })).status).toBe(401);
    expect(await ticketCount(gameCode)).toBe(3);
    expect(await balance(bob)).toBe('940.00');

    // After the close: refused with the message, and nothing moves.
    await pastClose(gameCode, drawNo);
    const late = await slip(bob, gameCode, { drawNo, bets: bets.slice(0, 1) });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'LOTTERY_BETTING_CLOSED', message: 'Betting for this draw is closed' });
    expect(await ticketCount(gameCode)).toBe(3);
    expect(await balance(bob)).toBe('940.00');

    await pastClose(gameCode, drawNo, true);
    await house().lottery.advance(house().lottery.game(gameCode));
    const settled = await ticketsOf(bob, 'settled', gameCode);
    expect(settled.total).toBe(3);
    const outcome = await outcomeOf(gameCode, drawNo);
    let won = 0n;
    for (const ticket of settled.list) {
      expect(minor(ticket.win)).toBe(expectedWin(ticket, outcome));
      won += minor(ticket.win);
    }
    expect(minor(await balance(bob))).toBe(minor('940.00') + won);
    expect((await drawRow(gameCode, drawNo)).status).toBe('settled');
    await ledgerIsSound();

    // The revealed seed is the committed one, and it reproduces the numbers.
    const proof = (await call<LotteryDrawProof>('GET', `/wps/house/lottery/games/${gameCode}/draws/${drawNo}/proof`)).body.value;
    expect(proof).toMatchObject({ family: 'ssc', status: 'settled', seedHash, clientSeed: `${gameCode}:${drawNo}`, nonce: 0 });
    expect(await serverSeedHash(proof.serverSeed!)).toBe(seedHash);
    expect(await lotteryOutcomeFromSeed('ssc', proof.serverSeed!, proof.clientSeed)).toEqual(outcome);
    expect(proof.numbers).toEqual(outcome.numbers.map(String));

    const history = (await call<{ list: Array<{ drawNo: string; serverSeed: string | null }> }>('GET', `/wps/house/lottery/games/${gameCode}/draws`)).body.value.list;
    expect(history[0]).toMatchObject({ drawNo, serverSeed: proof.serverSeed });
    const trends = (await call<LotteryTrends>('GET', `/wps/house/lottery/games/${gameCode}/trends?draws=10`)).body.value;
    expect(trends.draws).toBe(1);
    // ssc: five ball rows and the row over all balls, which counts each of the draw's five balls once.
    expect(trends.rows.map((row) => row.kind)).toEqual(['ball', 'ball', 'ball', 'ball', 'ball', 'all']);
    expect(trends.rows.at(-1)!.counts.reduce((sum, count) => sum + count, 0)).toBe(5);
    outcome.numbers.forEach((ball, position) => expect(trends.rows[position]!.counts[trends.values.indexOf(String(ball))]).toBe(1));
    // A draw not drawn keeps its seed.
    const next = (await state(gameCode)).draw!;
    expect((await call('GET', `/wps/house/lottery/games/${gameCode}/draws/${next.drawNo}/proof`)).body.code).toBe('LOTTERY_DRAW_NOT_DRAWN');
  }, 60_000);

  it('reports drawn results to the opened-numbers feed as the catalogue vendor, once each', async () => {
    const member = await register('0');
    const reporter = {
      db: platform.db,
      logger: createLogger({ service: 'test', level: 'silent' }),
      config: { ...house().lottery.configForTests(), HOUSE_LOTTERY_REPORT_DRAWS: true, WALLET_VENDOR_SECRETS: new Map([['LOTT', LOTTERY_VENDOR_SECRET]]) },
      reportDraw: (signed: Parameters<typeof platform.clients.games.reportLotteryDraw>[0]) => platform.clients.games.reportLotteryDraw(signed),
    };
    expect(await reportDraws(reporter)).toBeGreaterThanOrEqual(1);
    const drawn = await rows<{ draw_no: string; numbers: unknown }>(
      platform.db.orm,
      sql`SELECT draw_no, numbers FROM house.lottery_draws WHERE game_code = 'lott-001' AND status = 'settled' ORDER BY draw_at DESC LIMIT 1`,
    );
    const opened = await call<{ list: Array<{ vendor: string; drawNo: string; numbers: string[] }> }>('GET', '/lotto/lgw/games/opened/numero?gameCode=lott-001', { token: member.token });
    expect(opened.status).toBe(200);
    const numbers = typeof drawn[0]!.numbers === 'string' ? JSON.parse(drawn[0]!.numbers) : drawn[0]!.numbers;
    expect(opened.body.value.list.find((draw) => draw.drawNo === drawn[0]!.draw_no)).toMatchObject({ vendor: 'LOTT', numbers });
    // Reported once: nothing is left to report for the vendor that has a secret here.
    const left = await rows<{ n: number }>(
      platform.db.orm,
      sql`SELECT count(*)::int AS n FROM house.lottery_draws WHERE game_code LIKE 'lott-%' AND reported_at IS NULL AND status IN ('drawn', 'settled')`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('resumes a settlement a restart cut short and pays each ticket once', async () => {
    const gameCode = 'lott-004';
    const members = [await register('500.00'), await register('500.00')];
    const drawNo = await openDraw(gameCode);
    for (const member of members) {
      const bets = Array.from({ length: 10 }, (_, index) => ({ betType: 'k3.sum', selection: { sums: [4 + index, 5 + index] }, unitStake: '1.00', multiplier: 1 + (index % 3) }));
      const placed = await slip(member, gameCode, { bets });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    expect(await ticketCount(gameCode)).toBe(20);
    await pastClose(gameCode, drawNo, true);
    expect(await house().lottery.produce(gameCode, drawNo)).toBe('drawn');
    const outcome = await outcomeOf(gameCode, drawNo);

    // Seven tickets paid, then the process stops; one more was paid by the wallet but its answer never got stored.
    expect(await house().lottery.settle(gameCode, drawNo, { stopAfter: 7 })).toEqual({ paid: 7, finished: false });
    const [unstored] = await rows<{ ticket_id: string; member_id: string; bet_type: string; selection: unknown; unit_minor: string; multiplier: number }>(
      platform.db.orm,
      sql`SELECT t.ticket_id::text AS ticket_id, t.member_id, t.bet_type, t.selection, t.unit_minor::text AS unit_minor, t.multiplier FROM house.lottery_tickets t
          JOIN house.lottery_draws d ON d.draw_id = t.draw_id WHERE d.game_code = ${gameCode} AND t.status = 'placed' ORDER BY t.ticket_id LIMIT 1`,
    );
    const selection = typeof unstored!.selection === 'string' ? JSON.parse(unstored!.selection) : unstored!.selection;
    const unstoredWin = ticketWinMinor({ betType: unstored!.bet_type, selection, unitStakeMinor: BigInt(unstored!.unit_minor), multiplier: unstored!.multiplier }, outcome);
    const ids = lotteryWalletIds(unstored!.ticket_id);
    await house()
      .wallet()
      .win({ memberId: unstored!.member_id, currency: 'MXN' }, { roundId: ids.roundId, transactionId: ids.win, betTransactionId: ids.bet, amount: formatMinor(unstoredWin, 'MXN') });

    // The runner takes over after the restart and finishes.
    await house().lottery.recover();
    expect((await drawRow(gameCode, drawNo)).status).toBe('settled');
    const wins = await rows<{ transaction_id: string; n: number }>(
      platform.db.orm,
      sql`SELECT transaction_id, count(*)::int AS n FROM wallet.vendor_transactions WHERE vendor = 'HOUSE' AND operation = 'win' AND transaction_id LIKE 'lt:%:win'
            AND player_id = ANY(${`{${members.map((member) => member.id).join(',')}}`}::text[]) GROUP BY transaction_id`,
    );
    expect(wins).toHaveLength(20);
    expect(wins.every((win) => win.n === 1)).toBe(true);
    for (const member of members) {
      const tickets = (await ticketsOf(member, 'settled', gameCode)).list;
      expect(tickets).toHaveLength(10);
      const staked = tickets.reduce((sum, ticket) => sum + minor(ticket.stake), 0n);
      const won = tickets.reduce((sum, ticket) => sum + minor(ticket.win), 0n);
      for (const ticket of tickets) expect(minor(ticket.win)).toBe(expectedWin(ticket, outcome));
      expect(minor(await balance(member))).toBe(minor('500.00') - staked + won);
    }
    await ledgerIsSound();
  }, 60_000);

  it('cancels a draw by the operator or when it cannot be produced, refunding every ticket', async () => {
    const gameCode = 'lott-006';
    const carol = await register('300.00');
    const dave = await register('300.00');
    const drawNo = await openDraw(gameCode);
    const bet = { betType: 'pk10.position', selection: { position: 1, cars: [1, 2, 3] }, unitStake: '10.00', multiplier: 2 };
    expect((await slip(carol, gameCode, { bets: [bet, bet] })).status).toBe(200);
    expect((await slip(dave, gameCode, { bets: [bet] })).status).toBe(200);
    expect(await balance(carol)).toBe('180.00');

    const operator = { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' };
    const cancelled = await call<{ status: string; cancelReason: string }>('POST', `/operator/v1/house/lottery/games/${gameCode}/draws/${drawNo}/cancel`, {
      headers: operator,
      body: { reason: 'studio outage' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.value).toMatchObject({ status: 'cancelled', cancelReason: 'cancelled by the operator: studio outage' });
    await eventually(async () => (await balance(carol)) === '300.00' && (await balance(dave)) === '300.00', 'the refunds');
    expect((await ticketsOf(carol, 'settled', gameCode)).list.map((ticket) => [ticket.status, ticket.win])).toEqual([
      ['refunded', '0.00'],
      ['refunded', '0.00'],
    ]);
    const late = await slip(carol, gameCode, { drawNo, bets: [bet] });
    expect(late.body.code).toBe('LOTTERY_BETTING_CLOSED');
    expect(await balance(carol)).toBe('300.00');
    // The wallet records each ticket's round as cancelled.
    const voids = await rows<{ n: number }>(
      platform.db.orm,
      sql`SELECT count(*)::int AS n FROM wallet.vendor_transactions WHERE vendor = 'HOUSE' AND operation = 'void' AND player_id IN (${carol.id}, ${dave.id})`,
    );
    expect(voids[0]!.n).toBe(3);

    // A draw whose seed is gone cannot be produced: it is cancelled and refunded by the runner.
    const second = await openDraw(gameCode);
    expect((await slip(dave, gameCode, { bets: [bet] })).status).toBe(200);
    expect(await balance(dave)).toBe('240.00');
    await platform.db.orm.execute(sql`UPDATE house.lottery_draws SET server_seed = NULL WHERE game_code = ${gameCode} AND draw_no = ${second}`);
    await pastClose(gameCode, second, true);
    await house().lottery.advance(house().lottery.game(gameCode));
    await house().lottery.recover();
    expect((await drawRow(gameCode, second)).status).toBe('cancelled');
    expect(await balance(dave)).toBe('300.00');
    const history = (await call<{ list: Array<{ drawNo: string; status: string; cancelReason: string | null }> }>('GET', `/wps/house/lottery/games/${gameCode}/draws`)).body.value.list;
    expect(history.find((draw) => draw.drawNo === second)).toMatchObject({ status: 'cancelled', cancelReason: 'the draw’s seed is missing' });
    // A drawn draw cannot be cancelled any more.
    const third = await openDraw(gameCode);
    await pastClose(gameCode, third, true);
    await house().lottery.advance(house().lottery.game(gameCode));
    const refused = await call('POST', `/operator/v1/house/lottery/games/${gameCode}/draws/${third}/cancel`, { headers: operator, body: {} });
    expect([refused.status, refused.body.code]).toEqual([409, 'LOTTERY_DRAW_NOT_CANCELLABLE']);
    await ledgerIsSound();
  }, 60_000);
});
