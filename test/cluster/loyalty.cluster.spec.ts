import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT, type AnyPush } from '@wps/contracts';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, signedVendorCall, useClusterDatabase, useMember } from './support.js';

/**
 * Loyalty in a cluster: a round played through the signed vendor API settles in the wallet, whose `bet.settled` event
 * crosses Kafka to the points service. In one batch it earns points (RNG: one point per 100.00 of valid bet in the
 * demo brand) and moves the demo brand's daily "bet 500.00" mission to completion, which lifts the member's score on
 * the weekly leaderboard. Both reach the member's socket through a gateway as `points` and `missions` pushes.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'CHAOS_VENDOR_SECRET');
const call = apiCaller(env.GATEWAY_URL);

describe('loyalty from a vendor round (cluster)', () => {
  const db = useClusterDatabase(env.DATABASE_URL);
  const player = useMember(call, 'loyal', { db, amount: '1000.00' });
  const pushes: AnyPush[] = [];
  let socket: Socket | undefined;
  const authed = {
    get authorization() {
      return `Bearer ${player.token}`;
    },
  };

  beforeAll(async () => {
    socket = io(env.GATEWAY_URL, { auth: { token: player.token }, transports: ['websocket'], reconnection: false });
    socket.on(PUSH_EVENT, (push: AnyPush) => pushes.push(push));
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
  });
  afterAll(() => {
    socket?.disconnect();
  });

  it('earns points and completes the bet mission, pushed to the member with its leaderboard standing', async () => {
    const scoreBefore = async () => {
      const board = await call<{ own: { rank: number | null; score: string } | null }>('GET', '/wps/relay/MCS2_missionLeaderboard', { headers: authed });
      expect(board.status).toBe(200);
      return BigInt(board.body.value.own?.score ?? '0');
    };
    const before = await scoreBefore();
    const roundId = `loyal-${randomUUID()}`;
    const base = { player: player.memberId, currency: 'MXN', roundId, gameType: 'RNG' };
    const bet = await signedVendorCall(call, 'CHAOSVENDOR', 'bet', { ...base, transactionId: `bet-${roundId}`, amount: '500.00' }, env.CHAOS_VENDOR_SECRET);
    expect(bet.status).toBe(200);
    const win = await signedVendorCall(
      call,
      'CHAOSVENDOR',
      'win',
      { ...base, transactionId: `win-${roundId}`, betTransactionId: `bet-${roundId}`, amount: '120.00', settle: true },
      env.CHAOS_VENDOR_SECRET,
    );
    expect(win.status).toBe(200);

    // 500.00 of valid bet on slots at 100.00 a point: 5 points, pushed with the account's version.
    await eventually(() => pushes.some((push) => push.type === 'points' && push.data.points === '5'), 'the points push', 30_000);
    const balance = await call<{ points: string }>('GET', '/wps/relay/MCS2_getPointBalance', { headers: authed });
    expect(balance.body.value.points).toBe('5');

    // The daily bet mission is complete and its reward waits in the reward centre; the member's score rose by its
    // mission points, and the push says so with the member's rank.
    await eventually(
      () => pushes.some((push) => push.type === 'missions' && push.data.scope === 'progress' && BigInt(push.data.own?.score ?? '0') > before),
      'the missions push with the new score',
      30_000,
    );
    // The deposit and the sign-in move the score too, through consumers of their own: their pushes may come before or
    // after the bet's. The newest push ends up carrying the score the leaderboard shows.
    const newestOwn = () =>
      pushes
        .filter((push) => push.type === 'missions')
        .map((push) => push.data.own)
        .filter(Boolean)
        .at(-1)!;
    await eventually(async () => BigInt(newestOwn().score) === (await scoreBefore()), 'the newest missions push to carry the leaderboard score', 30_000);
    expect(newestOwn().rank).not.toBeNull();
    const summary = await call<{ missions: Array<{ title: string; state: string; progress: string; target: string }> }>('GET', '/wps/relay/MCS2_missionSummaryDetails', { headers: authed });
    const daily = summary.body.value.missions.find((mission) => mission.target === '50000' && mission.progress === '50000');
    expect(daily?.state).toBe('completed');

    // The points ledger: the member's points are the sum of its transactions, and with the brand's accounts zero.
    const { rows } = await db.query<{ member: string; history: string }>(
      `SELECT (SELECT points FROM points.point_accounts WHERE member_id = $1)::text AS member,
              (SELECT coalesce(sum(change), 0) FROM points.point_transactions WHERE member_id = $1)::text AS history`,
      [player.memberId],
    );
    expect(rows[0]).toEqual({ member: '5', history: '5' });
    const sums = await db.query<{ total: string }>(
      `SELECT ((SELECT coalesce(sum(change), 0) FROM points.point_transactions) + (SELECT coalesce(sum(points), 0) FROM points.point_brand_accounts))::text AS total`,
    );
    expect(sums.rows[0]!.total).toBe('0');
  });
});
