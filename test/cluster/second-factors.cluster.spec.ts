import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { apiCaller } from '@wps/platform/testing';
import { PasswordHasher } from '@wps/identity/infra/passwords';
import { totpAt } from '@wps/identity/infra/totp';
import { clusterEnv } from './support.js';

/**
 * Authenticator two-factor sign-in through the cluster gateway: identity in its own process on PostgreSQL, the
 * gateway calling it over HTTP, rate limits on Redis. Started by `npm run test:cluster`.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl } = clusterEnv('GATEWAY_URL', 'DATABASE_URL');

const call = apiCaller(gateway);
const PASSWORD = 'cluster2fa1';

interface Answer {
  token?: string;
  twoFactorRequired?: { ticket: string };
}

describe('two-factor sign-in in cluster mode', () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  const username = `tfa${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  let memberId = '';

  beforeAll(async () => {
    await db.connect();
    const hash = await new PasswordHasher(1024).hash(PASSWORD);
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash) VALUES ('DEMO', $1, $2, $1, 0, $3) RETURNING id`,
      [username, username.toLowerCase(), hash],
    );
    memberId = String(inserted.rows[0]!.id);
  });
  afterAll(async () => {
    await db.end();
  });

  it('enrols, then needs the authenticator code to sign in, and refuses a replayed code', async () => {
    const first = await call<Answer>('POST', '/wps/session/login', { body: { username, password: PASSWORD, type: 'username' } });
    expect(first.status).toBe(200);
    const token = first.body.value.token!;
    expect(token).toBeTruthy();

    const setup = await call<{ secret: string; otpauthUri: string }>('POST', '/wps/member/2fa/setup', { token });
    expect(setup.status).toBe(200);
    const { secret } = setup.body.value;
    const sealed = await db.query<{ pending_sealed_secret: string }>('SELECT pending_sealed_secret FROM identity.member_totp WHERE member_id = $1', [memberId]);
    expect(sealed.rows[0]!.pending_sealed_secret).not.toContain(secret);
    const enrolCode = totpAt(secret, Date.now());
    const enabled = await call('POST', '/wps/member/2fa/enable', { token, body: { code: enrolCode } });
    expect(enabled.status).toBe(200);

    const second = await call<Answer>('POST', '/wps/session/login', { body: { username, password: PASSWORD, type: 'username' } });
    expect(second.status).toBe(200);
    expect(second.body.value.token).toBeUndefined();
    const ticket = second.body.value.twoFactorRequired!.ticket;
    const replayed = await call('POST', '/wps/session/login/2fa', { body: { ticket, code: enrolCode } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const verified = await call<Answer>('POST', '/wps/session/login/2fa', { body: { ticket, code: totpAt(secret, Date.now() + 30_000) } });
    expect(verified.status).toBe(200);
    const info = await call<{ account: string }>('GET', '/wps/member/info', { token: verified.body.value.token });
    expect(info.status).toBe(200);
    expect(info.body.value.account).toBe(username);

    const spent = await call('POST', '/wps/session/login/2fa', { body: { ticket, code: totpAt(secret, Date.now()) } });
    expect(spent.status).toBe(401);

    const overview = await call<{ twoFactorEnabled: boolean; total: number }>('GET', '/wps/member/security', { token: verified.body.value.token });
    expect(overview.body.value).toMatchObject({ twoFactorEnabled: true, total: 2 });
    const events = await db.query<{ kind: string }>(`SELECT kind FROM identity.security_events WHERE member_id = $1 ORDER BY id`, [memberId]);
    expect(events.rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['two-factor-enabled', 'two-factor-required', 'two-factor-failed', 'two-factor-verified']));
  });
});
