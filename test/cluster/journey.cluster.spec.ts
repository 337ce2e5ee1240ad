import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import pg from 'pg';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, walletAccountOpened } from './support.js';

/**
 * The first journey through the gateway with every service in its own process, on PostgreSQL, Redis and Kafka.
 * Started by `npm run test:cluster`, which passes GATEWAY_URL and DATABASE_URL.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl } = clusterEnv('GATEWAY_URL', 'DATABASE_URL');

const call = apiCaller(gateway);

const waitFor = (check: () => boolean | Promise<boolean>) => eventually(check, 'the condition', 20_000);

describe('the first journey in cluster mode', () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  const username = `kafka${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const password = 'cluster123';
  let token = '';
  let memberId = '';

  beforeAll(async () => {
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });

  it('answers the permission call for a guest', async () => {
    const { status, body } = await call<{ status: number; location: { ip: string }; info: { merchant: { code: string; currency: string } } }>('GET', '/wps/system/status');
    expect(status).toBe(200);
    expect(body.value.status).toBe(0);
    expect(body.value.location.ip).toContain('127.0.0.1');
    expect(body.value.info.merchant).toMatchObject({ code: 'DEMO', currency: 'MXN' });
  });

  it('refuses bad registrations with the spec messages and stores nothing', async () => {
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.members')).rows[0]!.n;
    const mismatch = await call('PUT', '/wps/member/register', { body: { username, password, confirmPassword: 'nope12345', acceptTerms: true } });
    expect(mismatch).toMatchObject({ status: 400, body: { code: 'CONFIRM_PASSWORD_MISMATCH', message: 'Confirmation password is not correct.' } });
    const badName = await call('PUT', '/wps/member/register', { body: { username: '_x', password, confirmPassword: password, acceptTerms: true } });
    expect(badName).toMatchObject({ status: 400, body: { code: 'ACCOUNT_FORMAT', message: 'Account format is incorrect' } });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.members')).rows[0]!.n).toBe(before);
  });

  it('registers, logs in and reads member info across services over HTTP', async () => {
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', { body: { username, password, confirmPassword: password, acceptTerms: true } });
    expect(registered.status).toBe(200);
    memberId = registered.body.value.user.id;
    const login = await call<{ token: string; firstTimeLogin: boolean; passwordExpired: boolean; user: { id: string; account: string } }>('POST', '/wps/session/login', {
      body: { username, password, type: 'username' },
    });
    expect(login.status).toBe(200);
    expect(login.body.value).toMatchObject({ firstTimeLogin: false, passwordExpired: false, user: { id: memberId, account: username } });
    token = login.body.value.token;
    const info = await call('GET', '/wps/member/info', { token });
    expect(info.body.value).toMatchObject({ id: memberId, account: username, type: 0 });
  });

  it('opens the wallet account from the member event carried by Kafka', async () => {
    await walletAccountOpened(db, memberId);
    await waitFor(async () => (await db.query('SELECT 1 FROM points.point_accounts WHERE member_id = $1', [memberId])).rowCount === 1);
  });

  it('credits a deposit through the ledger and pushes the balance over Socket.IO via Kafka', async () => {
    const socket: Socket = io(gateway, { auth: { token }, transports: ['websocket'] });
    const pushes: Array<{ v: number; type: string; data: { balance: string } }> = [];
    socket.on('push', (push: (typeof pushes)[number]) => pushes.push(push));
    await waitFor(() => socket.connected);
    const key = randomUUID();
    const deposit = await call<{ balance: string; version: number; transactionId: string }>('POST', '/wps/v2/wallets/deposit/demo', {
      token,
      body: { amount: '75.25' },
      headers: { 'idempotency-key': key },
    });
    expect(deposit.status).toBe(200);
    expect(deposit.body.value.balance).toBe('75.25');
    const replay = await call<{ transactionId: string }>('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '75.25' }, headers: { 'idempotency-key': key } });
    expect(replay.body.value.transactionId).toBe(deposit.body.value.transactionId);
    const conflict = await call('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '1.00' }, headers: { 'idempotency-key': key } });
    expect(conflict.status).toBe(409);
    await waitFor(() => pushes.some((push) => push.type === 'balance' && push.data.balance === '75.25'));
    const balance = await call<{ balance: string; currency: string }>('GET', '/wps/v2/wallets/balance', { token });
    expect(balance.body.value).toMatchObject({ balance: '75.25', currency: 'MXN' });
    const sums = await db.query<{ currency: string; total: string }>('SELECT currency, sum(amount_minor)::text AS total FROM wallet.entries GROUP BY currency');
    for (const row of sums.rows) expect(row.total).toBe('0');
    await waitFor(async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet.outbox WHERE published_at IS NULL')).rows[0]!.n === 0);
    socket.close();
  });

  it('logs out: the token gets 401 afterwards', async () => {
    expect((await call('DELETE', '/wps/session/logout', { token })).status).toBe(200);
    const after = await call('GET', '/wps/member/info', { token });
    expect(after).toMatchObject({ status: 401, body: { code: 'NOT_LOGGED_IN' } });
  });

  it('keeps internal routes closed to callers without the service token', async () => {
    const response = await fetch('http://127.0.0.1:8102/internal/rpc/getBalance', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Service wrong-token-wrong-token' },
      body: JSON.stringify({ merchantCode: 'DEMO', memberId, currency: 'MXN' }),
    });
    expect(response.status).toBe(401);
  });
});
