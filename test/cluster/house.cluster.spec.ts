import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { walletRpc, type HouseRound } from '@wps/contracts';
import { createHttpClient } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';

/**
 * The house vendor with every service in its own process: a dice round and a slot spin through the gateway, the house
 * service and its signed vendor calls to the wallet over HTTP, with the wallet's ledger check. Started by
 * `npm run test:cluster`.
 */
const gateway = process.env.GATEWAY_URL;
const databaseUrl = process.env.DATABASE_URL;
const serviceToken = process.env.SERVICE_TOKEN;
if (!gateway || !databaseUrl || !serviceToken) throw new Error('GATEWAY_URL, DATABASE_URL and SERVICE_TOKEN must be set: run `npm run test:cluster`');

const call = apiCaller(gateway);
const wallet = createHttpClient('wallet', walletRpc, { baseUrl: 'http://127.0.0.1:8102', serviceToken });

describe('the house vendor in cluster mode', () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  const username = `house${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  let token = '';
  let memberId = '';
  const balance = async () => (await wallet.getBalance({ merchantCode: 'DEMO', memberId, currency: 'MXN' })).balance;

  beforeAll(async () => {
    await db.connect();
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', { body: { username, password: 'cluster123', confirmPassword: 'cluster123', acceptTerms: true } });
    expect(registered.status).toBe(200);
    token = registered.body.value.token;
    memberId = registered.body.value.user.id;
    for (let attempt = 0; attempt < 60; attempt++) {
      const funded = await call('POST', '/wps/v2/wallets/deposit/demo', { token, key: `house-fund-${username}`, body: { amount: '100.00' } });
      if (funded.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await balance()).toBe('100.00');
  });
  afterAll(async () => {
    await db.end();
  });

  it('plays a dice round and a slot spin through the signed wallet API, replays idempotently, and keeps the ledger balanced', async () => {
    const dice = await call<HouseRound>('POST', '/wps/house/dice/play', { token, body: { amount: '10.00', direction: 'over', target: '49.50', requestId: `dice-${username}` } });
    expect(dice.status).toBe(200);
    expect(dice.body.value).toMatchObject({ game: 'house-dice', state: 'settled', amount: '10.00' });
    const afterDice = 100 - 10 + Number(dice.body.value.win);
    expect(Number(await balance())).toBeCloseTo(afterDice, 2);
    const replay = await call<HouseRound>('POST', '/wps/house/dice/play', { token, body: { amount: '10.00', direction: 'over', target: '49.50', requestId: `dice-${username}` } });
    expect(replay.body.value.roundId).toBe(dice.body.value.roundId);
    expect(Number(await balance())).toBeCloseTo(afterDice, 2);

    const spin = await call<HouseRound>('POST', '/wps/house/slots/spin', { token, body: { game: 'house-slot-fruits', amount: '2.00' } });
    expect(spin.body.value).toMatchObject({ game: 'house-slot-fruits', state: 'settled', amount: '2.00' });
    expect(Number(await balance())).toBeCloseTo(afterDice - 2 + Number(spin.body.value.win), 2);
    expect(spin.body.value.balance).toBe(await balance());

    const refused = await call('POST', '/wps/house/dice/play', { token, body: { amount: '500.00', direction: 'over', target: '49.50' } });
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');

    const { rows } = await db.query<{ round_id: string; state: string }>(`SELECT round_id, state FROM wallet.rounds WHERE vendor = 'HOUSE' AND member_id = $1 ORDER BY round_id`, [memberId]);
    expect(rows.map((row) => row.state)).toEqual(['settled', 'settled']);
    const houseRounds = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM house.rounds WHERE member_id = $1`, [memberId]);
    expect(houseRounds.rows[0]!.n).toBe(2);
    expect(await wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
