import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

interface Link {
  id: string;
  code: string;
  url: string;
  type: 'member' | 'agent';
  contracts: Array<{ kind: string; tiers: unknown[] }>;
  note: string;
  enabled: boolean;
  registrations: number;
  createdAt: string;
}
interface RegisteredEvent {
  memberId: string;
  type: number;
  uplineId: string | null;
  account: string;
  invitation?: { code: string; contracts: Array<{ kind: string; tiers: unknown[] }> } | null;
}

const DAILY = { kind: 'daily', tiers: [{ minBaseMinor: '10000000', minActive: 3, rateBp: 30 }] };
const REALTIME = { kind: 'realtime', tiers: [{ minBaseMinor: '0', minActive: 0, rateBp: 20, on: 'loss' }] };

/** The agent centre's register centre through the real HTTP API (embedded: PGlite + in-memory bus). */
describe('invitation links and direct downline creation', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const password = 'secreto12';
  let serial = 0;
  const freshName = (prefix = 'inv') => `${prefix}${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;
  const member = async (username: string) =>
    (
      await rows<{ id: string; type: number; upline_id: string | null; invitation_link_id: string | null; nickname: string; register_method: string | null }>(
        platform.db.orm,
        sql`SELECT * FROM identity.members WHERE merchant_code = 'DEMO' AND username_key = ${username.toLowerCase()}`,
      )
    )[0];
  const memberCount = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.members`))[0]!.n;
  const registeredEvent = async (memberId: string) =>
    (await rows<{ envelope: { payload: RegisteredEvent } }>(platform.db.orm, sql`SELECT envelope FROM identity.outbox WHERE key = ${memberId} AND envelope->>'type' = 'member.registered'`))[0]
      ?.envelope.payload;
  const signIn = async (username: string, secret = password) => {
    const answer = await call<{ token: string }>('POST', '/wps/session/login', { body: { username, password: secret, type: 'username' } });
    expect(answer.status).toBe(200);
    return answer.body.value.token;
  };
  const register = (body: Record<string, unknown>) => call('PUT', '/wps/member/register', { body: { acceptTerms: true, password, confirmPassword: password, ...body } });
  const createLink = (token: string, body: Record<string, unknown>) => call<Link>('POST', '/wps/agent/invitations', { token, body });
  const listLinks = (token: string, query = '') => call<{ list: Link[]; total: number; totalPages: number; pageNo: number; pageSize: number }>('GET', `/wps/agent/invitations${query}`, { token });
  const linkOf = async (id: string) => (await rows<{ enabled: boolean; registrations: number }>(platform.db.orm, sql`SELECT * FROM identity.invitation_links WHERE id = ${id}`))[0];

  let agentA: string;
  let agentAId: string;
  let player: string;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { SMS_PROVIDER: 'log', ARGON2_MEMORY_KIB: '1024', REGISTRATIONS_PER_IP_PER_HOUR: '1000' } });
    agentA = await signIn('demoagent', 'demo1234');
    agentAId = (await member('demoagent'))!.id;
    player = await signIn('demoplayer', 'demo1234');
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('creates a player link with an unguessable code and the full address, and lists it with its count', async () => {
    const created = await createLink(agentA, { type: 'member', note: 'Facebook group' });
    expect(created.status).toBe(200);
    const link = created.body.value;
    expect(link).toMatchObject({ type: 'member', contracts: [], note: 'Facebook group', enabled: true, registrations: 0 });
    expect(link.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(link.url).toBe(`http://localhost/register?referralCode=${link.code}`);
    const second = await createLink(agentA, { type: 'member' });
    expect(second.body.value.code).not.toBe(link.code);

    const page = await listLinks(agentA, '?pageNo=1&pageSize=1');
    expect(page.status).toBe(200);
    expect(page.body.value).toMatchObject({ pageNo: 1, pageSize: 1 });
    expect(page.body.value.total).toBeGreaterThanOrEqual(2);
    expect(page.body.value.list).toEqual([second.body.value]);
  });

  it('registers a player through a player link: under the agent, type 0, counted, and the event names the link', async () => {
    const link = (await createLink(agentA, { type: 'member' })).body.value;
    // The code works as typed in any case, and the affiliate check accepts it.
    const check = await call('GET', `/wps/agent/affiliate?code=${link.code.toLowerCase()}&domain=localhost`);
    expect(check.body).toMatchObject({ success: true, value: { code: link.code, valid: true } });

    const username = freshName('pl');
    const response = await register({ username, referralCode: link.code.toLowerCase() });
    expect(response.status).toBe(200);
    const row = await member(username);
    expect(row).toMatchObject({ type: 0, upline_id: agentAId, invitation_link_id: link.id });
    expect(await registeredEvent(row!.id)).toMatchObject({ type: 0, uplineId: agentAId, account: username, invitation: { code: link.code, contracts: [] } });
    expect((await linkOf(link.id))?.registrations).toBe(1);
    const listed = (await listLinks(agentA, '?pageSize=50')).body.value.list.find((entry) => entry.id === link.id);
    expect(listed?.registrations).toBe(1);
  });

  it('registers an agent through an agent link, with the link’s starting contracts in member.registered', async () => {
    const link = (await createLink(agentA, { type: 'agent', contracts: [DAILY, REALTIME] })).body.value;
    expect(link).toMatchObject({ type: 'agent', contracts: [DAILY, REALTIME] });
    const username = freshName('ag');
    // The affiliate field takes link codes too, as the register form's affiliate check passes them.
    expect((await register({ username, affiliateCode: link.code })).status).toBe(200);
    const row = await member(username);
    expect(row).toMatchObject({ type: 1, upline_id: agentAId });
    expect(await registeredEvent(row!.id)).toMatchObject({ type: 1, uplineId: agentAId, invitation: { code: link.code, contracts: [DAILY, REALTIME] } });
    expect((await linkOf(link.id))?.registrations).toBe(1);
    // The new agent is an agent at once: it manages links of its own.
    const agentB = await signIn(username);
    expect((await listLinks(agentB)).body.value).toMatchObject({ list: [], total: 0 });
    await eventually(async () => (await platform.clients.agentContracts.getDownline({ agentId: agentAId })).some((entry) => entry.memberId === row!.id), 'the new agent in the tree');
  });

  it('refuses a disabled link’s code at registration and at the affiliate check, and takes it again once enabled', async () => {
    const link = (await createLink(agentA, { type: 'member' })).body.value;
    const disabled = await call<Link>('PUT', `/wps/agent/invitations/${link.id}`, { token: agentA, body: { enabled: false } });
    expect(disabled.body.value).toMatchObject({ id: link.id, enabled: false });

    const before = await memberCount();
    const refused = await register({ username: freshName('off'), referralCode: link.code });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'INVITATION_CODE_INVALID', field: 'referralCode', message: 'Invalid invitation code' });
    const viaAffiliate = await register({ username: freshName('off'), affiliateCode: link.code });
    expect(viaAffiliate.body).toMatchObject({ code: 'AFFILIATE_CODE_INVALID', message: 'invitation code error' });
    const check = await call('POST', '/wps/agent/affiliate', { body: { code: link.code, domain: 'localhost' } });
    expect(check.body).toMatchObject({ success: false, code: 'AFFILIATE_CODE_INVALID', message: 'invitation code error' });
    expect(await memberCount()).toBe(before);
    expect((await linkOf(link.id))?.registrations).toBe(0);

    expect((await call('PUT', `/wps/agent/invitations/${link.id}`, { token: agentA, body: { enabled: true } })).status).toBe(200);
    expect((await register({ username: freshName('on'), referralCode: link.code })).status).toBe(200);
    expect((await linkOf(link.id))?.registrations).toBe(1);
  });

  it('deletes only links nobody registered through', async () => {
    const used = (await createLink(agentA, { type: 'member' })).body.value;
    expect((await register({ username: freshName('use'), referralCode: used.code })).status).toBe(200);
    const inUse = await call('DELETE', `/wps/agent/invitations/${used.id}`, { token: agentA });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'INVITATION_LINK_IN_USE' });
    expect(await linkOf(used.id)).toBeDefined();

    const unused = (await createLink(agentA, { type: 'agent' })).body.value;
    const deleted = await call('DELETE', `/wps/agent/invitations/${unused.id}`, { token: agentA });
    expect(deleted.body).toMatchObject({ success: true, value: { id: unused.id, deleted: true } });
    expect(await linkOf(unused.id)).toBeUndefined();
    expect((await register({ username: freshName('gone'), referralCode: unused.code })).body).toMatchObject({ code: 'INVITATION_CODE_INVALID' });
    expect((await call('DELETE', `/wps/agent/invitations/${unused.id}`, { token: agentA })).status).toBe(404);
  });

  it('refuses bad links: contracts on a player link, a kind twice, a rate above 100 %', async () => {
    const before = (await listLinks(agentA)).body.value.total;
    const onPlayer = await createLink(agentA, { type: 'member', contracts: [DAILY] });
    expect(onPlayer.status).toBe(400);
    expect(onPlayer.body).toMatchObject({ code: 'INVITATION_CONTRACTS_MEMBER_LINK', field: 'contracts' });
    expect((await createLink(agentA, { type: 'agent', contracts: [DAILY, DAILY] })).body).toMatchObject({ code: 'INVITATION_CONTRACT_DUPLICATE' });
    expect((await createLink(agentA, { type: 'agent', contracts: [{ kind: 'daily', tiers: [{ minBaseMinor: '1', minActive: 0, rateBp: 10_001 }] }] })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await listLinks(agentA)).body.value.total).toBe(before);
  });

  it('keeps the register centre to agents', async () => {
    const before = await memberCount();
    for (const [method, path, body] of [
      ['GET', '/wps/agent/invitations', undefined],
      ['POST', '/wps/agent/invitations', { type: 'member' }],
      ['POST', '/wps/agent/downline', { username: freshName('np'), password, type: 'member' }],
    ] as const) {
      const refused = await call(method, path, { token: player, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'INVITATION_AGENTS_ONLY' });
    }
    expect((await call('GET', '/wps/agent/invitations')).status).toBe(401);
    expect(await memberCount()).toBe(before);
    const [links] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.invitation_links WHERE agent_id = ${(await member('demoplayer'))!.id}`);
    expect(links?.n).toBe(0);
  });

  it('lets no agent see or touch another agent’s links', async () => {
    const agentLink = (await createLink(agentA, { type: 'agent' })).body.value;
    const usernameB = freshName('agb');
    expect((await register({ username: usernameB, referralCode: agentLink.code })).status).toBe(200);
    const agentB = await signIn(usernameB);
    const linkOfA = (await createLink(agentA, { type: 'member' })).body.value;

    expect((await listLinks(agentB)).body.value.list.map((link) => link.id)).not.toContain(linkOfA.id);
    const disable = await call('PUT', `/wps/agent/invitations/${linkOfA.id}`, { token: agentB, body: { enabled: false } });
    expect(disable.status).toBe(404);
    expect(disable.body).toMatchObject({ code: 'INVITATION_LINK_NOT_FOUND' });
    expect((await call('DELETE', `/wps/agent/invitations/${linkOfA.id}`, { token: agentB })).body).toMatchObject({ code: 'INVITATION_LINK_NOT_FOUND' });
    expect(await linkOf(linkOfA.id)).toMatchObject({ enabled: true });
    expect((await call('PUT', '/wps/agent/invitations/not-an-id', { token: agentA, body: { enabled: false } })).status).toBe(404);
  });

  describe('direct creation', () => {
    const createDownline = (body: Record<string, unknown>, token = agentA) =>
      call<{ memberId: string; account: string; nickname: string; type: number; uplineId: string }>('POST', '/wps/agent/downline', { token, body });

    it('creates a player under the agent, who signs in with the password given', async () => {
      const username = freshName('dp');
      const created = await createDownline({ username, password, type: 'member', nickname: 'Primo Luis' });
      expect(created.status).toBe(200);
      expect(created.body.value).toMatchObject({ account: username, nickname: 'Primo Luis', type: 0, uplineId: agentAId });
      expect(await member(username)).toMatchObject({ type: 0, upline_id: agentAId, register_method: 'AGENT', invitation_link_id: null });
      const event = await registeredEvent(created.body.value.memberId);
      expect(event).toMatchObject({ type: 0, uplineId: agentAId, account: username });
      expect(event?.invitation ?? null).toBeNull();
      await signIn(username);
    });

    it('creates an agent with starting contracts, carried by member.registered', async () => {
      const username = freshName('da');
      const created = await createDownline({ username, password, confirmPassword: password, type: 'agent', contracts: [REALTIME] });
      expect(created.body.value).toMatchObject({ type: 1, uplineId: agentAId, nickname: username });
      expect(await registeredEvent(created.body.value.memberId)).toMatchObject({ type: 1, uplineId: agentAId, invitation: { contracts: [REALTIME] } });
      // The new agent creates under itself, never under its upline.
      const agentB = await signIn(username);
      const grandchild = await createDownline({ username: freshName('dg'), password, type: 'member' }, agentB);
      expect(grandchild.body.value.uplineId).toBe(created.body.value.memberId);
    });

    it.each([
      [{ username: 'demoplayer' }, 409, 'USERNAME_TAKEN', 'username', 'This username is already registered'],
      [{ username: 'DemoPlayer' }, 409, 'USERNAME_TAKEN', 'username', 'This username is already registered'],
      [{ username: '' }, 400, 'INPUT_EMPTY', 'username', 'Input cannot be empty'],
      [{ username: 'x9' }, 400, 'ACCOUNT_FORMAT', 'username', 'Account format is incorrect'],
      [{ password: 'abc' }, 400, 'PASSWORD_LENGTH', 'password', 'Please fill in your password with 8 - 64 characters'],
      [{ password: 'password1' }, 400, 'PASSWORD_TOO_WEAK', 'password', 'This password is too common or too easy to guess, please choose another'],
      [{ confirmPassword: 'other1234' }, 400, 'CONFIRM_PASSWORD_MISMATCH', 'confirmPassword', 'Confirmation password is not correct.'],
      [{ type: 'member', contracts: [DAILY] }, 400, 'INVITATION_CONTRACTS_MEMBER_LINK', 'contracts', 'Starting contracts are given only to new agents'],
    ])('refuses %j with the register form’s answer %s and creates nothing', async (change, status, code, field, message) => {
      const before = await memberCount();
      const refused = await createDownline({ username: freshName('dx'), password, type: 'member', ...change });
      expect(refused.status).toBe(status);
      expect(refused.body).toMatchObject({ success: false, code, field, message });
      expect(await memberCount()).toBe(before);
    });
  });
});
