import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { apiCaller, eventually } from '@wps/platform/testing';
import { checkLiveRound, type LiveRoundProof } from '@wps/contracts';
import { clusterEnv, registerFundedMember, uniqueUsername, useClusterDatabase } from './support.js';

/**
 * A house live roulette round in cluster mode: the house service runs the table (lease in PostgreSQL), pays through
 * the wallet's signed vendor API over HTTP, and its table events travel house outbox → Kafka → gateway → Socket.IO.
 * Started by `npm run test:cluster`, which passes GATEWAY_URL and DATABASE_URL.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl } = clusterEnv('GATEWAY_URL', 'DATABASE_URL');

const call = apiCaller(gateway);
type TablePush = { type: string; data: { tableId: string; kind: string; roundId: string; at: number; data: Record<string, unknown> } };
type Round = { roundId: string; status: string; closesAt: number };

describe('house live tables in cluster mode', () => {
  const db = useClusterDatabase(databaseUrl);
  const sockets: Socket[] = [];

  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('plays a roulette round through the cluster gateway: bet in the window, the result pushed to a watching guest, settled through the wallet', async () => {
    const { token, memberId } = await registerFundedMember(call, db, uniqueUsername('live'), '50.00');

    const guest: Socket = io(gateway, { transports: ['websocket'] });
    sockets.push(guest);
    const pushes: TablePush[] = [];
    guest.on('push', (push: TablePush) => push.type === 'table' && pushes.push(push));
    await eventually(() => guest.connected, 'the guest socket', 10_000);
    expect(await guest.timeout(5_000).emitWithAck('join-table', 'roulette-1')).toBe(true);

    // A round with time left to bet.
    let round: Round | undefined;
    await eventually(
      async () => {
        const state = (await call<{ round: Round | null; serverTime: number }>('GET', '/wps/house/live/tables/roulette-1')).body.value;
        round = state.round ?? undefined;
        return !!round && round.status === 'betting' && round.closesAt - state.serverTime > 3_000;
      },
      'an open roulette round',
      40_000,
    );
    const placed = await call<{ balance: string }>('POST', '/wps/house/live/tables/roulette-1/bets', { token, body: { roundId: round!.roundId, bets: [{ spot: 'even', amount: '10' }] } });
    expect(placed.status).toBe(200);
    expect(placed.body.value.balance).toBe('40.00');
    const refused = await call('POST', '/wps/house/live/tables/roulette-1/bets', { token, body: { roundId: round!.roundId, bets: [{ spot: 'even', amount: '5000' }] } });
    expect([refused.status, refused.body.code]).toEqual([400, 'LIVE_BET_LIMITS']);

    await eventually(() => pushes.some((push) => push.data.roundId === round!.roundId && push.data.kind === 'settled'), 'the settled push', 40_000);
    const result = pushes.find((push) => push.data.roundId === round!.roundId && push.data.kind === 'result')!;
    expect(result).toBeTruthy();
    const number = (result.data.data.result as { number: number }).number;
    const expected = number !== 0 && number % 2 === 0 ? '60.00' : '40.00';
    const balance = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token });
    expect(balance.body.value.balance).toBe(expected);
    const bets = await db.query<{ status: string }>('SELECT status FROM house.live_bets WHERE round_id = $1 AND member_id = $2', [round!.roundId, memberId]);
    expect(bets.rows.map((row) => row.status)).toEqual([expected === '60.00' ? 'won' : 'lost']);
    const sums = await db.query<{ currency: string; total: string }>('SELECT currency, sum(amount_minor)::text AS total FROM wallet.entries GROUP BY currency');
    for (const row of sums.rows) expect(row.total).toBe('0');
    // One runner per table across instances: the lease has one holder.
    const lease = await db.query<{ n: number }>(`SELECT count(DISTINCT lease_owner)::int AS n FROM house.live_tables WHERE lease_until > now()`);
    expect(lease.rows[0]!.n).toBe(1);

    // The settled round's proof, fetched through the cluster gateway, verifies the browser way (Web Crypto).
    const roundNo = Number(round!.roundId.split('.').pop());
    const proof = await call<LiveRoundProof>('GET', `/wps/house/live/tables/roulette-1/rounds/${roundNo}/proof`);
    expect(proof.status).toBe(200);
    expect(proof.body.value).toMatchObject({ roundId: round!.roundId, result: { number } });
    expect(await checkLiveRound(proof.body.value)).toMatchObject({ hashMatches: true, headReached: true, resultMatches: true, passed: true });
  });
});
