import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { PasswordHasher } from '../../infra/passwords.js';

const PASSWORD = 'Faro4marea';

/**
 * Password spraying and stuffing through the real HTTP API: failures are counted per client address (a captcha for
 * every attempt from an address that failed ten times, whatever names it tried), per brand (a failure spike raises an
 * alarm and puts every sign-in behind a captcha), and per account with a delay that doubles with each failure. The
 * gateway believes X-Forwarded-For here because the test harness sets TRUST_PROXY=loopback.
 */
describe('sign-in against spraying (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const hasher = new PasswordHasher(1024);
  let ipCounter = 1;
  const freshIp = () => `203.0.113.${ipCounter++}`;
  const name = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const createMember = async () => {
    const username = name('s');
    await platform.db.orm.execute(
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash)
          VALUES ('DEMO', ${username}, ${username.toLowerCase()}, ${username}, ${await hasher.hash(PASSWORD)})`,
    );
    return username;
  };
  const login = (username: string, password: string, ip: string) =>
    call<Record<string, unknown>>('POST', '/wps/session/login', { body: { username, password, type: 'username' }, headers: { 'x-forwarded-for': ip } });

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: 'silent',
      env: {
        ARGON2_MEMORY_KIB: '1024',
        LOGIN_FAILURES_BEFORE_CAPTCHA: '6',
        LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: '10',
        LOGIN_BRAND_FAILURES_PER_MINUTE_ALARM: '40',
        LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '100',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('asks every attempt from an address that failed ten times for a captcha, whatever name it tries', async () => {
    const ip = freshIp();
    // Twenty names, one wrong password each: no name fails twice, so no account-level defence is triggered.
    const answers: Array<{ status: number; code: unknown; captcha: unknown }> = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await login(name('spray'), 'Summer2024!', ip);
      answers.push({ status: answer.status, code: answer.body.code, captcha: (answer.body.value as { captcha?: boolean } | undefined)?.captcha });
    }
    expect(answers.slice(0, 9).every((answer) => answer.status === 401 && answer.captcha === false)).toBe(true);
    // The tenth failure says the next attempt needs a captcha; from then on no password is even checked.
    expect(answers[9]).toMatchObject({ status: 401, code: 'LOGIN_FAILED', captcha: true });
    expect(answers.slice(10).every((answer) => answer.status === 400 && answer.code === 'CAPTCHA_REQUIRED')).toBe(true);
    // Even the right password of a real member from that address must solve the captcha first…
    const member = await createMember();
    expect((await login(member, PASSWORD, ip)).body.code).toBe('CAPTCHA_REQUIRED');
    // …while the same member from another address signs in as usual.
    expect((await login(member, PASSWORD, freshIp())).status).toBe(200);
  });

  it('slows one account down with a delay that doubles after each failure, for unknown names alike', async () => {
    for (const username of [await createMember(), name('ghost')]) {
      const ip = () => freshIp();
      const started = Date.now();
      expect((await login(username, 'wrong-guess-1', ip())).status).toBe(401);
      expect((await login(username, 'wrong-guess-2', ip())).status).toBe(401);
      // After the second failure the third attempt waits a second on the server, then is answered.
      expect((await login(username, 'wrong-guess-3', ip())).status).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      // After the third failure the wait is 2 s (served); after the fourth, 4 s: refused with the time left, the
      // password not even checked, from whichever address.
      expect((await login(username, 'wrong-guess-4', ip())).status).toBe(401);
      const early = await login(username, PASSWORD, ip());
      expect([early.status, early.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      const retryAfter = (early.body.value as { retryAfterSeconds: number }).retryAfterSeconds;
      expect(retryAfter).toBeGreaterThanOrEqual(3);
      expect(retryAfter).toBeLessThanOrEqual(4);
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      const later = await login(username, PASSWORD, ip());
      expect(later.status, username).toBe(username.startsWith('ghost') ? 401 : 200);
    }
  });

  it('raises the brand alarm on a failure spike spread over many addresses, and then asks everyone for a captcha', async () => {
    const member = await createMember();
    // Stuffing: leaked name-and-password pairs, each from its own address, until the brand's failures pass 40 in a
    // minute (the earlier tests' failures count too); each is an ordinary failure until then.
    let failed = 0;
    for (;;) {
      const answer = await login(name('stuff'), 'Leaked-pass-1', freshIp());
      if (answer.status !== 401) {
        expect(answer.body.code).toBe('CAPTCHA_REQUIRED');
        break;
      }
      failed++;
      expect(failed).toBeLessThanOrEqual(41);
    }
    const [event] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.security_events WHERE kind = 'login-failure-spike' AND merchant_code = 'DEMO'`);
    expect(event!.n).toBe(1);
    // A real member from an address never seen before now solves a captcha first.
    const answer = await login(member, PASSWORD, freshIp());
    expect([answer.status, answer.body.code]).toEqual([400, 'CAPTCHA_REQUIRED']);
  });
});
