import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { PasswordHasher } from '../infra/passwords.js';

const PASSWORD = 'Faro4marea';
const BRAND = 'SESSTEST';
const SINGLE_SESSION_BRAND = 'SOLOTEST';
/** The gateway keeps a principal 10 s; an ended session refused well within that was dropped by the `session.ended` event. */
const WELL_BEFORE_CACHE_EXPIRY_MS = 3_000;
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Sessions and the profile through the real HTTP API: disabling, single-session brands, info, icon, language. */
describe('sessions and profile (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const hasher = new PasswordHasher(1024);
  let ipCounter = 10;
  const brand = (code = BRAND) => ({ 'x-merchant-code': code, 'x-forwarded-for': `198.18.0.${ipCounter++}` });
  const name = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const operator = () => ({ authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana' });

  const createMember = async (merchantCode = BRAND) => {
    const username = name('s');
    const [member] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash)
          VALUES (${merchantCode}, ${username}, ${username.toLowerCase()}, ${username}, ${await hasher.hash(PASSWORD)}) RETURNING id`,
    );
    return { id: member!.id, username };
  };
  const signedIn = async (username: string, code = BRAND, userAgent?: string) => {
    const answer = await call<{ token: string }>('POST', '/wps/session/login', {
      body: { username, password: PASSWORD, type: 'username' },
      headers: { ...brand(code), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    });
    expect(answer.status).toBe(200);
    return answer.body.value.token;
  };
  const info = (token: string) => call<{ id: string; account: string; lastLoginAt: string | null; icon: string; language: string | null }>('GET', '/wps/member/info', { token, headers: brand() });
  const connectSocket = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { ARGON2_MEMORY_KIB: '1024' } });
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${BRAND}, 'Session Casino', '{}', 'ES', '{ES,EN}', 'MXN', '$', 'UTC', '{}'::jsonb),
             (${SINGLE_SESSION_BRAND}, 'Solo Casino', '{}', 'ES', '{ES}', 'MXN', '$', 'UTC', '{"singleSession": true}'::jsonb)`);
    await eventually(async () => (await call('GET', '/wps/system/status', { headers: brand(SINGLE_SESSION_BRAND) })).status === 200, 'the test brands', 7_000);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('disabling an account ends every session at the gateway at once, sockets included, and enabling lets it sign in again', async () => {
    const member = await createMember();
    const first = await signedIn(member.username);
    const second = await signedIn(member.username);
    expect((await info(first)).status).toBe(200);
    expect((await info(second)).status).toBe(200);
    const sockets = await Promise.all([connectSocket(first), connectSocket(second)]);
    const closed = sockets.map((socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)));

    const disabled = await call('POST', `/operator/v1/members/${member.id}/disable`, { headers: operator() });
    expect(disabled.status).toBe(200);
    expect(disabled.body.value).toEqual({ memberId: member.id, status: 'disabled', endedSessions: 2 });
    const started = Date.now();
    await eventually(async () => (await info(first)).status === 401 && (await info(second)).status === 401, 'both sessions refused', WELL_BEFORE_CACHE_EXPIRY_MS);
    expect(Date.now() - started).toBeLessThan(WELL_BEFORE_CACHE_EXPIRY_MS);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);

    const refused = await call('POST', '/wps/session/login', { body: { username: member.username, password: PASSWORD }, headers: brand() });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_DISABLED');
    const kinds = await rows<{ kind: string; detail: { operator?: string } }>(platform.db.orm, sql`SELECT kind, detail FROM identity.security_events WHERE member_id = ${member.id} ORDER BY id`);
    expect(kinds.map((row) => row.kind)).toEqual(expect.arrayContaining(['account-disabled', 'sessions-ended']));
    expect(kinds.find((row) => row.kind === 'account-disabled')!.detail.operator).toBe('ana');

    const enabled = await call('POST', `/operator/v1/members/${member.id}/enable`, { headers: operator() });
    expect(enabled.body.value).toEqual({ memberId: member.id, status: 'active', endedSessions: 0 });
    expect((await info(await signedIn(member.username))).status).toBe(200);
    expect((await info(first)).status).toBe(401);
  });

  it('keeps the operator calls to operators: a member token is not enough, and an unknown member is 404', async () => {
    const member = await createMember();
    const token = await signedIn(member.username);
    const asMember = await call('POST', `/operator/v1/members/${member.id}/disable`, { token });
    expect(asMember.status).toBe(401);
    expect(asMember.body.code).toBe('OPERATOR_UNAUTHORIZED');
    expect((await info(token)).status).toBe(200);
    expect((await call('POST', '/operator/v1/members/999999999/disable', { headers: operator() })).status).toBe(404);
    expect((await call('POST', '/operator/v1/members/abc/disable', { headers: operator() })).status).toBe(404);
  });

  it('keeps one session per member on a single-session brand', async () => {
    const member = await createMember(SINGLE_SESSION_BRAND);
    const first = await signedIn(member.username, SINGLE_SESSION_BRAND);
    expect((await info(first)).status).toBe(200);
    const second = await signedIn(member.username, SINGLE_SESSION_BRAND);
    await eventually(async () => (await info(first)).status === 401, 'the older session refused', WELL_BEFORE_CACHE_EXPIRY_MS);
    expect((await info(second)).status).toBe(200);
    const [ended] = await rows<{ end_reason: string }>(platform.db.orm, sql`SELECT end_reason FROM identity.sessions WHERE member_id = ${member.id} AND ended_at IS NOT NULL`);
    expect(ended!.end_reason).toBe('single-session');

    const elsewhere = await createMember();
    const one = await signedIn(elsewhere.username);
    const two = await signedIn(elsewhere.username);
    expect((await info(one)).status).toBe(200);
    expect((await info(two)).status).toBe(200);
  });

  it('shows the previous sign-in time, and records the device of each sign-in', async () => {
    const member = await createMember();
    const first = await signedIn(member.username, BRAND, ANDROID_CHROME);
    expect((await info(first)).body.value).toMatchObject({ id: member.id, account: member.username, lastLoginAt: null, icon: '1', language: null });
    const [{ last_login_at: firstAt }] = (await rows<{ last_login_at: Date }>(platform.db.orm, sql`SELECT last_login_at FROM identity.members WHERE id = ${member.id}`)) as [{ last_login_at: Date }];
    const second = await signedIn(member.username);
    expect((await info(second)).body.value.lastLoginAt).toBe(new Date(firstAt).toISOString());
    const history = await rows<{ device: string | null }>(platform.db.orm, sql`SELECT device FROM identity.login_history WHERE member_id = ${member.id} ORDER BY id`);
    expect(history[0]!.device).toBe('Chrome on Android (mobile)');
    const [session] = await rows<{ device: string }>(platform.db.orm, sql`SELECT device FROM identity.sessions WHERE member_id = ${member.id} ORDER BY created_at LIMIT 1`);
    expect(session!.device).toBe('Chrome on Android (mobile)');
  });

  it("lists the member's own sign-ins with address and device, newest first, and nobody else's", async () => {
    const member = await createMember();
    const other = await createMember();
    await signedIn(member.username, BRAND, ANDROID_CHROME);
    await call('POST', '/wps/session/login', { body: { username: member.username, password: 'Wrong1pass' }, headers: { 'x-merchant-code': BRAND, 'x-forwarded-for': '198.18.9.9' } });
    const token = await signedIn(member.username);
    const otherToken = await signedIn(other.username);
    const history = await call<{ list: Array<{ at: string; ip: string; device: string | null; success: boolean }>; total: number; totalPages: number }>('GET', '/wps/member/login-history?pageSize=2', {
      token,
      headers: brand(),
    });
    expect(history.status).toBe(200);
    expect(history.body.value.total).toBe(3);
    expect(history.body.value.totalPages).toBe(2);
    expect(history.body.value.list.map((row) => row.success)).toEqual([true, false]);
    expect(history.body.value.list[1]).toMatchObject({ ip: '198.18.9.9', success: false });
    const last = await call<{ list: Array<{ device: string | null }> }>('GET', '/wps/member/login-history?pageSize=2&pageNo=2', { token, headers: brand() });
    expect(last.body.value.list).toEqual([expect.objectContaining({ device: 'Chrome on Android (mobile)', success: true })]);
    const theirs = await call<{ total: number }>('GET', `/wps/member/login-history?memberId=${member.id}`, { token: otherToken, headers: brand() });
    expect(theirs.body.value.total).toBe(1);
    expect((await call('GET', '/wps/member/login-history?pageSize=500', { token, headers: brand() })).status).toBe(400);
  });

  it('gets and sets the icon from the fixed set, for the caller only', async () => {
    const alice = await createMember();
    const bob = await createMember();
    const aliceToken = await signedIn(alice.username);
    const bobToken = await signedIn(bob.username);
    const offered = await call<{ icon: string; icons: string[] }>('GET', '/wps/member/info/icon', { token: aliceToken, headers: brand() });
    expect(offered.body.value).toEqual({ icon: '1', icons: ['1', '2', '3', '4', '5', '6', '7', '8'] });
    const set = await call('PUT', '/wps/member/info/icon', { token: aliceToken, body: { icon: '5' }, headers: brand() });
    expect(set.body).toEqual({ success: true, value: { icon: '5' } });
    const bad = await call('PUT', '/wps/member/info/icon', { token: aliceToken, body: { icon: '99' }, headers: brand() });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'ICON_INVALID', field: 'icon' });
    // A member id smuggled into the body or query is ignored: the session decides whose profile changes.
    await call('PUT', `/wps/member/info/icon?memberId=${bob.id}`, { token: aliceToken, body: { icon: '7', memberId: bob.id }, headers: brand() });
    expect((await info(aliceToken)).body.value.icon).toBe('7');
    expect((await info(bobToken)).body.value.icon).toBe('1');
    expect((await call('GET', '/wps/member/info/icon', { headers: brand() })).status).toBe(401);
  });

  it('stores the language among the brand languages, for the caller only', async () => {
    const alice = await createMember();
    const bob = await createMember();
    const aliceToken = await signedIn(alice.username);
    const bobToken = await signedIn(bob.username);
    const set = await call('PUT', '/wps/member/language', { token: aliceToken, body: { language: 'en', memberId: bob.id }, headers: brand() });
    expect(set.body).toEqual({ success: true, value: { language: 'EN' } });
    expect((await info(aliceToken)).body.value.language).toBe('EN');
    expect((await info(bobToken)).body.value.language).toBeNull();
    const unsupported = await call('PUT', '/wps/member/language', { token: aliceToken, body: { language: 'JP' }, headers: brand() });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.code).toBe('LANGUAGE_UNSUPPORTED');
    expect((await call('PUT', '/wps/member/language', { body: { language: 'EN' }, headers: brand() })).status).toBe(401);
  });
});
