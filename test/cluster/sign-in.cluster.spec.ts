import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { RedisStore } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { PasswordHasher } from '@wps/identity/infra/passwords';
import { clusterEnv } from './support.js';

/**
 * Sign-in security with every service in its own process: failure counts and lockouts live in Redis, captchas and SMS
 * codes in PostgreSQL. Started by `npm run test:cluster` (GATEWAY_URL, DATABASE_URL, REDIS_URL, OPERATOR_TOKEN).
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, OPERATOR_TOKEN: operatorToken } = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'REDIS_URL', 'OPERATOR_TOKEN');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the development SMS sink of the identity process writes (SMS_DEV_OUTBOX_FILE, set by scripts/lib/cluster.mjs). */
const SMS_OUTBOX = path.join(ROOT, 'infra', '.state', 'logs', 'sms-outbox.jsonl');
const PASSWORD = 'cluster123';
const DIAL = '52';
const call = apiCaller(gateway);

describe('sign-in security in cluster mode', () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  const redis = new RedisStore(redisUrl);
  const hasher = new PasswordHasher(1024);

  const createMember = async (mobile?: string) => {
    const username = `cl${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash, mobile_num, country_dialing_code)
       VALUES ('DEMO', $1, $2, $1, $3, $4, $5) RETURNING id`,
      [username, username.toLowerCase(), await hasher.hash(PASSWORD), mobile ?? null, mobile ? DIAL : null],
    );
    return { id: rows[0]!.id, username };
  };
  const captchaAnswer = async (key: string) =>
    (await db.query<{ answer: string }>(`SELECT answer FROM identity.captcha_challenges WHERE key_hash = sha256($1::bytea)`, [Buffer.from(key)])).rows[0]!.answer;

  beforeAll(async () => {
    await db.connect();
    await db.query(
      `UPDATE identity.merchants SET settings = jsonb_set(settings, '{whitelabel}', coalesce(settings->'whitelabel', '{}'::jsonb) || '{"MOBILEVERCODELOGIN3": true}'::jsonb) WHERE code = 'DEMO'`,
    );
    // The identity process keeps brands for five seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
  });
  afterAll(async () => {
    await db.end();
    await redis.close();
  });

  it('counts failures in Redis, locks the account, and an operator unlock lifts it', async () => {
    const member = await createMember();
    const lockKey = `login-lock:DEMO:${member.username.toLowerCase()}`;
    // Failure 1-3 without captcha (default: the flag appears at 3), 4-10 each with a solved captcha.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const key = randomUUID();
      let captcha: string | undefined;
      if (attempt > 3) {
        expect((await call('GET', `/wps/captcha?key=${key}`)).status).toBe(200);
        captcha = await captchaAnswer(key);
      }
      const failed = await call('POST', '/wps/session/login', { body: { username: member.username, password: 'wrong-pass', captcha, captchaKey: key } });
      expect(failed.body).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: attempt >= 3 } });
    }
    expect(Number(await redis.get(`login-failures:DEMO:${member.username.toLowerCase()}`))).toBe(10);
    expect(Number(await redis.get(lockKey))).toBeGreaterThan(Date.now());

    // A second call through the gateway, with the right password, meets the lock Redis holds.
    const locked = await call('POST', '/wps/session/login', { body: { username: member.username, password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    const events = await db.query<{ kind: string }>(`SELECT kind FROM identity.security_events WHERE member_id = $1 ORDER BY id`, [member.id]);
    expect(events.rows.filter((row) => row.kind === 'login-failed')).toHaveLength(10);
    expect(events.rows.filter((row) => row.kind === 'login-locked')).toHaveLength(1);

    const unlocked = await call('POST', `/operator/v1/members/${member.id}/unlock`, { headers: { authorization: `Operator ${operatorToken}`, 'x-operator': 'cluster.ops' } });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.value).toEqual({ memberId: member.id, wasLocked: true });
    expect(await redis.get(lockKey)).toBeUndefined();
    const signedIn = await call<{ token: string; mustChangePassword: boolean }>('POST', '/wps/session/login', { body: { username: member.username, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.value.mustChangePassword).toBe(false);
  });

  it('signs in with an SMS code delivered through the development sink, throttled in Redis', async () => {
    const mobile = `55${String(Date.now()).slice(-8)}`;
    const member = await createMember(mobile);
    const sent = await call<{ expiredMinutes: number }>('POST', '/wps/verification/sms/noLogin', { body: { mobileNum: mobile, countryDialingCode: DIAL } });
    expect(sent.status).toBe(200);
    expect(sent.body.value.expiredMinutes).toBe(5);
    const again = await call('POST', '/wps/verification/sms/noLogin', { body: { mobileNum: mobile, countryDialingCode: DIAL } });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('SMS_TOO_FREQUENT');

    let code = '';
    await eventually(
      () => {
        const line = existsSync(SMS_OUTBOX)
          ? readFileSync(SMS_OUTBOX, 'utf8')
              .split('\n')
              .reverse()
              .find((entry) => entry.includes(`"to":"${DIAL} ${mobile}"`))
          : undefined;
        code = line ? (JSON.parse(line) as { code: string }).code : '';
        return code !== '';
      },
      'the code in the SMS outbox',
      10_000,
    );

    const wrong = await call('POST', '/wps/session/login', { body: { type: 'sms', username: mobile, password: code === '000000' ? '111111' : '000000', countryDialingCode: DIAL } });
    expect(wrong.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'Please enter a valid verification code' });
    const signedIn = await call<{ token: string; user: { id: string } }>('POST', '/wps/session/login', { body: { type: 'sms', username: mobile, password: code, countryDialingCode: DIAL } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.value.user.id).toBe(member.id);
    const info = await call<{ id: string }>('GET', '/wps/member/info', { token: signedIn.body.value.token });
    expect(info.body.value.id).toBe(member.id);
  });
});
