import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { rows, sleep } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { PasswordHasher } from '../infra/passwords.js';
import type { DevSmsSink } from '../infra/sms.js';
import type { IdentityServiceInstance } from '../app.js';
import { SmtpTestSink } from './account/smtp-test-sink.js';

const PASSWORD = 'Vela7tormenta';
const NEW_PASSWORD = 'Ruta9cometa';
const BRAND = 'PWDTEST';
const FLAGS_OFF_BRAND = 'PWDOFF';

/** Passwords through the real HTTP API: change, forgot by e-mail over real SMTP, forgot by phone. */
describe('passwords (embedded, real SMTP to a local sink)', () => {
  let platform: EmbeddedPlatform;
  const smtp = new SmtpTestSink();
  const call = apiCaller(() => platform.url);
  const hasher = new PasswordHasher(1024);
  let ipCounter = 10;
  const freshIp = () => ({ 'x-forwarded-for': `203.0.113.${ipCounter++}` });
  const brand = (code = BRAND) => ({ 'x-merchant-code': code, ...freshIp() });
  const name = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  let mobileCounter = 5510000000;

  const createMember = async (options: { merchantCode?: string; email?: string; mobile?: string } = {}) => {
    const username = name('p');
    const [member] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash, email, mobile_num, country_dialing_code)
          VALUES (${options.merchantCode ?? BRAND}, ${username}, ${username.toLowerCase()}, ${username}, ${await hasher.hash(PASSWORD)},
                  ${options.email ?? null}, ${options.mobile ?? null}, ${options.mobile ? '52' : null})
          RETURNING id`,
    );
    return { id: member!.id, username };
  };
  const login = (username: string, password: string, code = BRAND) => call<{ token: string }>('POST', '/wps/session/login', { body: { username, password, type: 'username' }, headers: brand(code) });
  const signedIn = async (username: string, password = PASSWORD) => {
    const answer = await login(username, password);
    expect(answer.status).toBe(200);
    return answer.body.value.token;
  };
  const info = (token: string) => call('GET', '/wps/member/info', { token, headers: brand() });
  const passwordHash = async (memberId: string) => (await rows<{ password_hash: string }>(platform.db.orm, sql`SELECT password_hash FROM identity.members WHERE id = ${memberId}`))[0]!.password_hash;
  const events = async (memberId: string, kind: string) =>
    (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.security_events WHERE member_id = ${memberId} AND kind = ${kind}`))[0]!.n;
  const linkIn = (address: string) => {
    const mail = smtp.to(address).at(-1);
    return mail ? /(http:\/\/[^\s"]+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(mail.decoded) : null;
  };
  const connectSocket = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  beforeAll(async () => {
    const { url } = await smtp.start();
    platform = await startEmbedded({ logLevel: 'silent', env: { SMTP_URL: url, MAIL_FROM: 'casino@example.test', ARGON2_MEMORY_KIB: '1024', SMS_PROVIDER: 'log' } });
    const settings = (flags: Record<string, boolean>) => JSON.stringify({ whitelabel: { USERNAMEREG3: true, ...flags } });
    // Inserted before the first request, so the brand directory's first read already sees them.
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${BRAND}, 'Password Casino', '{localhost}', 'EN', '{EN,ES}', 'MXN', '$', 'UTC', ${settings({ CHNGPASSMAIL3: true, CHNGPASSVERIF3: true })}::jsonb),
             (${FLAGS_OFF_BRAND}, 'Closed Casino', '{}', 'ES', '{ES}', 'MXN', '$', 'UTC', ${settings({})}::jsonb)`);
    await eventually(async () => (await call('GET', '/wps/system/status', { headers: brand() })).status === 200, 'the test brand', 7_000);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    await smtp.close();
  });

  describe('change', () => {
    it.each([
      [{ oldPassword: '', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, 'INPUT_EMPTY', 'oldPassword', 'Input cannot be empty'],
      [{ oldPassword: 'Wrong1pass', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, 'OLD_PASSWORD_WRONG', 'oldPassword', 'The old password is incorrect'],
      [{ oldPassword: PASSWORD, newPassword: 'abc', confirmNewPassword: 'abc' }, 'PASSWORD_LENGTH', 'newPassword', 'Please fill in your password with 8 - 64 characters'],
      [{ oldPassword: PASSWORD, newPassword: 'x'.repeat(65), confirmNewPassword: 'x'.repeat(65) }, 'PASSWORD_LENGTH', 'newPassword', 'Please fill in your password with 8 - 64 characters'],
      [{ oldPassword: PASSWORD, newPassword: 'tab\there9x', confirmNewPassword: 'tab\there9x' }, 'PASSWORD_FORMAT', 'newPassword', 'Password format is incorrect'],
      [
        { oldPassword: PASSWORD, newPassword: 'qwerty123', confirmNewPassword: 'qwerty123' },
        'PASSWORD_TOO_WEAK',
        'newPassword',
        'This password is too common or too easy to guess, please choose another',
      ],
      [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: 'Ruta9comet' }, 'CONFIRM_PASSWORD_MISMATCH', 'confirmNewPassword', 'Confirmation password is not correct.'],
      [
        { oldPassword: PASSWORD, newPassword: 'password1', confirmNewPassword: 'password1' },
        'PASSWORD_TOO_WEAK',
        'newPassword',
        'This password is too common or too easy to guess, please choose another',
      ],
      [{ oldPassword: PASSWORD, newPassword: 'qwerty123', confirmNewPassword: 'qwerty123' }, 'PASSWORD_TOO_WEAK', 'newPassword', undefined],
      [{ oldPassword: PASSWORD, newPassword: 'zzzzzzzz', confirmNewPassword: 'zzzzzzzz' }, 'PASSWORD_TOO_WEAK', 'newPassword', undefined],
      [{ oldPassword: PASSWORD, newPassword: 'lmnopqrs', confirmNewPassword: 'lmnopqrs' }, 'PASSWORD_TOO_WEAK', 'newPassword', undefined],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD, confirmNewPassword: PASSWORD }, 'PASSWORD_UNCHANGED', 'newPassword', undefined],
    ])('refuses %j with %s on %s and changes nothing', async (body, code, field, message) => {
      const member = await createMember();
      const token = await signedIn(member.username);
      const before = await passwordHash(member.id);
      const answer = await call('POST', '/wps/member/password', { token, body, headers: brand() });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code, field });
      if (message) expect(answer.body.message).toBe(message);
      expect(await passwordHash(member.id)).toBe(before);
      expect((await info(token)).status).toBe(200);
    });

    it('refuses a password equal to the username', async () => {
      const member = await createMember();
      const token = await signedIn(member.username);
      const answer = await call('POST', '/wps/member/password', { token, body: { oldPassword: PASSWORD, newPassword: member.username, confirmNewPassword: member.username }, headers: brand() });
      expect(answer.body.code).toBe('PASSWORD_TOO_WEAK');
    });

    it('needs a session', async () => {
      const answer = await call('POST', '/wps/member/password', { body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, headers: brand() });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('NOT_LOGGED_IN');
    });

    it('changes the password, keeps the current session and ends the others at once, sockets included', async () => {
      const member = await createMember();
      const current = await signedIn(member.username);
      const other = await signedIn(member.username);
      expect((await info(other)).status).toBe(200); // cached at the gateway now
      const socket = await connectSocket(other);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

      const answer = await call('POST', '/wps/member/password', { token: current, body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, headers: brand() });
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);

      expect((await info(current)).status).toBe(200);
      const refused = await info(other);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('NOT_LOGGED_IN');
      expect(await closed).toBe('io server disconnect');
      socket.close();

      expect((await login(member.username, PASSWORD)).status).toBe(401);
      expect((await login(member.username, NEW_PASSWORD)).status).toBe(200);
      expect(await events(member.id, 'password-changed')).toBe(1);
      expect(await events(member.id, 'sessions-ended')).toBe(1);
    });

    it('limits wrong old passwords per member', async () => {
      const member = await createMember();
      const token = await signedIn(member.username);
      const wrong = () => call('POST', '/wps/member/password', { token, body: { oldPassword: 'Wrong1pass', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, headers: brand() });
      for (let attempt = 0; attempt < 5; attempt++) expect((await wrong()).body.code).toBe('OLD_PASSWORD_WRONG');
      const limited = await wrong();
      expect(limited.status).toBe(429);
      const right = await call('POST', '/wps/member/password', { token, body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, headers: brand() });
      expect(right.status).toBe(429);
      expect((await login(member.username, PASSWORD)).status).toBe(200);
    });
  });

  describe('forgot by e-mail', () => {
    const ask = (body: Record<string, string>, code = BRAND) => call('POST', '/wps/member/password/email', { body, headers: brand(code) });
    const reset = (token: string, password = NEW_PASSWORD) =>
      call<{ account: string }>('POST', '/wps/member/password/reset', { body: { token, newPassword: password, confirmNewPassword: password }, headers: brand() });

    it('mails a link that sets a new password once and ends every session', async () => {
      const email = `${name('m')}@example.test`;
      const member = await createMember({ email });
      const session = await signedIn(member.username);
      expect((await info(session)).status).toBe(200);

      const answer = await ask({ username: member.username, email: email.toUpperCase() });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, value: { accepted: true } });
      await eventually(() => linkIn(email) !== null, 'the reset mail');
      const mail = smtp.to(email).at(-1)!;
      expect(mail.from).toBe('casino@example.test');
      expect(mail.decoded).toContain('Subject: Password Casino: reset your password');
      const [, link, token] = linkIn(email)!;
      expect(link!.startsWith(`${platform.url}/reset-password?token=`)).toBe(true);
      expect(token!.length).toBeGreaterThanOrEqual(43);
      // Only a digest is stored.
      const stored = await rows<{ token_hash: Uint8Array; expires_at: Date; created_at: Date }>(platform.db.orm, sql`SELECT * FROM identity.password_resets WHERE member_id = ${member.id}`);
      expect(stored).toHaveLength(1);
      expect(Buffer.from(stored[0]!.token_hash).toString('base64url')).not.toBe(token);
      expect(new Date(stored[0]!.expires_at).getTime() - new Date(stored[0]!.created_at).getTime()).toBe(30 * 60_000);

      const weak = await reset(token!, 'password1');
      expect(weak.body.code).toBe('PASSWORD_TOO_WEAK');
      const done = await reset(token!);
      expect(done.status).toBe(200);
      expect(done.body.value).toEqual({ account: member.username });
      expect((await info(session)).status).toBe(401);
      expect((await login(member.username, NEW_PASSWORD)).status).toBe(200);

      const again = await reset(token!, 'Otra5clave');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 'RESET_LINK_INVALID', message: 'This password reset link is invalid or has expired, please request a new one' });
      expect((await login(member.username, NEW_PASSWORD)).status).toBe(200);
      expect(await events(member.id, 'password-reset-requested')).toBe(1);
      expect(await events(member.id, 'password-reset')).toBe(1);
    });

    it('accepts the form-urlencoded body of the spec', async () => {
      const email = `${name('f')}@example.test`;
      const member = await createMember({ email });
      const response = await fetch(`${platform.url}/wps/member/password/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'EN', ...brand() },
        body: new URLSearchParams({ username: member.username, email }).toString(),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, value: { accepted: true } });
      await eventually(() => linkIn(email) !== null, 'the reset mail');
    });

    it('answers the same for an unknown user or a wrong e-mail, and sends nothing', async () => {
      const email = `${name('u')}@example.test`;
      const member = await createMember({ email });
      const unknownUser = await ask({ username: name('nobody'), email });
      const wrongEmail = await ask({ username: member.username, email: `other${email}` });
      const noEmailStored = await ask({ username: (await createMember()).username, email });
      for (const answer of [unknownUser, wrongEmail, noEmailStored]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ success: true, value: { accepted: true } });
      }
      await sleep(300);
      expect(smtp.to(email)).toHaveLength(0);
      expect(smtp.to(`other${email}`)).toHaveLength(0);
    });

    it('does not build a link from a host the brand does not own', async () => {
      const email = `${name('h')}@example.test`;
      const member = await createMember({ email });
      // fetch cannot forge a Host header; a raw request can, as an attacker's would.
      const answer = await new Promise<string>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port: platform.port, method: 'POST', path: '/wps/member/password/email', headers: { host: 'evil.example', 'content-type': 'application/json', ...brand() } },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve(text));
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ username: member.username, email }));
      });
      expect(JSON.parse(answer)).toEqual({ success: true, value: { accepted: true } });
      await sleep(300);
      expect(smtp.to(email)).toHaveLength(0);
    });

    it('refuses an expired link, and an older link once a newer one was sent', async () => {
      const email = `${name('e')}@example.test`;
      const member = await createMember({ email });
      await ask({ username: member.username, email });
      await eventually(() => smtp.to(email).length === 1, 'the first mail');
      const first = linkIn(email)![2]!;
      await ask({ username: member.username, email });
      await eventually(() => smtp.to(email).length === 2, 'the second mail');
      const second = linkIn(email)![2]!;
      expect((await reset(first)).body.code).toBe('RESET_LINK_INVALID');
      await platform.db.orm.execute(sql`UPDATE identity.password_resets SET expires_at = now() - interval '1 second' WHERE member_id = ${member.id}`);
      expect((await reset(second)).body.code).toBe('RESET_LINK_INVALID');
      expect((await login(member.username, PASSWORD)).status).toBe(200);
    });

    it('retires an open link when the member changes the password meanwhile', async () => {
      const email = `${name('r')}@example.test`;
      const member = await createMember({ email });
      await ask({ username: member.username, email });
      await eventually(() => linkIn(email) !== null, 'the reset mail');
      const token = await signedIn(member.username);
      const changed = await call('POST', '/wps/member/password', { token, body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, headers: brand() });
      expect(changed.status).toBe(200);
      expect((await reset(linkIn(email)![2]!, 'Otra5clave')).body.code).toBe('RESET_LINK_INVALID');
      expect((await login(member.username, NEW_PASSWORD)).status).toBe(200);
    });

    it('checks the input and the brand flag', async () => {
      expect((await ask({ username: '', email: 'a@b.cd' })).body).toMatchObject({ code: 'INPUT_EMPTY', field: 'username' });
      expect((await ask({ username: 'someone', email: 'not-an-address' })).body).toMatchObject({ code: 'EMAIL_FORMAT', message: 'E-mail format is incorrect' });
      const off = await ask({ username: 'someone', email: 'a@b.cd' }, FLAGS_OFF_BRAND);
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('FEATURE_DISABLED');
      expect((await reset('x'.repeat(43))).body.code).toBe('RESET_LINK_INVALID');
    });
  });

  describe('forgot by phone', () => {
    const sms = () => (platform.instances.identity as IdentityServiceInstance).sms as DevSmsSink;
    const requestCode = (mobileNum: string, code = BRAND) =>
      call<{ expiredMinutes: number }>('POST', '/wps/verification/sms/reset', { body: { mobileNum, countryDialingCode: '52' }, headers: brand(code) });
    const resetByPhone = (mobileNum: string, verificationCode: string, newPassword = NEW_PASSWORD) =>
      call<{ account: string }>('POST', '/wps/member/password/verification', { body: { mobileNum, verificationCode, newPassword }, headers: brand() });

    it('refuses a wrong code, then resets with the right one so the client can sign in with the new password', async () => {
      const mobile = String(mobileCounter++);
      const member = await createMember({ mobile });
      const session = await signedIn(member.username);
      const sent = await requestCode(mobile);
      expect(sent.status).toBe(200);
      expect(sent.body.value.expiredMinutes).toBeGreaterThan(0);
      const code = sms().lastCode('52', mobile)!;
      expect(code).toMatch(/^\d{6}$/);

      const wrong = await resetByPhone(mobile, code === '000000' ? '111111' : '000000');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'Please enter a valid verification code' });
      expect((await login(member.username, PASSWORD)).status).toBe(200);

      const weak = await resetByPhone(mobile, code, '12345678');
      expect(weak.body.code).toBe('PASSWORD_TOO_WEAK');

      const done = await resetByPhone(mobile, code);
      expect(done.status).toBe(200);
      expect(done.body.value.account).toBe(member.username);
      // What the client does next (spec section 4): the login call with an empty type and the new password.
      const auto = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: done.body.value.account, password: NEW_PASSWORD, type: '' }, headers: brand() });
      expect(auto.status).toBe(200);
      expect((await info(auto.body.value.token)).status).toBe(200);
      expect((await info(session)).status).toBe(401);
      expect((await resetByPhone(mobile, code, 'Tercera8vez')).body.code).toBe('VERIFICATION_CODE_INVALID');
    });

    it('answers an unknown number like a known one and sends nothing', async () => {
      const mobile = String(mobileCounter++);
      const answer = await requestCode(mobile);
      expect(answer.status).toBe(200);
      expect(answer.body.value.expiredMinutes).toBeGreaterThan(0);
      expect(sms().lastCode('52', mobile)).toBeUndefined();
      expect((await resetByPhone(mobile, '123456')).body.code).toBe('VERIFICATION_CODE_INVALID');
    });

    it('is refused where the brand turned it off', async () => {
      const answer = await requestCode(String(mobileCounter++), FLAGS_OFF_BRAND);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('FEATURE_DISABLED');
    });
  });
});
