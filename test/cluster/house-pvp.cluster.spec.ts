import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, registerFundedMember, uniqueUsername, useClusterDatabase } from './support.js';

/**
 * A Teen Patti hand in cluster mode: the house service keeps the table's clock (lease in PostgreSQL), takes every
 * stake through the wallet's signed vendor API over HTTP, and its table events travel house outbox → Kafka → gateway
 * → Socket.IO. Started by `npm run test:cluster`, which passes GATEWAY_URL and DATABASE_URL.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl } = clusterEnv('GATEWAY_URL', 'DATABASE_URL');

const call = apiCaller(gateway);
const TABLE = 'tp-2';
type TablePush = { type: string; data: { tableId: string; kind: string; roundId: string; data: Record<string, unknown> } };
interface HandView {
  handId: string;
  status: string;
  turnSeat: number | null;
  pot: string;
  rake: string | null;
  payout: string | null;
  winnerSeat: number | null;
  players: Array<{ seatNo: number; cards: string[] | null }>;
}
interface StateView {
  hand: HandView | null;
  myCards: string[] | null;
  canAct: string[];
}

describe('house Teen Patti in cluster mode', () => {
  const db = useClusterDatabase(databaseUrl);
  const sockets: Socket[] = [];

  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  const member = () => registerFundedMember(call, db, uniqueUsername('tp', 10), '50.00');
  const balance = async (token: string) => Number((await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token })).body.value.balance);
  const state = async (token?: string) => (await call<StateView>('GET', `/wps/house/pvp/tables/${TABLE}`, token ? { token } : {})).body.value;

  it('plays a hand to a show through the cluster gateway: boots, turns, the result pushed without hidden cards, the pot less the rake paid', async () => {
    const [alice, bob] = [await member(), await member()];
    const guest: Socket = io(gateway, { transports: ['websocket'] });
    sockets.push(guest);
    const pushes: TablePush[] = [];
    guest.on('push', (push: TablePush) => push.type === 'table' && push.data.tableId === TABLE && pushes.push(push));
    await eventually(() => guest.connected, 'the guest socket', 10_000);
    expect(await guest.timeout(5_000).emitWithAck('join-table', TABLE)).toBe(true);

    expect((await call('POST', `/wps/house/pvp/tables/${TABLE}/sit`, { token: alice.token, body: { seatNo: 1 } })).status).toBe(200);
    expect((await call('POST', `/wps/house/pvp/tables/${TABLE}/sit`, { token: bob.token, body: { seatNo: 2 } })).status).toBe(200);
    let hand: HandView | undefined;
    await eventually(
      async () => {
        hand = (await state(alice.token)).hand ?? undefined;
        return hand?.status === 'playing';
      },
      'a hand in play',
      40_000,
    );
    expect(hand!.pot).toBe('10.00');
    const [first, second] = hand!.turnSeat === 1 ? [alice, bob] : [bob, alice];
    const mine = await state(first.token);
    expect(mine.myCards).toHaveLength(3);
    expect(mine.canAct).toContain('chaal');
    expect((await state()).hand!.players.every((player) => player.cards === null)).toBe(true);

    const refused = await call('POST', `/wps/house/pvp/tables/${TABLE}/act`, { token: second.token, body: { handId: hand!.handId, action: 'chaal', requestId: randomUUID() } });
    expect(refused.body.code).toBe('PVP_NOT_YOUR_TURN');
    expect((await call('POST', `/wps/house/pvp/tables/${TABLE}/act`, { token: first.token, body: { handId: hand!.handId, action: 'chaal', requestId: randomUUID() } })).status).toBe(200);
    expect((await call('POST', `/wps/house/pvp/tables/${TABLE}/act`, { token: second.token, body: { handId: hand!.handId, action: 'show', requestId: randomUUID() } })).status).toBe(200);

    let settled: HandView | undefined;
    await eventually(
      async () => {
        settled = (await state(alice.token)).hand ?? undefined;
        return settled?.handId === hand!.handId && settled.status === 'settled';
      },
      'the hand to settle',
      20_000,
    );
    // pot 5 + 5 + 5 + 5 = 20.00, rake 1.00, the winner gets 19.00.
    expect([settled!.pot, settled!.rake, settled!.payout]).toEqual(['20.00', '1.00', '19.00']);
    const change = (await balance(alice.token)) - 50 + ((await balance(bob.token)) - 50);
    expect(change.toFixed(2)).toBe('-1.00');
    await call('POST', `/wps/house/pvp/tables/${TABLE}/stand`, { token: alice.token, body: {} });
    await call('POST', `/wps/house/pvp/tables/${TABLE}/stand`, { token: bob.token, body: {} });

    await eventually(() => pushes.some((push) => push.data.roundId === hand!.handId && push.data.kind === 'settled'), 'the settled push', 15_000);
    const kinds = pushes.filter((push) => push.data.roundId === hand!.handId).map((push) => push.data.kind);
    expect(kinds[0]).toBe('round-opened');
    expect(kinds).toContain('result');
    const cards = settled!.players.flatMap((player) => player.cards ?? []);
    expect(cards).toHaveLength(6);
    for (const push of pushes.filter((item) => item.data.kind !== 'result' && item.data.kind !== 'settled')) {
      for (const card of cards) expect(JSON.stringify(push.data)).not.toContain(`"${card}"`);
    }
    const [row] = (await db.query(`SELECT rake_minor::text AS rake, status FROM house.pvp_hands WHERE hand_id = $1`, [hand!.handId])).rows as Array<{ rake: string; status: string }>;
    expect(row).toEqual({ rake: '100', status: 'settled' });
  });
});
