import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import type { HouseTableEvent, PvpRoom } from '@wps/contracts';
import { compareHands, dealHands, handDeck } from './rules.js';
import type { TeenPattiTables } from './teen-patti-tables.js';
import { act, balanceOf, member, playingHand, sit, stand, stateOf, waitFor, type Member } from './pvp-testing.js';
import { startEmbedded, type EmbeddedPlatform } from '../../../../embedded/src/host.js';

// Short clocks; the live tables do not run here.
const env = {
  HOUSE_LIVE_RUNNERS: 'false',
  HOUSE_PVP_TURN_SECONDS: '2',
  HOUSE_PVP_START_SECONDS: '0.3',
  HOUSE_PVP_TICK_MS: '50',
};

type Push = { v: number; type: string; data: HouseTableEvent };

describe('Teen Patti through the gateway (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  const actionCount = async (handId: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM house.pvp_actions WHERE hand_id = ${handId}`))[0]!.n;
  const pvp = () => (platform.instances.house as unknown as { pvp: TeenPattiTables }).pvp;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env });
    [alice, bob] = await Promise.all([member(call, '100.00'), member(call, '100.00')]);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('lists the rooms (GLS2_roomList) with their boot and seated count', async () => {
    const rooms = await call<PvpRoom[]>('GET', '/wps/relay/GLS2_roomList');
    expect(rooms.status).toBe(200);
    expect(rooms.body.value.map((room) => [room.roomId, room.boot, room.seats, room.seated])).toEqual([
      ['tp-1', '1', 5, 0],
      ['tp-2', '5', 5, 0],
      ['tp-3', '10', 5, 0],
    ]);
    expect((await call('GET', '/wps/house/pvp/tables/nope-1')).body.code).toBe('PVP_TABLE_NOT_FOUND');
  });

  it('plays a hand to a show: private cards, turns, a refused out-of-turn action, an idempotent replay, the pot less the rake to the better hand', async () => {
    const watcher: Socket = io(platform.url, { transports: ['websocket'] });
    sockets.push(watcher);
    const pushes: Push[] = [];
    watcher.on('push', (push: Push) => push.type === 'table' && push.data.tableId === 'tp-1' && pushes.push(push));
    await waitFor(async () => watcher.connected, Boolean, 'the guest socket');
    expect(await watcher.timeout(2_000).emitWithAck('join-table', 'tp-1')).toBe(true);

    expect((await sit(call, 'tp-1', alice, 2)).body.value.seatNo).toBe(2);
    const taken = await sit(call, 'tp-1', bob, 2);
    expect([taken.status, taken.body.code]).toEqual([409, 'PVP_SEAT_TAKEN']);
    expect((await sit(call, 'tp-1', bob, 4)).body.value.seatNo).toBe(4);
    expect((await sit(call, 'tp-1', bob)).body.code).toBe('PVP_ALREADY_SEATED');
    expect((await call('POST', '/wps/house/pvp/tables/tp-1/sit', { body: {} })).status).toBe(401);

    const seen = await playingHand(call, 'tp-1', alice);
    const hand = seen.hand!;
    expect(hand.players.map((player) => player.seatNo).sort()).toEqual([2, 4]);
    expect(hand.pot).toBe('2.00');
    expect(hand.serverSeed).toBeNull();
    expect(hand.seedHash).toMatch(/^[0-9a-f]{64}$/);
    // Each player sees only their own cards; a guest sees none.
    expect(seen.myCards).toHaveLength(3);
    expect(hand.players.find((player) => player.seatNo === 2)!.cards).toEqual(seen.myCards);
    expect(hand.players.find((player) => player.seatNo === 4)!.cards).toBeNull();
    const bobView = await stateOf(call, 'tp-1', bob);
    expect(bobView.hand!.players.find((player) => player.seatNo === 2)!.cards).toBeNull();
    const guestView = await stateOf(call, 'tp-1');
    expect(guestView.hand!.players.every((player) => player.cards === null)).toBe(true);
    expect(guestView.myCards).toBeNull();
    expect(await balanceOf(call, alice)).toBe(99);
    expect(await balanceOf(call, bob)).toBe(99);

    const bySeat = new Map([
      [2, alice],
      [4, bob],
    ]);
    const first = bySeat.get(hand.turnSeat!)!;
    const second = first === alice ? bob : alice;
    expect((await stateOf(call, 'tp-1', first)).canAct).toEqual(['chaal', 'raise', 'pack', 'show']);
    expect((await stateOf(call, 'tp-1', second)).canAct).toEqual([]);

    // Out of turn: refused, nothing changes.
    const before = await actionCount(hand.handId);
    const outOfTurn = await act(call, 'tp-1', second, hand.handId, 'chaal');
    expect([outOfTurn.status, outOfTurn.body.code]).toEqual([409, 'PVP_NOT_YOUR_TURN']);
    expect(outOfTurn.body.message).toBe('It is not your turn');
    expect(await actionCount(hand.handId)).toBe(before);
    expect(await balanceOf(call, second)).toBe(99);
    const badAction = await call('POST', '/wps/house/pvp/tables/tp-1/act', { token: first.token, body: { handId: hand.handId, action: 'fold', requestId: randomUUID() } });
    expect(badAction.status).toBe(400);

    // A chaal, replayed with the same request id: charged once.
    const requestId = randomUUID();
    const chaal = await act(call, 'tp-1', first, hand.handId, 'chaal', requestId);
    expect(chaal.body.value).toMatchObject({ kind: 'chaal', amount: '1.00', replayed: false });
    const replay = await act(call, 'tp-1', first, hand.handId, 'chaal', requestId);
    expect(replay.body.value).toMatchObject({ seq: chaal.body.value.seq, kind: 'chaal', amount: '1.00', replayed: true });
    expect(await balanceOf(call, first)).toBe(98);

    // The clock stops here so that the next hand's boots do not mix into the balances checked below.
    await pvp().stop();
    const raise = await act(call, 'tp-1', second, hand.handId, 'raise');
    expect(raise.body.value).toMatchObject({ kind: 'raise', amount: '2.00' });
    const show = await act(call, 'tp-1', first, hand.handId, 'show');
    expect(show.body.value).toMatchObject({ kind: 'show', amount: '2.00' });

    const done = await waitFor(
      () => stateOf(call, 'tp-1', alice),
      (state) => state.hand?.handId === hand.handId && state.hand.status === 'settled',
      'the hand to settle',
    );
    const settled = done.hand!;
    // pot 1 + 1 + 1 + 2 + 2 = 7.00; rake 5 % = 0.35; the winner gets 6.65.
    expect([settled.pot, settled.rake, settled.payout, settled.endedBy]).toEqual(['7.00', '0.35', '6.65', 'show']);
    expect(settled.players.every((player) => player.cards !== null)).toBe(true);

    // The revealed seed recomputes the deal, and the better hand won (the one who asked for the show loses a tie).
    expect(createHash('sha256').update(Buffer.from(settled.serverSeed!, 'hex')).digest('hex')).toBe(settled.seedHash);
    const turnOrder = [...settled.players].sort((a, b) => (a.seatNo === hand.turnSeat ? -1 : b.seatNo === hand.turnSeat ? 1 : 0));
    const dealt = dealHands(handDeck(settled.serverSeed!, settled.clientSeed, settled.nonce), 2);
    expect(turnOrder.map((player) => player.cards)).toEqual(dealt);
    const firstSeat = hand.turnSeat!;
    const secondSeat = firstSeat === 2 ? 4 : 2;
    const expectedWinner = compareHands(dealt[0]!, dealt[1]!) > 0 ? firstSeat : secondSeat;
    expect(settled.winnerSeat).toBe(expectedWinner);

    const winner = bySeat.get(expectedWinner)!;
    const loser = winner === alice ? bob : alice;
    expect(await balanceOf(call, winner)).toBe(winner === first ? 96 + 6.65 : 97 + 6.65);
    const change = (await balanceOf(call, alice)) - 100 + ((await balanceOf(call, bob)) - 100);
    expect(change.toFixed(2)).toBe('-0.35');
    expect(loser).toBeTruthy();
    expect(done.history[0]).toMatchObject({ handId: hand.handId, pot: '7.00', rake: '0.35', winnerSeat: expectedWinner });
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });

    // Nothing hidden went to the room before the show; the closed hand refuses actions.
    const beforeResult = pushes.filter((push) => push.data.roundId !== hand.handId || (push.data.kind !== 'result' && push.data.kind !== 'settled'));
    const dealtCards = dealt.flat();
    for (const push of beforeResult) for (const card of dealtCards) expect(JSON.stringify(push.data)).not.toContain(`"${card}"`);
    expect(pushes.some((push) => push.data.kind === 'round-opened' && push.data.roundId === hand.handId)).toBe(true);
    expect(pushes.some((push) => push.data.kind === 'result' && push.data.roundId === hand.handId)).toBe(true);
    const closed = await act(call, 'tp-1', first, hand.handId, 'chaal');
    expect([closed.status, closed.body.code]).toEqual([409, 'PVP_HAND_CLOSED']);
  }, 60_000);

  it('plays the next hand to a pack: the last player standing takes the pot less the rake', async () => {
    const [aliceBefore, bobBefore] = [await balanceOf(call, alice), await balanceOf(call, bob)];
    const previous = (await stateOf(call, 'tp-1', alice)).hand!.handNo;
    await pvp().start();
    const seen = await playingHand(call, 'tp-1', alice, previous);
    const hand = seen.hand!;
    await pvp().stop();
    const first = hand.turnSeat === 2 ? alice : bob;
    const other = first === alice ? bob : alice;
    const packed = await act(call, 'tp-1', first, hand.handId, 'pack');
    expect(packed.body.value).toMatchObject({ kind: 'pack', amount: '0.00' });
    const done = await waitFor(
      () => stateOf(call, 'tp-1', other),
      (state) => state.hand?.handId === hand.handId && state.hand.status === 'settled',
      'the hand to settle',
    );
    // pot 2.00, rake 0.10, the other player gets 1.90; the packed hand stays hidden.
    expect([done.hand!.pot, done.hand!.rake, done.hand!.payout, done.hand!.endedBy]).toEqual(['2.00', '0.10', '1.90', 'pack']);
    expect(done.hand!.players.find((player) => player.seatNo === hand.turnSeat)!.cards).toBeNull();
    const change = (await balanceOf(call, alice)) - aliceBefore + ((await balanceOf(call, bob)) - bobBefore);
    expect(change.toFixed(2)).toBe('-0.10');
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
    expect((await stand(call, 'tp-1', alice)).status).toBe(200);
    expect((await stand(call, 'tp-1', bob)).status).toBe(200);
    expect((await stand(call, 'tp-1', bob)).body.code).toBe('PVP_NOT_SEATED');
    await pvp().start();
  }, 30_000);

  it('packs a player whose clock runs out and stands them up', async () => {
    const [carol, dave] = await Promise.all([member(call, '50.00'), member(call, '50.00')]);
    await sit(call, 'tp-2', carol, 1);
    await sit(call, 'tp-2', dave, 3);
    const hand = (await playingHand(call, 'tp-2', carol)).hand!;
    const sleeper = hand.turnSeat === 1 ? carol : dave;
    const patient = sleeper === carol ? dave : carol;
    const done = await waitFor(
      () => stateOf(call, 'tp-2', patient),
      (state) => state.hand?.handId === hand.handId && state.hand.status === 'settled',
      'the timeout to end the hand',
      10_000,
    );
    expect(done.hand!.actions.at(-1)).toMatchObject({ kind: 'timeout', seatNo: hand.turnSeat });
    expect([done.hand!.pot, done.hand!.rake, done.hand!.winnerSeat]).toEqual(['10.00', '0.50', sleeper === carol ? 3 : 1]);
    expect(done.seats.map((seat) => seat.seatNo)).toEqual([sleeper === carol ? 3 : 1]);
    expect(await balanceOf(call, sleeper)).toBe(45);
    expect(await balanceOf(call, patient)).toBe(54.5);
    await stand(call, 'tp-2', patient);
  }, 30_000);

  it('refuses a sit below the boot and at a full table, passes insufficient funds through unchanged, and refunds a hand cut short', async () => {
    const poor = await member(call, '5.00');
    const belowBoot = await sit(call, 'tp-3', poor);
    expect([belowBoot.status, belowBoot.body.code, belowBoot.body.message]).toEqual([409, 'PVP_BELOW_BOOT', 'Your balance is below the boot of 10.00 for this table']);

    const players = await Promise.all(Array.from({ length: 5 }, () => member(call, '10.00')));
    // The countdown must not start a hand before every seat is taken: the runner is stopped while they sit.
    await pvp().stop();
    for (const [index, player] of players.entries()) expect((await sit(call, 'tp-3', player, index + 1)).status).toBe(200);
    const full = await sit(call, 'tp-3', alice);
    expect([full.status, full.body.code]).toEqual([409, 'PVP_TABLE_FULL']);
    expect((await call<PvpRoom[]>('GET', '/wps/relay/GLS2_roomList')).body.value.find((room) => room.roomId === 'tp-3')!.seated).toBe(5);
    await pvp().start();

    const hand = (await playingHand(call, 'tp-3', players[0]!)).hand!;
    await pvp().stop();
    expect(hand.pot).toBe('50.00');
    const bySeat = new Map(players.map((player, index) => [index + 1, player]));
    const toAct = bySeat.get(hand.turnSeat!)!;
    expect(await balanceOf(call, toAct)).toBe(0);
    const before = await actionCount(hand.handId);
    const broke = await act(call, 'tp-3', toAct, hand.handId, 'chaal');
    expect([broke.status, broke.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await actionCount(hand.handId)).toBe(before);
    expect((await stateOf(call, 'tp-3', toAct)).hand).toMatchObject({ pot: '50.00', turnSeat: hand.turnSeat });

    // The runner (stopped mid-hand above) starts again: the hand is refunded, every boot comes back.
    await pvp().start();
    const refunded = await waitFor(
      () => stateOf(call, 'tp-3', toAct),
      (state) => state.hand?.handId === hand.handId && state.hand.status === 'refunded',
      'the cut hand to be refunded',
    );
    await pvp().stop();
    // Still the latest hand: no new one took boots before the clock stopped again.
    expect((await stateOf(call, 'tp-3')).hand!.handId).toBe(hand.handId);
    expect(refunded.hand!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    for (const player of players) expect(await balanceOf(call, player)).toBe(10);
    const [stakes] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM house.pvp_actions WHERE hand_id = ${hand.handId} AND status <> 'refunded'`);
    expect(stakes!.n).toBe(0);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
    for (const player of players) await stand(call, 'tp-3', player);
    await pvp().start();
  }, 60_000);
});
