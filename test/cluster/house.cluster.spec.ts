import { beforeAll, describe, expect, it } from 'vitest';
import type { HouseRound } from '@wps/contracts';
import { apiCaller } from '@wps/platform/testing';
import { clusterEnv, demoWalletBalance, useClusterDatabase, useMember, walletServiceClient } from './support.js';

/**
 * The house vendor with every service in its own process: a dice round and a slot spin through the gateway, the house
 * service and its signed vendor calls to the wallet over HTTP, with the wallet's ledger check. Started by
 * `npm run test:cluster`.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'SERVICE_TOKEN');
const call = apiCaller(env.GATEWAY_URL);
const wallet = walletServiceClient(env.SERVICE_TOKEN);

describe('the house vendor in cluster mode', () => {
  const db = useClusterDatabase(env.DATABASE_URL);
  const member = useMember(call, 'house', { db, amount: '100.00' });
  const balance = () => demoWalletBalance(wallet, member.memberId);

  beforeAll(async () => {
    expect(await balance()).toBe('100.00');
  });

  it('plays a dice round and a slot spin through the signed wallet API, replays idempotently, and keeps the ledger balanced', async () => {
    const dice = await call<HouseRound>('POST', '/wps/house/dice/play', { token: member.token, body: { amount: '10.00', direction: 'over', target: '49.50', requestId: `dice-${member.username}` } });
    expect(dice.status).toBe(200);
    expect(dice.body.value).toMatchObject({ game: 'house-dice', state: 'settled', amount: '10.00' });
    const afterDice = 100 - 10 + Number(dice.body.value.win);
    expect(Number(await balance())).toBeCloseTo(afterDice, 2);
    const replay = await call<HouseRound>('POST', '/wps/house/dice/play', { token: member.token, body: { amount: '10.00', direction: 'over', target: '49.50', requestId: `dice-${member.username}` } });
    expect(replay.body.value.roundId).toBe(dice.body.value.roundId);
    expect(Number(await balance())).toBeCloseTo(afterDice, 2);

    const spin = await call<HouseRound>('POST', '/wps/house/slots/spin', { token: member.token, body: { game: 'house-slot-fruits', amount: '2.00' } });
    expect(spin.body.value).toMatchObject({ game: 'house-slot-fruits', state: 'settled', amount: '2.00' });
    expect(Number(await balance())).toBeCloseTo(afterDice - 2 + Number(spin.body.value.win), 2);
    expect(spin.body.value.balance).toBe(await balance());

    const refused = await call('POST', '/wps/house/dice/play', { token: member.token, body: { amount: '500.00', direction: 'over', target: '49.50' } });
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');

    const { rows } = await db.query<{ round_id: string; state: string }>(`SELECT round_id, state FROM wallet.rounds WHERE vendor = 'HOUSE' AND member_id = $1 ORDER BY round_id`, [member.memberId]);
    expect(rows.map((row) => row.state)).toEqual(['settled', 'settled']);
    const houseRounds = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM house.rounds WHERE member_id = $1`, [member.memberId]);
    expect(houseRounds.rows[0]!.n).toBe(2);
    expect(await wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
