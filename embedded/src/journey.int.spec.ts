import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { INTERFACE_LANGUAGES } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from './host.js';

const waitFor = (check: () => boolean | Promise<boolean>) => eventually(check, 'the condition', 5_000);

describe('the first journey, embedded (PGlite + in-memory bus)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const username = `lucia${randomUUID().slice(0, 6).replace(/-/g, '')}`;
  const password = 'secreto12';
  let token = '';
  let memberId = '';
  const memberCount = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.members`))[0]!.n;
  const ledgerTotals = async () => (await rows<{ n: number; sum: string | null }>(platform.db.orm, sql`SELECT count(*)::int AS n, sum(amount_minor)::text AS sum FROM wallet.entries`))[0]!;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('answers the permission call for guests with brand, location and flags', async () => {
    const { status, body } = await call<{
      status: number;
      info: { merchant: { code: string; currency: string; currencySymbol: string; defaultLanguage: string; languages: string[] }; whitelabel: Array<{ modId: string; enabled: string }> };
      location: { ip: string };
      maintenance: boolean;
      regionRestriction: boolean;
    }>('GET', '/wps/system/status');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.value.status).toBe(0);
    expect(body.value.maintenance).toBe(false);
    expect(body.value.regionRestriction).toBe(false);
    expect(body.value.location.ip).toMatch(/127\.0\.0\.1/);
    expect(body.value.info.merchant).toMatchObject({ code: 'DEMO', currency: 'MXN', currencySymbol: '$', defaultLanguage: 'ES' });
    // Spanish first, English, then every other interface language of the spec.
    expect(body.value.info.merchant.languages.slice(0, 2)).toEqual(['ES', 'EN']);
    expect([...body.value.info.merchant.languages].sort()).toEqual([...INTERFACE_LANGUAGES].sort());
    expect(body.value.info.whitelabel.find((flag) => flag.modId === 'USERNAMEREG3')?.enabled).toBe('1');
  });

  it.each([
    [{ username: '', password, confirmPassword: password, acceptTerms: true }, 400, 'INPUT_EMPTY', 'Input cannot be empty'],
    [{ username: '9lives', password, confirmPassword: password, acceptTerms: true }, 400, 'ACCOUNT_FORMAT', 'Account format is incorrect'],
    [{ username: 'validname', password: 'abc', confirmPassword: 'abc', acceptTerms: true }, 400, 'PASSWORD_LENGTH', 'Please fill in your password with 8 - 64 characters'],
    [{ username: 'validname', password: 'has\ttab1', confirmPassword: 'has\ttab1', acceptTerms: true }, 400, 'PASSWORD_FORMAT', 'Password format is incorrect'],
    [
      { username: 'validname', password: 'qwerty123', confirmPassword: 'qwerty123', acceptTerms: true },
      400,
      'PASSWORD_TOO_WEAK',
      'This password is too common or too easy to guess, please choose another',
    ],
    [{ username: 'validname', password, confirmPassword: 'different1', acceptTerms: true }, 400, 'CONFIRM_PASSWORD_MISMATCH', 'Confirmation password is not correct.'],
    [{ username: 'validname', password, confirmPassword: password, acceptTerms: true, referralCode: 'NOSUCHCODE' }, 400, 'INVITATION_CODE_INVALID', 'Invalid invitation code'],
    [{ username: 12, password, confirmPassword: password, acceptTerms: true }, 400, 'VALIDATION_FAILED', 'Items marked with * are required'],
  ])('refuses registration %j with %i %s and changes nothing', async (body, status, code, message) => {
    const before = await memberCount();
    const response = await call('PUT', '/wps/member/register', { body });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ success: false, code, message });
    expect(await memberCount()).toBe(before);
  });

  it('speaks Spanish by default', async () => {
    const response = await call('PUT', '/wps/member/register', { body: { username: 'validname', password, confirmPassword: 'x1234567', acceptTerms: true }, language: '' });
    expect(response.body.message).toBe('La contraseña de confirmación no es correcta.');
  });

  it('registers a member and logs them in at once', async () => {
    const response = await call<{ token: string; firstTimeLogin: boolean; passwordExpired: boolean; user: { id: string; account: string; type: number } }>('PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, acceptTerms: true, registerUrl: 'http://localhost/register', registerMethod: 'WEB', referralCode: 'demoagent' },
    });
    expect(response.status).toBe(200);
    expect(response.body.value.token.length).toBeGreaterThanOrEqual(43);
    expect(response.body.value).toMatchObject({ firstTimeLogin: true, passwordExpired: false, user: { account: username, type: 0 } });
    token = response.body.value.token;
    memberId = response.body.value.user.id;
    const duplicate = await call('PUT', '/wps/member/register', { body: { username: username.toUpperCase(), password, confirmPassword: password, acceptTerms: true } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('USERNAME_TAKEN');
  });

  it('stores only a hash of the session token', async () => {
    const stored = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.sessions WHERE encode(token_hash, 'escape') = ${token}`);
    expect(stored[0]!.n).toBe(0);
    const members = await rows<{ password_hash: string }>(platform.db.orm, sql`SELECT password_hash FROM identity.members WHERE id = ${memberId}`);
    expect(members[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('spreads the registration over the bus to every service that keeps member data', async () => {
    await waitFor(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${memberId}`)).length === 1);
    await waitFor(async () => (await platform.clients.points.getPointBalance({ memberId })) !== null);
    await waitFor(async () => (await platform.clients.notices.listMessages({ memberId, merchantCode: 'DEMO', language: 'ES' })).list.some((message) => message.kind === 'welcome'));
    await waitFor(async () => (await platform.clients.games.getPlayerProfile({ memberId })) !== null);
    const agent = (await rows<{ id: string }>(platform.db.orm, sql`SELECT id FROM identity.members WHERE username_key = 'demoagent'`))[0]!;
    await waitFor(async () => (await platform.clients.agentContracts.getDownline({ agentId: agent.id })).some((member) => member.memberId === memberId));
  });

  it('logs in with the same answer for an unknown user and a wrong password', async () => {
    const wrong = await call('POST', '/wps/session/login', { body: { username, password: 'wrongpass1', type: 'username' } });
    const unknown = await call('POST', '/wps/session/login', { body: { username: 'nobodyhere', password: 'wrongpass1', type: 'username' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    const empty = await call('POST', '/wps/session/login', { body: { username: '  ', password: 'x' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'INPUT_EMPTY', field: 'username' });
    const good = await call<{ token: string; firstTimeLogin: boolean; user: { account: string } }>('POST', '/wps/session/login', { body: { username: ` ${username} `, password, type: 'username' } });
    expect(good.status).toBe(200);
    expect(good.body.value.firstTimeLogin).toBe(false);
    expect(good.body.value.user.account).toBe(username);
  });

  it('answers member info for the session and 401 without one', async () => {
    const info = await call('GET', '/wps/member/info', { token });
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ id: memberId, account: username, nickname: username, type: 0 });
    const none = await call('GET', '/wps/member/info');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'NOT_LOGGED_IN', message: 'You are not logged in, please login' });
    const forged = await call('GET', '/wps/member/info', { token: 'forged-token-value' });
    expect(forged.status).toBe(401);
  });

  it('credits a demo deposit through the ledger, idempotently, and pushes the new balance live', async () => {
    const start = await call<{ balance: string; currency: string; version: number }>('GET', '/wps/v2/wallets/balance', { token });
    expect(start.body.value).toMatchObject({ balance: '0.00', currency: 'MXN' });

    const socket: Socket = io(platform.url, { auth: { token }, transports: ['websocket'] });
    const pushes: Array<{ v: number; type: string; data: { balance: string; version: number } }> = [];
    socket.on('push', (push: (typeof pushes)[number]) => pushes.push(push));
    await waitFor(() => socket.connected);

    const ledgerBefore = await ledgerTotals();
    for (const [body, headers, status, code] of [
      [{ amount: '100.00' }, {}, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
      [{ amount: '-5' }, { 'idempotency-key': randomUUID() }, 400, 'AMOUNT_INVALID'],
      [{ amount: '1.001' }, { 'idempotency-key': randomUUID() }, 400, 'AMOUNT_INVALID'],
      [{ amount: 100 }, { 'idempotency-key': randomUUID() }, 400, 'VALIDATION_FAILED'],
      [{ amount: '0' }, { 'idempotency-key': randomUUID() }, 400, 'AMOUNT_INVALID'],
    ] as const) {
      const refused = await call('POST', '/wps/v2/wallets/deposit/demo', { token, body, headers });
      expect(refused.status).toBe(status);
      expect(refused.body.code).toBe(code);
    }
    expect(await ledgerTotals()).toEqual(ledgerBefore);

    const key = randomUUID();
    const first = await call<{ balance: string; version: number; transactionId: string }>('POST', '/wps/v2/wallets/deposit/demo', {
      token,
      body: { amount: '100.50' },
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(200);
    expect(first.body.value.balance).toBe('100.50');
    const replay = await call<{ transactionId: string }>('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '100.50' }, headers: { 'idempotency-key': key } });
    expect(replay.body.value).toEqual(first.body.value);
    const reused = await call('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '200.00' }, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_CONFLICT');

    // The brand's winner board and jackpot pushes reach every socket too; the member's first balance push is this one.
    const balancePushes = () => pushes.filter((push) => push.type === 'balance');
    await waitFor(() => balancePushes().some((push) => push.data.balance === '100.50'));
    expect(balancePushes()[0]).toMatchObject({ type: 'balance', v: first.body.value.version, data: { balance: '100.50', currency: 'MXN', version: first.body.value.version } });
    const after = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token });
    expect(after.body.value.balance).toBe('100.50');
    socket.close();
  });

  it('keeps the ledger exact under concurrent deposits and concurrent replays', async () => {
    const keys = Array.from({ length: 12 }, () => randomUUID());
    await Promise.all(keys.map((key) => call('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '0.10' }, headers: { 'idempotency-key': key } })));
    const sameKey = randomUUID();
    const replays = await Promise.all(
      Array.from({ length: 8 }, () => call<{ transactionId: string }>('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '5.00' }, headers: { 'idempotency-key': sameKey } })),
    );
    expect(new Set(replays.map((reply) => reply.body.value.transactionId)).size).toBe(1);
    const balance = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token });
    expect(balance.body.value.balance).toBe('106.70');
    const check = await platform.clients.wallet.ledgerCheck({});
    expect(check).toEqual({ imbalances: [], negativeAccounts: 0 });
    const sums = await ledgerTotals();
    expect(sums.sum).toBe('0');
  });

  it('refuses to change a ledger row after the fact', async () => {
    await expect(platform.db.orm.execute(sql`UPDATE wallet.entries SET amount_minor = amount_minor + 1`)).rejects.toThrow();
    await expect(platform.db.orm.execute(sql`DELETE FROM wallet.transactions`)).rejects.toThrow();
  });

  it('ends the session on logout: the token then gets 401 and its socket is closed', async () => {
    const socket: Socket = io(platform.url, { auth: { token }, transports: ['websocket'] });
    await waitFor(() => socket.connected);
    const out = await call('DELETE', '/wps/session/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    await waitFor(() => !socket.connected);
    expect((await call('GET', '/wps/member/info', { token })).status).toBe(401);
    expect((await call('GET', '/wps/v2/wallets/balance', { token })).status).toBe(401);
    expect((await call('DELETE', '/wps/session/logout', { token })).status).toBe(401);
    socket.close();
  });

  it('refuses a socket with a dead token', async () => {
    const socket: Socket = io(platform.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('NOT_LOGGED_IN');
    socket.close();
  });

  it('answers unknown API paths with 404 in the envelope and serves health', async () => {
    const missing = await call('GET', '/wps/no/such/thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const ready = await fetch(`${platform.url}/health/ready`);
    expect(ready.status).toBe(200);
    const malformed = await fetch(`${platform.url}/wps/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(malformed.status).toBe(400);
  });
});

describe('embedded data persists across restarts', () => {
  it('keeps members in the data folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-data-'));
    try {
      const first = await startEmbedded({ dataDir, logLevel: 'silent' });
      const username = `keep${randomUUID().slice(0, 6).replace(/-/g, '')}`;
      const registered = await fetch(`${first.url}/wps/member/register`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true }),
      });
      expect(registered.status).toBe(200);
      await first.close();
      const second = await startEmbedded({ dataDir, logLevel: 'silent' });
      const login = await fetch(`${second.url}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'secreto12' }),
      });
      expect(login.status).toBe(200);
      const demo = await fetch(`${second.url}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demoplayer', password: 'demo1234' }),
      });
      expect(demo.status).toBe(200);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
