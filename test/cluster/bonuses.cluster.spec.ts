import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT, type AnyPush, type BonusList, type BonusView } from '@wps/contracts';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, signedVendorCall, useClusterDatabase, useMember } from './support.js';

/**
 * Bonus money in a cluster: an operator gives a member a bonus; rounds played through the signed vendor API settle in
 * the wallet, whose `bet.settled` events (naming the wagering bonus) cross Kafka back to the wallet's wagering consumer.
 * When the weighted bets meet the requirement the bonus balance turns into cash in the ledger, and the member's socket
 * gets the `bonus` push and the `balance` push through a gateway.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'CHAOS_VENDOR_SECRET', 'OPERATOR_TOKEN');
const call = apiCaller(env.GATEWAY_URL);
const operator = { authorization: `Operator ${env.OPERATOR_TOKEN}`, 'x-operator': 'cluster-bonuses' };

describe('a bonus wagered through vendor rounds (cluster)', () => {
  const db = useClusterDatabase(env.DATABASE_URL);
  const player = useMember(call, 'bonus', { db, amount: '500.00' });
  const pushes: AnyPush[] = [];
  let socket: Socket | undefined;
  const authed = () => ({ authorization: `Bearer ${player.token}` });

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

  it('turns the bonus into cash when the rounds meet the requirement, and pushes both', async () => {
    const granted = await call<BonusView>('POST', `/operator/v1/members/${player.memberId}/bonuses`, {
      headers: operator,
      key: randomUUID(),
      body: { amount: '40.00', currency: 'MXN', title: 'Cluster bonus', terms: { multiple: 5, days: 7, weights: { RNG: 100, LIVE: 10 } } },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.value).toMatchObject({ state: 'wagering', required: '200.00' });
    await eventually(() => pushes.some((push) => push.type === 'bonus' && push.data.bonus.bonusId === granted.body.value.bonusId), 'the push of the grant', 30_000);

    // Three slot rounds of 70.00 (cash first: the bonus is untouched) make 210.00 of weighted bets, past the 200.00.
    for (let round = 0; round < 3; round++) {
      const roundId = `bonus-${randomUUID()}`;
      const base = { player: player.memberId, currency: 'MXN', roundId, gameType: 'RNG' };
      const bet = await signedVendorCall(call, 'CHAOSVENDOR', 'bet', { ...base, transactionId: `bet-${roundId}`, amount: '70.00', win: '0', settle: true }, env.CHAOS_VENDOR_SECRET);
      expect(bet.status).toBe(200);
    }
    await eventually(
      () => pushes.some((push) => push.type === 'bonus' && push.data.bonus.bonusId === granted.body.value.bonusId && push.data.bonus.state === 'completed'),
      'the push of the completed bonus',
      30_000,
    );
    // 500.00 − 210.00 + the 40.00 bonus, now cash.
    await eventually(() => pushes.some((push) => push.type === 'balance' && push.data.balance === '330.00'), 'the balance push with the bonus as cash', 30_000);
    const listed = await call<BonusList>('GET', '/wps/bonuses', { headers: authed() });
    expect(listed.body.value).toMatchObject({ bonusBalance: '0.00', bonuses: [{ bonusId: granted.body.value.bonusId, state: 'completed', progress: 100, releasedMinor: '4000' }] });
    const ledger = await db.query<{ sum: string | null }>(`SELECT sum(amount_minor)::text AS sum FROM wallet.entries`);
    expect(ledger.rows[0]!.sum).toBe('0');
  });
});
