import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, sleep } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { PasswordHasher } from '../infra/passwords.js';

const PASSWORD = 'secreto12';
const DEFAULT_PASSWORD = 'cambiame1';
const DIAL = '52';

/** The sign-in area through the real HTTP API: password, captcha, lockout, SMS code, free play, agent area. */
describe('sign-in (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const hasher = new PasswordHasher(1024);
  let ipCounter = 10;
  /** A distinct client address per test, so the per-address limits of one test do not leak into another. */
  const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${ipCounter++}` });
  const name = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;

  const createMember = async (options: { type?: number; mobile?: string; password?: string; status?: string } = {}) => {
    const username = name('m');
    const [member] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, status, password_hash, mobile_num, country_dialing_code)
          VALUES ('DEMO', ${username}, ${username.toLowerCase()}, ${username}, ${options.type ?? 0}, ${options.status ?? 'active'},
                  ${await hasher.hash(options.password ?? PASSWORD)}, ${options.mobile ?? null}, ${options.mobile ? DIAL : null})
          RETURNING id`,
    );
    return { id: member!.id, username };
  };
  const login = (body: Record<string, unknown>, headers: Record<string, string> = freshIp()) => call<Record<string, unknown>>('POST', '/wps/session/login', { body, headers });
  const events = async (memberId: string | null, kind: string) =>
    memberId === null
      ? (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.security_events WHERE kind = ${kind} AND member_id IS NULL`))[0]!.n
      : (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.security_events WHERE kind = ${kind} AND member_id = ${memberId}`))[0]!.n;
  const captchaAnswer = async (key: string) =>
    (await rows<{ answer: string }>(platform.db.orm, sql`SELECT answer FROM identity.captcha_challenges WHERE key_hash = ${createHash('sha256').update(key).digest()}`))[0]?.answer;

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: 'silent',
      env: {
        LOGIN_FAILURES_BEFORE_CAPTCHA: '2',
        LOGIN_FAILURES_PER_ACCOUNT: '5',
        LOGIN_LOCKOUT_MINUTES: '15',
        LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '12',
        // The spraying defences have their own spec (sign-in/spraying.int.spec.ts): here they stay out of the way.
        LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: '1000',
        LOGIN_DELAY_MAX_SECONDS: '1',
        SMS_PROVIDER: 'log',
        SMS_CODES_PER_FIVE_MINUTES: '3',
        ARGON2_MEMORY_KIB: '1024',
      },
    });
    await platform.db.orm.execute(sql`
      UPDATE identity.merchants
      SET settings = jsonb_set(settings, '{whitelabel}', coalesce(settings->'whitelabel', '{}'::jsonb) || '{"MOBILEVERCODELOGIN3": true, "FREEPLAY3": true, "PWDEXPFORCECHANGE3": true}'::jsonb)
                     || jsonb_build_object('signIn', jsonb_build_object('defaultPassword', ${DEFAULT_PASSWORD}::text), 'passwordMaxAgeDays', 30)
      WHERE code = 'DEMO'`);
    // The brand directory keeps brands for five seconds.
    await sleep(5_200);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('signs a member in with username and password and records the login with address and browser', async () => {
    const member = await createMember();
    const response = await login({ username: `  ${member.username.toUpperCase()} `, password: PASSWORD }, { 'x-forwarded-for': '198.51.100.200', 'user-agent': 'SignInTest/1.0' });
    expect(response.status).toBe(200);
    expect(response.body.value).toMatchObject({ firstTimeLogin: true, passwordExpired: false, mustChangePassword: false, user: { id: member.id, account: member.username, type: 0 } });
    expect(String(response.body.value.token).length).toBeGreaterThanOrEqual(43);
    const [history] = await rows<{ ip: string; user_agent: string; success: boolean }>(platform.db.orm, sql`SELECT ip, user_agent, success FROM identity.login_history WHERE member_id = ${member.id}`);
    expect(history).toEqual({ ip: '198.51.100.200', user_agent: 'SignInTest/1.0', success: true });
  });

  it.each([
    [{ username: '', password: PASSWORD }, 'INPUT_EMPTY', 'username'],
    [{ username: 'someone', password: '' }, 'INPUT_EMPTY', 'password'],
    [{ username: 12, password: PASSWORD }, 'VALIDATION_FAILED', 'username'],
  ])('refuses %j with 400 %s', async (body, code, field) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code, field });
  });

  it('gives an unknown user and a wrong password byte-identical answers, and logs both as failures', async () => {
    const member = await createMember();
    const wrong = await login({ username: member.username, password: 'wrong-pass1' });
    const unknown = await login({ username: name('nobody'), password: 'wrong-pass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.body).toEqual({ success: false, code: 'LOGIN_FAILED', message: 'Incorrect username or password', value: { captcha: false } });
    expect(await events(member.id, 'login-failed')).toBe(1);
  });

  it('asks for a captcha after failures, refuses a missing or wrong one, and accepts the right one', async () => {
    const member = await createMember();
    const headers = freshIp();
    expect((await login({ username: member.username, password: 'nope-nope1' }, headers)).body.value).toEqual({ captcha: false });
    const second = await login({ username: member.username, password: 'nope-nope1' }, headers);
    expect(second.body).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: true } });

    const missing = await login({ username: member.username, password: PASSWORD }, headers);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', message: 'Please enter the captcha', field: 'captcha', value: { captcha: true } });

    const key = randomUUID();
    const image = await call<string>('GET', `/wps/captcha?key=${key}`, { headers });
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('no-store');
    const png = Buffer.from(image.body.value, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const answer = (await captchaAnswer(key))!;
    expect(answer).toMatch(/^\d{4}$/);
    const wrongAnswer = answer === '0000' ? '1111' : '0000';
    const wrong = await login({ username: member.username, password: PASSWORD, captcha: wrongAnswer, captchaKey: key }, headers);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });
    expect(await events(null, 'captcha-failed')).toBeGreaterThanOrEqual(1);
    // An answered captcha is spent, even when the answer was wrong.
    const replay = await login({ username: member.username, password: PASSWORD, captcha: answer, captchaKey: key }, headers);
    expect(replay.body.code).toBe('CAPTCHA_INVALID');

    await sleep(1_050);
    await call('GET', `/wps/captcha?key=${key}`, { headers });
    const solved = await login({ username: member.username, password: PASSWORD, captcha: await captchaAnswer(key), captchaKey: key }, headers);
    expect(solved.status).toBe(200);
    // Success clears the count: the next sign-in needs no captcha.
    expect((await login({ username: member.username, password: PASSWORD }, headers)).status).toBe(200);
  });

  it('refreshes a captcha at most once a second per key', async () => {
    const key = randomUUID();
    const headers = freshIp();
    expect((await call('GET', `/wps/captcha?key=${key}`, { headers })).status).toBe(200);
    const tooSoon = await call('GET', `/wps/captcha?key=${key}`, { headers });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('CAPTCHA_TOO_FREQUENT');
    expect(tooSoon.headers.get('retry-after')).toBe('1');
    await sleep(1_050);
    expect((await call('GET', `/wps/captcha?key=${key}`, { headers })).status).toBe(200);
    expect((await call('GET', '/wps/captcha?key=x', { headers })).status).toBe(400);
  });

  it('locks an account after repeated failures, for unknown names alike, until an operator unlocks it', async () => {
    const member = await createMember();
    const stranger = name('ghost');
    const headers = freshIp();
    for (const username of [member.username, stranger]) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const key = randomUUID();
        if (attempt >= 2) await call('GET', `/wps/captcha?key=${key}`, { headers });
        const answer = attempt >= 2 ? await captchaAnswer(key) : undefined;
        const response = await login({ username, password: 'wrong-pass1', captcha: answer, captchaKey: key }, headers);
        expect(response.body.code).toBe('LOGIN_FAILED');
      }
    }
    const locked = await login({ username: member.username, password: PASSWORD }, freshIp());
    const lockedStranger = await login({ username: stranger, password: PASSWORD }, freshIp());
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'ACCOUNT_LOCKED', value: { retryAfterSeconds: expect.any(Number) } });
    expect(lockedStranger.text).toBe(locked.text.replace(/"retryAfterSeconds":\d+/, lockedStranger.text.match(/"retryAfterSeconds":\d+/)![0]));
    expect(await events(member.id, 'login-locked')).toBe(1);
    const [row] = await rows<{ locked: boolean }>(platform.db.orm, sql`SELECT locked_until > now() AS locked FROM identity.members WHERE id = ${member.id}`);
    expect(row!.locked).toBe(true);

    const operatorCall = (memberId: string, token = platform.operatorToken!) =>
      call('POST', `/operator/v1/members/${memberId}/unlock`, { headers: { authorization: `Operator ${token}`, 'x-operator': 'ana' } });
    expect((await operatorCall(member.id, 'wrong-token')).status).toBe(401);
    expect((await operatorCall('999999999')).status).toBe(404);
    const unlocked = await operatorCall(member.id);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.value).toEqual({ memberId: member.id, wasLocked: true });
    expect(await events(member.id, 'account-unlocked')).toBe(1);
    expect((await login({ username: member.username, password: PASSWORD }, freshIp())).status).toBe(200);
  });

  it('limits sign-in attempts per address', async () => {
    const headers = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 13; attempt++) statuses.push((await login({ username: name('flood'), password: 'whatever1' }, headers)).status);
    expect(statuses.slice(0, 12).every((status) => status === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
    expect((await login({ username: name('flood'), password: 'whatever1' })).status).toBe(401);
  });

  it('forces a password change for the brand default password and for an expired one (PWDEXPFORCECHANGE3)', async () => {
    const weak = await createMember({ password: DEFAULT_PASSWORD });
    const answer = await login({ username: weak.username, password: DEFAULT_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ mustChangePassword: true, passwordExpired: false });

    const old = await createMember();
    await platform.db.orm.execute(sql`UPDATE identity.members SET password_changed_at = now() - interval '40 days' WHERE id = ${old.id}`);
    const expired = await login({ username: old.username, password: PASSWORD });
    expect(expired.body.value).toMatchObject({ mustChangePassword: true, passwordExpired: true });
  });

  it('sends a member whose password today’s policy refuses through the change, but not the seeded demo accounts', async () => {
    for (const password of ['sunshine1', 'abc123', '12121212']) {
      const member = await createMember({ password });
      const answer = await login({ username: member.username, password });
      expect(answer.status, password).toBe(200);
      expect(answer.body.value, password).toMatchObject({ mustChangePassword: true, passwordExpired: false });
    }
    const fine = await createMember({ password: 'Faro4marea' });
    expect((await login({ username: fine.username, password: 'Faro4marea' })).body.value).toMatchObject({ mustChangePassword: false });
    // A seeded account with the same weak password keeps it: its password is the documented demo one.
    const seeded = await createMember({ password: 'sunshine1' });
    await platform.db.orm.execute(sql`UPDATE identity.members SET register_method = 'SEED' WHERE id = ${seeded.id}`);
    expect((await login({ username: seeded.username, password: 'sunshine1' })).body.value).toMatchObject({ mustChangePassword: false });
  });

  it('keeps non-member accounts out and agents-only for the agent area', async () => {
    const operatorAccount = await createMember({ type: 3 });
    const refused = await login({ username: operatorAccount.username, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NON_MEMBER_LOGIN', message: 'Non-member account unable to login' });

    const member = await createMember();
    const notAgent = await login({ username: member.username, password: PASSWORD, area: 'agent' });
    expect(notAgent.status).toBe(403);
    expect(notAgent.body).toMatchObject({ code: 'AGENT_LOGIN_ONLY', message: 'Non-agents cannot log in' });
    expect(await events(member.id, 'agent-area-refused')).toBe(1);
    // A wrong password in the agent area says nothing about the account type.
    expect((await login({ username: member.username, password: 'wrong-pass1', area: 'agent' })).body.code).toBe('LOGIN_FAILED');

    for (const type of [1, 2, 41, 42]) {
      const agent = await createMember({ type });
      const entered = await login({ username: agent.username, password: PASSWORD, area: 'agent' });
      expect(entered.status).toBe(200);
      expect(entered.body.value).toMatchObject({ user: { type } });
    }
    expect((await login({ username: 'demoagent', password: 'demo1234', area: 'agent' })).status).toBe(200);
  });

  it('signs in with an SMS code: throttled 1/s, wait 5 minutes after too many, wrong and spent codes refused', async () => {
    const mobile = `55${String(Date.now()).slice(-8)}`;
    const member = await createMember({ mobile });
    const headers = freshIp();
    const send = (mobileNum: string) => call<{ expiredMinutes: number }>('POST', '/wps/verification/sms/noLogin', { body: { mobileNum, countryDialingCode: `+${DIAL}` }, headers });

    const sent = await send(mobile);
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const code = platform.smsOutbox!.lastCode(DIAL, mobile)!;
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await rows<{ code_hash: Uint8Array }>(platform.db.orm, sql`SELECT code_hash FROM identity.verification_codes ORDER BY id DESC LIMIT 1`);
    expect(Buffer.from(stored!.code_hash).toString('hex')).not.toContain(Buffer.from(code).toString('hex'));

    const tooSoon = await send(mobile);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('SMS_TOO_FREQUENT');

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await login({ type: 'sms', username: mobile, password: wrongCode, countryDialingCode: DIAL }, headers);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'Please enter a valid verification code' });
    expect(await events(member.id, 'sms-code-failed')).toBe(1);

    const signedIn = await login({ type: 'sms', username: mobile, password: code, countryDialingCode: DIAL }, headers);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.value).toMatchObject({ user: { id: member.id }, mustChangePassword: false });
    const spent = await login({ type: 'sms', username: mobile, password: code, countryDialingCode: DIAL }, headers);
    expect(spent.body.code).toBe('VERIFICATION_CODE_INVALID');

    await sleep(1_050);
    expect((await send(mobile)).status).toBe(200);
    await sleep(1_050);
    expect((await send(mobile)).status).toBe(200);
    await sleep(1_050);
    const blocked = await send(mobile);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'SMS_WAIT_FIVE_MINUTES', message: 'Too many requests, please retry after 5 minutes', value: { retryAfterSeconds: 300 } });
    expect(blocked.headers.get('retry-after')).toBe('300');
  });

  it("expires SMS codes, refuses bad numbers, and answers the same for a number that is nobody's", async () => {
    const mobile = `56${String(Date.now()).slice(-8)}`;
    await createMember({ mobile });
    const headers = freshIp();
    await call('POST', '/wps/verification/sms/noLogin', { body: { mobileNum: mobile, countryDialingCode: DIAL }, headers });
    const code = platform.smsOutbox!.lastCode(DIAL, mobile)!;
    await platform.db.orm.execute(sql`UPDATE identity.verification_codes SET expires_at = now() - interval '1 second' WHERE mobile = ${`${DIAL}:${mobile}`}`);
    expect((await login({ type: 'sms', username: mobile, password: code, countryDialingCode: DIAL }, headers)).body.code).toBe('VERIFICATION_CODE_INVALID');

    const invalid = await call('POST', '/wps/verification/sms/noLogin', { body: { mobileNum: '12ab', countryDialingCode: DIAL }, headers });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'MOBILE_INVALID', message: 'Please enter a valid mobile number' });

    const nobody = `57${String(Date.now()).slice(-8)}`;
    const answer = await call('POST', '/wps/verification/sms/noLogin', { body: { mobileNum: nobody, countryDialingCode: DIAL }, headers });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toEqual({ expiredMinutes: 5 });
    expect(platform.smsOutbox!.lastCode(DIAL, nobody)).toBeUndefined();
  });

  it('creates a fresh trial account (type 4) per free-play login, which cannot move money', async () => {
    const first = await call<{ token: string; user: { account: string; type: number } }>('POST', '/wps/session/login/freeplay', { headers: freshIp() });
    const second = await call<{ token: string; user: { account: string; type: number } }>('POST', '/wps/session/login/freeplay', { headers: freshIp() });
    expect(first.status).toBe(200);
    expect(first.body.value.user.type).toBe(4);
    expect(first.body.value.user.account).toMatch(/^guest[0-9a-z]{8}$/);
    expect(second.body.value.user.account).not.toBe(first.body.value.user.account);
    const info = await call<{ type: number }>('GET', '/wps/member/info', { token: first.body.value.token });
    expect(info.body.value.type).toBe(4);
    const deposit = await call('POST', '/wps/v2/deposit', { token: first.body.value.token, key: randomUUID(), body: { amount: '100.00', method: 'sandbox' } });
    expect(deposit.status).toBe(403);
    expect(deposit.body.code).toBe('TRIAL_ACCOUNT_REFUSED');
    // A trial account has no password to sign in with.
    expect((await login({ username: first.body.value.user.account, password: '!no-password' })).body.code).toBe('LOGIN_FAILED');
  });

  it('refuses free play and SMS sign-in where the brand has not turned them on', async () => {
    await platform.db.orm.execute(sql`
      UPDATE identity.merchants SET settings = jsonb_set(settings, '{whitelabel}', settings->'whitelabel' || '{"MOBILEVERCODELOGIN3": false, "FREEPLAY3": false}'::jsonb)
      WHERE code = 'DEMO'`);
    await sleep(5_200);
    const trial = await call('POST', '/wps/session/login/freeplay', { headers: freshIp() });
    expect(trial.status).toBe(403);
    expect(trial.body.code).toBe('TRIAL_LOGIN_DISABLED');
    const sms = await call('POST', '/wps/verification/sms/noLogin', { body: { mobileNum: '5512345678', countryDialingCode: DIAL }, headers: freshIp() });
    expect(sms.status).toBe(403);
    expect(sms.body.code).toBe('SMS_LOGIN_DISABLED');
    expect((await login({ type: 'sms', username: '5512345678', password: '123456', countryDialingCode: DIAL })).body.code).toBe('SMS_LOGIN_DISABLED');
  }, 15_000);
});
