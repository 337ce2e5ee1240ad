import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, sleep } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { PasswordHasher } from '../../infra/passwords.js';
import type { DevSmsSink } from '../../infra/sms.js';
import { totpAt } from '../../infra/totp.js';

const BRAND = 'SFTEST';
const PASSWORD = 'secreto12';
const DIAL = '52';

interface Answer {
  token?: string;
  user: { id: string; account: string };
  verificationRequired?: { ticket: string; methods: string[] };
  twoFactorRequired?: { ticket: string };
  twoFactorSetupRequired?: { ticket: string };
  mustChangePassword?: boolean;
}

/** New-IP verification, authenticator two-factor and the security centre, through the real HTTP API. */
describe('second factors (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const hasher = new PasswordHasher(1024);
  let ipCounter = 1;
  const newIp = () => `203.0.113.${ipCounter++}`;
  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, 'x-merchant-code': BRAND, ...extra });
  const name = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;

  const createMember = async (options: { type?: number; email?: string | null; mobile?: string | null; payeeName?: string | null; merchant?: string } = {}) => {
    const username = name('sf');
    const [member] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, email, mobile_num, country_dialing_code, payee_name)
          VALUES (${options.merchant ?? BRAND}, ${username}, ${username.toLowerCase()}, ${username}, ${options.type ?? 0}, ${await hasher.hash(PASSWORD)},
                  ${options.email === undefined ? `${username}@example.test` : options.email},
                  ${options.mobile === undefined ? `55${String(ipCounter).padStart(8, '0')}${Math.floor(Math.random() * 9)}` : options.mobile},
                  ${DIAL}, ${options.payeeName === undefined ? 'María José Pérez' : options.payeeName})
          RETURNING id, mobile_num`,
    );
    const [row] = await rows<{ mobile_num: string | null; email: string | null }>(platform.db.orm, sql`SELECT mobile_num, email FROM identity.members WHERE id = ${member!.id}`);
    return { id: member!.id, username, mobile: row!.mobile_num, email: row!.email };
  };
  const login = (username: string, ip: string, merchant = BRAND) =>
    call<Answer>('POST', '/wps/session/login', { body: { username, password: PASSWORD }, headers: from(ip, { 'x-merchant-code': merchant }) });
  const verify = (ticket: string, method: string, code: string, ip: string) => call<Answer>('POST', '/wps/session/login/verify', { body: { ticket, method, code }, headers: from(ip) });
  const eventCount = async (memberId: string, kind: string) =>
    (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.security_events WHERE member_id = ${memberId} AND kind = ${kind}`))[0]!.n;
  const sessionCount = async (memberId: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.sessions WHERE member_id = ${memberId}`))[0]!.n;
  const sms = () => (platform.instances.identity as unknown as { sms: DevSmsSink }).sms;

  /** A member who has signed in once from `ip` (proved with the bank account name), with a session token. */
  const signedIn = async (options: Parameters<typeof createMember>[0] = {}) => {
    const member = await createMember(options);
    const ip = newIp();
    const first = await login(member.username, ip);
    const answer = first.body.value.verificationRequired ? (await verify(first.body.value.verificationRequired.ticket, 'bankAccountName', 'María José Pérez', ip)).body.value : first.body.value;
    expect(answer.token).toBeTruthy();
    return { ...member, ip, token: answer.token! };
  };

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { ARGON2_MEMORY_KIB: '1024', SMS_PROVIDER: 'log', LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000' } });
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${BRAND}, 'Second Factor Casino', '{}', 'ES', '{ES,EN}', 'MXN', '$', 'America/Mexico_City',
              ${JSON.stringify({
                whitelabel: { USERNAMEREG3: true, FREEPLAY3: true },
                newIpVerification: { enabled: true, methods: ['mobile', 'email', 'bankAccountName', 'authenticator'] },
                twoFactor: { requiredForAgents: true },
              })}::jsonb)`);
    // The brand directory keeps brands for a few seconds; wait until the new one answers.
    await eventually(async () => (await call('GET', '/wps/session/social/providers', { headers: { 'x-merchant-code': BRAND } })).status === 200, 'the test brand', 15_000);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('leaves the demo brand alone: no check for a new address when the brand has it off', async () => {
    const member = await createMember({ merchant: 'DEMO' });
    const first = await login(member.username, newIp(), 'DEMO');
    expect(first.status).toBe(200);
    expect(first.body.value.token).toBeTruthy();
    expect(first.body.value.verificationRequired).toBeUndefined();
  });

  it('asks a new address for verification, accepts the bank account name, then knows the address', async () => {
    const member = await createMember();
    const ip = newIp();
    const first = await login(member.username, ip);
    expect(first.status).toBe(200);
    expect(first.body.value.token).toBeUndefined();
    expect(first.body.value.verificationRequired!.methods).toEqual(['mobile', 'email', 'bankAccountName']);
    const ticket = first.body.value.verificationRequired!.ticket;
    expect(ticket.length).toBeGreaterThanOrEqual(43);
    expect(await sessionCount(member.id)).toBe(0);
    // Only the hash of the ticket is stored.
    const stored = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.sign_in_tickets WHERE ticket_hash = ${createHash('sha256').update(ticket).digest()}`);
    expect(stored[0]!.n).toBe(1);

    const wrong = await verify(ticket, 'bankAccountName', 'Someone Else', ip);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'SECOND_FACTOR_CODE_INVALID', message: 'Please enter a valid verification code' });
    expect(await sessionCount(member.id)).toBe(0);

    const right = await verify(ticket, 'bankAccountName', '  maría   JOSÉ pérez ', ip);
    expect(right.status).toBe(200);
    expect(right.body.value.token).toBeTruthy();
    expect(right.body.value.mustChangePassword).toBe(false);
    const info = await call('GET', '/wps/member/info', { token: right.body.value.token });
    expect(info.status).toBe(200);

    const replay = await verify(ticket, 'bankAccountName', 'María José Pérez', ip);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('SIGN_IN_TICKET_INVALID');

    const again = await login(member.username, ip);
    expect(again.body.value.token).toBeTruthy();
    expect(again.body.value.verificationRequired).toBeUndefined();
    expect(await eventCount(member.id, 'new-ip-verification')).toBe(1);
    expect(await eventCount(member.id, 'new-ip-verified')).toBe(1);
    expect(await eventCount(member.id, 'new-ip-verification-failed')).toBe(1);

    const elsewhere = await login(member.username, newIp());
    expect(elsewhere.body.value.verificationRequired).toBeDefined();
  });

  it('verifies by e-mail with a code from the mailer', async () => {
    const member = await createMember();
    const ip = newIp();
    const { ticket } = (await login(member.username, ip)).body.value.verificationRequired!;
    const early = await verify(ticket, 'email', '123456', ip);
    expect(early.body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const sent = await call<{ expiredMinutes: number }>('POST', '/wps/session/login/verify/send', { body: { ticket, method: 'email' }, headers: from(ip) });
    expect(sent.status).toBe(200);
    expect(sent.body.value.expiredMinutes).toBe(5);
    const mail = platform.mailbox!.last(member.email!);
    const code = /: (\d{6})/.exec(mail!.text)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await verify(ticket, 'email', wrongCode, ip)).body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const right = await verify(ticket, 'email', code, ip);
    expect(right.status).toBe(200);
    expect(right.body.value.token).toBeTruthy();
  });

  it('verifies by mobile with an SMS code', async () => {
    const member = await createMember();
    const ip = newIp();
    const { ticket } = (await login(member.username, ip)).body.value.verificationRequired!;
    const sent = await call<{ expiredMinutes: number }>('POST', '/wps/session/login/verify/send', { body: { ticket, method: 'mobile' }, headers: from(ip) });
    expect(sent.status).toBe(200);
    const code = sms().lastCode(DIAL, member.mobile!)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await verify(ticket, 'mobile', wrongCode, ip)).body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const right = await verify(ticket, 'mobile', code, ip);
    expect(right.status).toBe(200);
    expect(right.body.value.token).toBeTruthy();
  });

  it('offers only the methods the member can use, and refuses the others', async () => {
    const member = await createMember({ mobile: null, email: null });
    const ip = newIp();
    const { ticket, methods } = (await login(member.username, ip)).body.value.verificationRequired!;
    expect(methods).toEqual(['bankAccountName']);
    const refused = await verify(ticket, 'mobile', '123456', ip);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('SECOND_FACTOR_METHOD_UNAVAILABLE');
    const send = await call('POST', '/wps/session/login/verify/send', { body: { ticket, method: 'email' }, headers: from(ip) });
    expect(send.body.code).toBe('SECOND_FACTOR_METHOD_UNAVAILABLE');
    const nothing = await createMember({ mobile: null, email: null, payeeName: null });
    const unverifiable = await login(nothing.username, newIp());
    expect(unverifiable.body.value.token).toBeTruthy();
    expect(await eventCount(nothing.id, 'new-ip-unverifiable')).toBe(1);
  });

  it('does not ask trial accounts, which are new at every sign-in', async () => {
    const trial = await createMember({ type: 4 });
    const answer = await login(trial.username, newIp());
    expect(answer.status).toBe(200);
    expect(answer.body.value.token).toBeTruthy();
    expect(await eventCount(trial.id, 'new-ip-unverifiable')).toBe(0);
  });

  it('refuses an expired ticket', async () => {
    const member = await createMember();
    const ip = newIp();
    const { ticket } = (await login(member.username, ip)).body.value.verificationRequired!;
    await platform.db.orm.execute(sql`UPDATE identity.sign_in_tickets SET expires_at = now() - interval '1 second' WHERE ticket_hash = ${createHash('sha256').update(ticket).digest()}`);
    const late = await verify(ticket, 'bankAccountName', 'María José Pérez', ip);
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'SIGN_IN_TICKET_INVALID', message: 'The verification step has expired, please log in again' });
    expect(await sessionCount(member.id)).toBe(0);
  });

  it('spends the ticket after five wrong codes', async () => {
    const member = await createMember();
    const ip = newIp();
    const { ticket } = (await login(member.username, ip)).body.value.verificationRequired!;
    for (let attempt = 1; attempt <= 4; attempt++) expect((await verify(ticket, 'bankAccountName', `wrong ${attempt}`, ip)).status).toBe(400);
    const fifth = await verify(ticket, 'bankAccountName', 'wrong 5', ip);
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('SECOND_FACTOR_ATTEMPTS_EXCEEDED');
    const tooLate = await verify(ticket, 'bankAccountName', 'María José Pérez', ip);
    expect(tooLate.status).toBe(401);
    expect(await sessionCount(member.id)).toBe(0);
  });

  it('stops issuing second-factor tickets after ten wrong codes across tickets', async () => {
    const member = await createMember();
    const ip = newIp();
    for (let round = 0; round < 2; round++) {
      const { ticket } = (await login(member.username, ip)).body.value.verificationRequired!;
      for (let attempt = 0; attempt < 5; attempt++) await verify(ticket, 'bankAccountName', 'wrong', ip);
    }
    const blocked = await login(member.username, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(await sessionCount(member.id)).toBe(0);
  });

  it("completes steps taken after the brand directory refreshed (no query outside the step's transaction)", async () => {
    const member = await createMember();
    const ip = newIp();
    const { ticket } = (await login(member.username, ip)).body.value.verificationRequired!;
    // Longer than the directory's five seconds: the brand is read again, and must not be read inside the transaction.
    await sleep(5_300);
    const verified = await verify(ticket, 'bankAccountName', 'María José Pérez', ip);
    expect(verified.status).toBe(200);
    await sleep(5_300);
    const setup = await call('POST', '/wps/member/2fa/setup', { token: verified.body.value.token, headers: from(ip) });
    expect(setup.status).toBe(200);
  });

  it('refuses malformed verification bodies with 400 and changes nothing', async () => {
    const ip = newIp();
    const bad = await call('POST', '/wps/session/login/verify', { body: { ticket: 'x', method: 'carrier-pigeon', code: '1' }, headers: from(ip) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const unknown = await verify('not-a-ticket', 'bankAccountName', 'x', ip);
    expect(unknown.status).toBe(401);
  });

  it('enrols an authenticator, then asks for its code at sign-in and refuses a replayed or wrong one', async () => {
    const member = await signedIn();
    const setup = await call<{ secret: string; otpauthUri: string }>('POST', '/wps/member/2fa/setup', { token: member.token, headers: from(member.ip) });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri } = setup.body.value;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Second%20Factor%20Casino%3A${member.username}?secret=${secret}&issuer=Second+Factor+Casino&algorithm=SHA1&digits=6&period=30`);
    const stored = await rows<{ pending_sealed_secret: string }>(platform.db.orm, sql`SELECT pending_sealed_secret FROM identity.member_totp WHERE member_id = ${member.id}`);
    expect(stored[0]!.pending_sealed_secret).not.toContain(secret);

    const notYet = await call('POST', '/wps/member/2fa/enable', { body: { code: '000000' }, token: member.token, headers: from(member.ip) });
    expect(notYet.status).toBe(400);
    expect(notYet.body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const enrolCode = totpAt(secret, Date.now() - 30_000);
    const enabled = await call('POST', '/wps/member/2fa/enable', { body: { code: enrolCode }, token: member.token, headers: from(member.ip) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.value).toEqual({ twoFactorEnabled: true });
    const twice = await call('POST', '/wps/member/2fa/setup', { token: member.token, headers: from(member.ip) });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TWO_FACTOR_ALREADY_ENABLED');

    const first = await login(member.username, member.ip);
    expect(first.body.value.token).toBeUndefined();
    const ticket = first.body.value.twoFactorRequired!.ticket;
    const replayed = await call<Answer>('POST', '/wps/session/login/2fa', { body: { ticket, code: enrolCode }, headers: from(member.ip) });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const loginCode = totpAt(secret, Date.now());
    const accepted = await call<Answer>('POST', '/wps/session/login/2fa', { body: { ticket, code: loginCode }, headers: from(member.ip) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.value.token).toBeTruthy();

    const second = await login(member.username, member.ip);
    const reused = await call('POST', '/wps/session/login/2fa', { body: { ticket: second.body.value.twoFactorRequired!.ticket, code: loginCode }, headers: from(member.ip) });
    expect(reused.body.code).toBe('SECOND_FACTOR_CODE_INVALID');

    // An authenticator settles a new address too: no separate check is asked.
    const newPlace = await login(member.username, newIp());
    expect(newPlace.body.value.twoFactorRequired).toBeDefined();
    expect(newPlace.body.value.verificationRequired).toBeUndefined();

    const wrongOff = await call('DELETE', '/wps/member/2fa', { body: { code: '000000' === loginCode ? '111111' : '000000' }, token: member.token, headers: from(member.ip) });
    expect(wrongOff.body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const off = await call('DELETE', '/wps/member/2fa', { body: { code: totpAt(secret, Date.now() + 30_000) }, token: member.token, headers: from(member.ip) });
    expect(off.status).toBe(200);
    expect(off.body.value).toEqual({ twoFactorEnabled: false });
    const plain = await login(member.username, member.ip);
    expect(plain.body.value.token).toBeTruthy();
    expect(await eventCount(member.id, 'two-factor-enabled')).toBe(1);
    expect(await eventCount(member.id, 'two-factor-disabled')).toBe(1);
    expect(await eventCount(member.id, 'two-factor-failed')).toBeGreaterThanOrEqual(3);
  });

  it('makes an agent enrol before the first session when the brand requires two-factor for agents', async () => {
    const agent = await createMember({ type: 1, mobile: null, email: null, payeeName: null });
    const ip = newIp();
    const first = await login(agent.username, ip);
    expect(first.status).toBe(200);
    expect(first.body.value.token).toBeUndefined();
    const { ticket } = first.body.value.twoFactorSetupRequired!;
    // The ticket is for enrolment only: it does not open a session by itself.
    expect((await call('POST', '/wps/session/login/2fa', { body: { ticket, code: '123456' }, headers: from(ip) })).status).toBe(401);
    const setup = await call<{ secret: string }>('POST', '/wps/session/login/2fa/setup', { body: { ticket }, headers: from(ip) });
    expect(setup.status).toBe(200);
    const wrong = await call('POST', '/wps/session/login/2fa/enable', { body: { ticket, code: '000000' === totpAt(setup.body.value.secret, Date.now()) ? '111111' : '000000' }, headers: from(ip) });
    expect(wrong.body.code).toBe('SECOND_FACTOR_CODE_INVALID');
    expect(await sessionCount(agent.id)).toBe(0);
    const enrolled = await call<Answer>('POST', '/wps/session/login/2fa/enable', { body: { ticket, code: totpAt(setup.body.value.secret, Date.now()) }, headers: from(ip) });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.value.token).toBeTruthy();
    const next = await login(agent.username, ip);
    expect(next.body.value.twoFactorRequired).toBeDefined();

    // An agent at a new address proves it first, then enrols.
    const other = await createMember({ type: 1 });
    const otherIp = newIp();
    const step1 = await login(other.username, otherIp);
    const step2 = await verify(step1.body.value.verificationRequired!.ticket, 'bankAccountName', 'María José Pérez', otherIp);
    expect(step2.status).toBe(200);
    expect(step2.body.value.token).toBeUndefined();
    expect(step2.body.value.twoFactorSetupRequired).toBeDefined();

    // A player of the same brand is not asked to enrol.
    const player = await createMember({ mobile: null, email: null, payeeName: null });
    expect((await login(player.username, newIp())).body.value.token).toBeTruthy();
  });

  it("shows the security centre with only the caller's own logins, paged, and the previous login time", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await call('POST', '/wps/session/login', {
      body: { username: alice.username, password: 'wrongpass1' },
      headers: from(alice.ip, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36' }),
    });
    const second = await call<Answer>('POST', '/wps/session/login', {
      body: { username: alice.username, password: PASSWORD },
      headers: from(alice.ip, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36' }),
    });
    const token = second.body.value.token!;
    const overview = await call<{
      twoFactorEnabled: boolean;
      previousLoginAt: string | null;
      lastLogins: Array<{ at: string; ip: string; device: string; success: boolean }>;
      total: number;
      totalPages: number;
      pageNo: number;
    }>('GET', '/wps/member/security?pageNo=1&pageSize=10', { token, headers: from(alice.ip) });
    expect(overview.status).toBe(200);
    const value = overview.body.value;
    expect(value.twoFactorEnabled).toBe(false);
    expect(value.total).toBe(3);
    expect(value.lastLogins.map((entry) => entry.success)).toEqual([true, false, true]);
    expect(value.lastLogins.every((entry) => entry.ip === alice.ip)).toBe(true);
    expect(value.lastLogins[0]!.device).toMatch(/Chrome/);
    expect(value.previousLoginAt).toBe(value.lastLogins[2]!.at);
    expect(value.lastLogins.some((entry) => entry.ip === bob.ip)).toBe(false);

    const paged = await call<{ lastLogins: unknown[]; totalPages: number; pageNo: number }>('GET', '/wps/member/security?pageNo=2&pageSize=1', { token, headers: from(alice.ip) });
    expect(paged.body.value).toMatchObject({ pageNo: 2, totalPages: 3 });
    expect(paged.body.value.lastLogins).toHaveLength(1);
    const pastEnd = await call<{ lastLogins: unknown[] }>('GET', '/wps/member/security?pageNo=9&pageSize=10', { token, headers: from(alice.ip) });
    expect(pastEnd.body.value.lastLogins).toEqual([]);

    const bobs = await call<{ total: number; lastLogins: Array<{ ip: string }> }>('GET', '/wps/member/security', { token: bob.token, headers: from(bob.ip) });
    expect(bobs.body.value.total).toBe(1);
    expect(bobs.body.value.lastLogins[0]!.ip).toBe(bob.ip);

    expect((await call('GET', '/wps/member/security', { headers: from(alice.ip) })).status).toBe(401);
    expect((await call('POST', '/wps/member/2fa/setup', { headers: from(alice.ip) })).status).toBe(401);
  });
});
