import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, TOPICS, type AgentContracts, type AnyPush, type BrandTerms, type ConsolidatedContracts, type ContractTier, type ContractView, type MemberRegistered } from '@wps/contracts';
import { createEnvelope, Outbox, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { PasswordHasher } from '@wps/identity/infra/passwords';
import { DEMO_TERMS, DEMO_TERMS_SETTINGS } from '../../domain/offers.js';
import { nextPeriodStart } from '../../domain/periods.js';
import { UPLINE_RATE_DROPPED } from './answer.js';
import { expireOffers } from './expire.js';

const BRAND = 'CTRTEST';
const PASSWORD = 'Contrato4ok';
const AGENT = 1;
const PLAYER = 0;
const brandTiers = DEMO_TERMS.dividend.tiers;
const rates = (...bp: number[]): ContractTier[] => brandTiers.map((tier, index) => ({ ...tier, rateBp: bp[index]! }));

/** Contract offers and answers through the real HTTP API of the embedded platform, with pushes to both sides. */
describe('contract offers and answers (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const hasher = new PasswordHasher(1024);
  let ipCounter = 10;
  const headers = () => ({ 'x-merchant-code': BRAND, 'x-forwarded-for': `198.18.7.${ipCounter++ % 250}` });
  const operator = { authorization: '', 'x-operator': 'ana' };
  const sockets: Socket[] = [];

  interface Member {
    id: string;
    account: string;
    token: string;
    pushes: AnyPush[];
  }
  const members: Record<string, Member> = {};

  /** A member as identity registers one: its account row, and the registration event the agent tree is built from. */
  const createMember = async (key: string, type: number, upline: string | null, invitation?: MemberRegistered['invitation']): Promise<Member> => {
    const account = `${key}${randomUUID().replace(/-/g, '').slice(0, 6)}`;
    const uplineId = upline ? members[upline]!.id : null;
    const [row] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, upline_id)
          VALUES (${BRAND}, ${account}, ${account.toLowerCase()}, ${account}, ${type}, ${await hasher.hash(PASSWORD)}, ${uplineId}) RETURNING id::text AS id`,
    );
    const payload: MemberRegistered = { memberId: row!.id, merchantCode: BRAND, account, type, currency: 'MXN', uplineId, registeredAt: new Date().toISOString(), invitation };
    await platform.bus.publish([{ topic: TOPICS.members, key: row!.id, value: createEnvelope('member.registered', row!.id, payload, 'identity') }]);
    const signedIn = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: account, password: PASSWORD, type: 'username' }, headers: headers() });
    expect(signedIn.status).toBe(200);
    const member: Member = { id: row!.id, account, token: signedIn.body.value.token, pushes: [] };
    members[key] = member;
    return member;
  };
  const listen = (member: Member) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => member.pushes.push(push));
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const inTree = async (...ids: string[]) =>
    eventually(
      async () =>
        (
          await rows<{ n: number }>(
            platform.db.orm,
            sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree WHERE member_id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) AND path IS NOT NULL`,
          )
        )[0]!.n === ids.length,
      'the members in the agent tree',
    );

  const as = (key: string) => ({ token: members[key]!.token, headers: headers() });
  const offer = (from: string, to: string, tiers: ContractTier[], kind = 'dividend') =>
    call<ContractView>('POST', '/wps/agent/contracts/offer', { ...as(from), body: { agentId: members[to]!.id, kind, tiers } });
  const answer = (who: string, contractId: string, accept: boolean, path = '/wps/relay/MCS2_processDividendReq') => call<ContractView>('POST', path, { ...as(who), body: { contractId, accept } });
  const operatorOffer = (to: string, tiers: ContractTier[], kind = 'dividend') =>
    call<ContractView>('POST', `/operator/v1/merchants/${BRAND}/contracts/offer`, { headers: operator, body: { agentId: members[to]!.id, kind, tiers } });
  const page = (who: string, kind = 'dividend') => call<AgentContracts>('GET', `/wps/agent/contracts?kind=${kind}`, as(who));
  const consolidated = (who: string) => call<ConsolidatedContracts>('GET', '/wps/member/info/funds/consolidated', as(who));
  const stateOf = async (contractId: string) =>
    (
      await rows<{ state: string; ended_at: Date | null; end_reason: string | null }>(platform.db.orm, sql`SELECT state, ended_at, end_reason FROM agent_contracts.contracts WHERE id = ${contractId}`)
    )[0]!;
  const pushed = (member: string, contractId: string, change: string) =>
    members[member]!.pushes.some((push) => push.type === 'contract' && push.data.contractId === contractId && push.data.change === change);

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { ARGON2_MEMORY_KIB: '1024' }, requestsPerIpPerMinute: 100_000 });
    operator.authorization = `Operator ${platform.operatorToken}`;
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${BRAND}, 'Contract Casino', '{}', 'ES', '{ES,EN}', 'MXN', '$', ${DEMO_TERMS_SETTINGS.timeZone}, '{"whitelabel":{"AGENTPOLICY3":true}}'::jsonb)`);
    await eventually(async () => (await call('GET', '/wps/system/status', { headers: headers() })).status === 200, 'the test brand', 7_000);
    // top → a → b, top → a2, top → player
    await createMember('top', AGENT, null);
    await createMember('a', AGENT, 'top');
    await createMember('a2', AGENT, 'top');
    await createMember('player', PLAYER, 'top');
    await createMember('b', AGENT, 'a');
    await inTree(...Object.values(members).map((member) => member.id));
    for (const key of ['top', 'a', 'b']) await listen(members[key]!);
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('lets the operator set and read a brand’s terms per kind, and refuses bad ones', async () => {
    const set = (kind: string, body: Record<string, unknown>) => call<BrandTerms>('PUT', `/operator/v1/merchants/${BRAND}/contract-terms/${kind}`, { headers: operator, body });
    const common = { enabled: true, activeThresholdMinor: DEMO_TERMS_SETTINGS.activeThresholdMinor, timeZone: DEMO_TERMS_SETTINGS.timeZone };
    const dividend = await set('dividend', { ...common, period: 'semi-monthly', tiers: brandTiers });
    expect(dividend.status).toBe(200);
    expect(dividend.body.value).toMatchObject({ kind: 'dividend', period: 'semi-monthly', tiers: brandTiers, offerTtlHours: 168, settleDelayMinutes: 5, timeZone: 'America/Mexico_City' });
    expect((await set('daily', { ...common, period: 'daily', tiers: DEMO_TERMS.daily.tiers })).status).toBe(200);
    expect((await set('hourly', { ...common, enabled: false, period: 'hourly', tiers: DEMO_TERMS.hourly.tiers })).status).toBe(200);

    const badPeriod = await set('daily', { ...common, period: 'weekly', tiers: DEMO_TERMS.daily.tiers });
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.body).toMatchObject({ code: 'CONTRACT_TERMS_INVALID', field: 'period' });
    const badOrder = await set('daily', { ...common, period: 'daily', tiers: [...DEMO_TERMS.daily.tiers].reverse() });
    expect(badOrder.body).toMatchObject({ code: 'CONTRACT_TERMS_INVALID', field: 'tiers' });
    expect((await set('weird', { ...common, period: 'daily', tiers: [] })).status).toBe(404);
    expect((await call('GET', `/operator/v1/merchants/${BRAND}/contract-terms`, { headers: { 'x-operator': 'ana' } })).status).toBe(401);

    const read = await call<{ terms: BrandTerms[] }>('GET', `/operator/v1/merchants/${BRAND}/contract-terms`, { headers: operator });
    expect(read.body.value.terms.map((terms) => [terms.kind, terms.enabled, terms.period])).toEqual([
      ['daily', true, 'daily'],
      ['dividend', true, 'semi-monthly'],
      ['hourly', false, 'hourly'],
    ]);
  });

  it('takes the platform’s offer to a top agent within the brand’s rates, from the next period on, once', async () => {
    expect((await operatorOffer('a', rates(1000, 2000, 3000))).body.code).toBe('CONTRACT_TARGET_NOT_TOP_AGENT');
    expect((await operatorOffer('top', rates(1000, 2000, 3001))).body).toMatchObject({ code: 'CONTRACT_RATE_ABOVE_UPLINE', message: 'Tier 3: the rate cannot be higher than your own (3000 bp)' });
    const made = await operatorOffer('top', rates(1000, 2000, 3000));
    expect(made.status).toBe(200);
    expect(made.body.value).toMatchObject({ state: 'pending', offeredBy: null, agentId: members.top!.id, agentAccount: members.top!.account, period: 'semi-monthly' });
    expect((await consolidated('top')).body.value).toMatchObject({ divtypereq: 2, dailysalreqtype: 1, contracthoursalreq: 0, realtimesalreqtype: 0, enableCt: true, salary: true, hourSalary: false });

    // The relay of another kind does not answer a dividend offer.
    expect((await answer('top', made.body.value.contractId, true, '/wps/relay/MCS2_processDailySalContract')).status).toBe(404);
    const before = new Date();
    const accepted = await answer('top', made.body.value.contractId, true);
    expect(accepted.status).toBe(200);
    expect(accepted.body.value.state).toBe('active');
    expect(accepted.body.value.effectiveFrom).toBe(nextPeriodStart('semi-monthly', before, DEMO_TERMS_SETTINGS.timeZone).toISOString());
    const again = await answer('top', made.body.value.contractId, true);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONTRACT_NOT_PENDING', message: 'This offer has already been answered or withdrawn' });
    expect((await answer('top', made.body.value.contractId, false, '/wps/relay/MCS2_processDividendReq')).body.code).toBe('CONTRACT_NOT_PENDING');
    expect(await stateOf(made.body.value.contractId)).toMatchObject({ state: 'active' });
    expect((await consolidated('top')).body.value.divtypereq).toBe(3);
    await eventually(() => pushed('top', made.body.value.contractId, 'accepted'), 'the accepted push');
  });

  it('refuses offers outside the rules, in the caller’s language, and changes nothing', async () => {
    const count = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM agent_contracts.contracts`))[0]!.n;
    const before = await count();
    const notDirect = await offer('top', 'b', rates(100, 100, 100));
    expect(notDirect.status).toBe(403);
    expect(notDirect.body.code).toBe('CONTRACT_NOT_DIRECT_DOWNLINE');
    const self = await offer('top', 'top', rates(100, 100, 100));
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('CONTRACT_SELF');
    expect((await offer('top', 'player', rates(100, 100, 100))).body.code).toBe('CONTRACT_TARGET_NOT_AGENT');
    const above = await call('POST', '/wps/agent/contracts/offer', { ...as('top'), language: 'ES', body: { agentId: members.a!.id, kind: 'dividend', tiers: rates(1000, 2001, 3000) } });
    expect(above.status).toBe(400);
    expect(above.body).toMatchObject({ code: 'CONTRACT_RATE_ABOVE_UPLINE', message: 'Nivel 2: la tasa no puede ser mayor que la suya (2000 pb)' });
    const thresholds = await offer('top', 'a', [{ ...brandTiers[0]!, minActive: 1, rateBp: 100 }, ...rates(0, 100, 100).slice(1)]);
    expect(thresholds.body.code).toBe('CONTRACT_TIERS_INVALID');
    expect((await offer('top', 'a', DEMO_TERMS.daily.tiers, 'daily')).body.code).toBe('CONTRACT_UPLINE_NONE');
    const disabled = await offer('top', 'a', DEMO_TERMS.hourly.tiers, 'hourly');
    expect(disabled.status).toBe(403);
    expect(disabled.body.code).toBe('CONTRACT_KIND_DISABLED');
    expect((await offer('player', 'top', rates(0, 0, 0))).body.code).toBe('AGENT_ONLY');
    expect((await offer('a', 'b', rates(0, 0, 0))).body.code).toBe('CONTRACT_UPLINE_NONE');
    expect(await count()).toBe(before);
  });

  it('keeps one open offer per agent and kind, also when two race; the upline withdraws its own', async () => {
    const [first, second] = await Promise.all([offer('top', 'a2', rates(500, 900, 1500)), offer('top', 'a2', rates(600, 900, 1500))]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first.body.code, second.body.code]).toContain('CONTRACT_OFFER_PENDING');
    const open = (first.status === 200 ? first : second).body.value;
    expect((await rows(platform.db.orm, sql`SELECT id FROM agent_contracts.contracts WHERE agent_id = ${members.a2!.id} AND state = 'pending'`)).length).toBe(1);

    expect((await call('POST', '/wps/agent/contracts/withdraw', { ...as('a'), body: { contractId: open.contractId } })).body.code).toBe('CONTRACT_NOT_FOUND');
    const withdrawn = await call<ContractView>('POST', '/wps/agent/contracts/withdraw', { ...as('top'), body: { contractId: open.contractId } });
    expect(withdrawn.body.value.state).toBe('withdrawn');
    expect((await call('POST', '/wps/agent/contracts/withdraw', { ...as('top'), body: { contractId: open.contractId } })).body.code).toBe('CONTRACT_NOT_PENDING');
    expect((await answer('a2', open.contractId, true)).body.code).toBe('CONTRACT_NOT_PENDING');

    const rejectedOffer = await offer('top', 'a2', rates(500, 900, 1500));
    const rejected = await answer('a2', rejectedOffer.body.value.contractId, false);
    expect(rejected.body.value).toMatchObject({ state: 'rejected', effectiveFrom: null });
    expect((await answer('a2', rejectedOffer.body.value.contractId, true)).body.code).toBe('CONTRACT_NOT_PENDING');
  });

  it('refuses an answer after the offer expired, and the sweep ends offers nobody answered', async () => {
    const late = await offer('top', 'a2', rates(500, 900, 1500));
    await platform.db.orm.execute(sql`UPDATE agent_contracts.contracts SET expires_at = now() - interval '1 minute' WHERE id = ${late.body.value.contractId}`);
    const refused = await answer('a2', late.body.value.contractId, true);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONTRACT_OFFER_EXPIRED');
    expect(await stateOf(late.body.value.contractId)).toMatchObject({ state: 'expired' });
    expect((await answer('a2', late.body.value.contractId, true)).body.code).toBe('CONTRACT_OFFER_EXPIRED');

    const forgotten = await offer('top', 'a2', rates(500, 900, 1500));
    await platform.db.orm.execute(sql`UPDATE agent_contracts.contracts SET expires_at = now() - interval '1 minute' WHERE id = ${forgotten.body.value.contractId}`);
    const outbox = new Outbox('agent_contracts', 'agent-contracts');
    const swept = await expireOffers({ db: platform.db, outbox, logger: platform.logger, wake: () => undefined, now: () => new Date() });
    expect(swept).toBe(1);
    expect(await stateOf(forgotten.body.value.contractId)).toMatchObject({ state: 'expired' });
    await eventually(() => pushed('top', forgotten.body.value.contractId, 'expired'), 'the expiry pushed to the upline');
  });

  it('offers down the tree, pushes each step to both sides, and shows it in the agent centre', async () => {
    const toA = await offer('top', 'a', rates(800, 1500, 2500));
    expect(toA.status).toBe(200);
    await eventually(() => pushed('a', toA.body.value.contractId, 'offered'), 'the offer pushed to the downline');
    await eventually(() => pushed('top', toA.body.value.contractId, 'offered'), 'the offer pushed to the upline');
    expect((await consolidated('a')).body.value.divtypereq).toBe(2);
    expect((await offer('top', 'a', rates(700, 1500, 2500))).body.code).toBe('CONTRACT_OFFER_PENDING');
    expect((await answer('a', toA.body.value.contractId, true)).body.value.state).toBe('active');
    await eventually(() => pushed('a', toA.body.value.contractId, 'accepted'), 'the acceptance pushed');

    const toB = await offer('a', 'b', rates(800, 1000, 2000));
    expect((await answer('b', toB.body.value.contractId, true)).body.value.state).toBe('active');

    const topPage = await page('top');
    expect(topPage.status).toBe(200);
    expect(topPage.body.value.terms).toMatchObject({ kind: 'dividend', period: 'semi-monthly' });
    expect(topPage.body.value.current).toBeNull();
    expect(topPage.body.value.next).toMatchObject({ state: 'active', tiers: rates(1000, 2000, 3000) });
    const rows_ = topPage.body.value.downlines;
    expect(rows_.total).toBe(2);
    expect(rows_.items.map((item) => item.memberId).sort()).toEqual([members.a!.id, members.a2!.id].sort());
    const aRow = rows_.items.find((item) => item.memberId === members.a!.id)!;
    expect(aRow.next).toMatchObject({ contractId: toA.body.value.contractId, offeredBy: members.top!.id, offeredByAccount: members.top!.account });
    expect(aRow.pending).toBeNull();
    // Only direct downline agents: b (below a) and the player are not listed to top.
    expect(rows_.items.some((item) => item.memberId === members.b!.id || item.memberId === members.player!.id)).toBe(false);
    expect((await page('player')).body.code).toBe('AGENT_ONLY');
    const aPage = (await page('a')).body.value;
    expect(aPage.next?.contractId).toBe(toA.body.value.contractId);
    expect(aPage.history.map((contract) => contract.contractId)).toContain(toA.body.value.contractId);
    expect(aPage.downlines.items.map((item) => item.memberId)).toEqual([members.b!.id]);

    const playerFlags = (await consolidated('player')).body.value;
    expect(playerFlags).toEqual({
      divtypereq: 0,
      dailysalreqtype: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      enableCt: false,
      salary: false,
      dailySalary: false,
      hourSalary: false,
      agentRealtimeSalary: false,
    });
  });

  it('ends downline contracts above an upline’s new rates down the tree, and withdraws offers above them', async () => {
    const aContract = (await page('a')).body.value.next!;
    const bContract = (await page('b')).body.value.next!;
    const toA2 = await offer('top', 'a2', rates(900, 1500, 2500));
    expect(toA2.status).toBe(200);

    const lower = await operatorOffer('top', rates(500, 1500, 2500));
    const accepted = await answer('top', lower.body.value.contractId, true);
    expect(accepted.status).toBe(200);
    const boundary = accepted.body.value.effectiveFrom;

    expect(await stateOf(aContract.contractId)).toMatchObject({ state: 'terminated', end_reason: UPLINE_RATE_DROPPED });
    expect(new Date((await stateOf(aContract.contractId)).ended_at!).toISOString()).toBe(boundary);
    // b's upline lost its contract: b's ends at the same boundary.
    expect(await stateOf(bContract.contractId)).toMatchObject({ state: 'terminated', end_reason: UPLINE_RATE_DROPPED });
    expect(await stateOf(toA2.body.value.contractId)).toMatchObject({ state: 'withdrawn', end_reason: UPLINE_RATE_DROPPED });
    await eventually(() => pushed('a', aContract.contractId, 'terminated'), 'the termination pushed to the downline');
    await eventually(() => pushed('b', bContract.contractId, 'terminated'), 'the cascade pushed further down');
    const terminatedPush = members.a!.pushes.find((push) => push.type === 'contract' && push.data.contractId === aContract.contractId && push.data.change === 'terminated');
    expect(terminatedPush?.type === 'contract' && terminatedPush.data.reason).toBe(UPLINE_RATE_DROPPED);

    // Within the new rates a downline may be offered again.
    expect((await offer('top', 'a', rates(501, 1500, 2500))).body.code).toBe('CONTRACT_RATE_ABOVE_UPLINE');
    const again = await offer('top', 'a', rates(500, 1500, 2500));
    expect((await answer('a', again.body.value.contractId, true)).body.value.state).toBe('active');
  });

  it('ends an active contract by an accepted termination at the next period', async () => {
    const active = (await page('a')).body.value.next!;
    expect((await call('POST', '/wps/agent/contracts/terminate', { ...as('top'), body: { agentId: members.a2!.id, kind: 'dividend' } })).body.code).toBe('CONTRACT_NONE_ACTIVE');
    const termination = await call<ContractView>('POST', '/wps/agent/contracts/terminate', { ...as('top'), body: { agentId: members.a!.id, kind: 'dividend' } });
    expect(termination.status).toBe(200);
    expect(termination.body.value).toMatchObject({ action: 'terminate', state: 'pending', terminates: active.contractId });
    const accepted = await answer('a', termination.body.value.contractId, true);
    expect(accepted.body.value).toMatchObject({ action: 'terminate', state: 'active' });
    const ended = await stateOf(active.contractId);
    expect(ended).toMatchObject({ state: 'terminated', end_reason: 'terminated' });
    expect(new Date(ended.ended_at!).toISOString()).toBe(accepted.body.value.effectiveFrom);
    expect((await consolidated('a')).body.value.divtypereq).toBe(1);
  });

  it('gives an agent registered through an invitation its upline’s contracts at once, within the upline’s rates', async () => {
    const invited = await createMember('inv', AGENT, 'top', {
      code: 'TOPLINK',
      contracts: [
        { kind: 'dividend', tiers: rates(500, 1600, 2000) },
        { kind: 'daily', tiers: DEMO_TERMS.daily.tiers },
      ],
    });
    await eventually(
      async () => (await rows(platform.db.orm, sql`SELECT id FROM agent_contracts.contracts WHERE agent_id = ${invited.id} AND state = 'active'`)).length === 1,
      'the invitation contract',
    );
    const [contract] = await rows<{ tiers: ContractTier[]; offered_by: string; kind: string }>(
      platform.db.orm,
      sql`SELECT tiers, offered_by::text AS offered_by, kind FROM agent_contracts.contracts WHERE agent_id = ${invited.id}`,
    );
    // The tier above the upline's 1500 bp is dropped; daily is left out, as top has no daily contract.
    expect(contract).toEqual({ kind: 'dividend', offered_by: members.top!.id, tiers: [rates(500, 0, 2000)[0], rates(500, 0, 2000)[2]] });
    expect((await consolidated('inv')).body.value.divtypereq).toBe(3);
  });

  it('pushes a settled payout to the agent paid and the upline that paid, and to nobody else', async () => {
    const settled = {
      settlementId: '9001',
      contractId: '1',
      merchantCode: BRAND,
      kind: 'dividend' as const,
      agentId: members.a!.id,
      payerId: members.top!.id,
      periodStart: '2026-03-01T06:00:00.000Z',
      periodEnd: '2026-03-16T06:00:00.000Z',
      currency: 'MXN',
      amountMinor: '1200000',
      paidMinor: '1200000',
      debtMinor: '0',
      at: new Date().toISOString(),
    };
    await platform.bus.publish([{ topic: TOPICS.contractOffers, key: settled.agentId, value: createEnvelope('contract.settled', settled.agentId, settled, 'agent-contracts') }]);
    const paid = (member: string) => members[member]!.pushes.some((push) => push.type === 'contractPayout' && push.data.settlementId === '9001');
    await eventually(() => paid('a') && paid('top'), 'the payout pushed to both sides');
    expect(paid('b')).toBe(false);
  });

  it('lets the platform withdraw its offer to a top agent, and end a top agent’s contract by an accepted termination', async () => {
    const operatorCall = (path: string, body: Record<string, unknown>) => call<ContractView>('POST', `/operator/v1/merchants/${BRAND}/contracts/${path}`, { headers: operator, body });
    const made = await operatorOffer('top', DEMO_TERMS.daily.tiers, 'daily');
    expect(made.status).toBe(200);
    // Only its maker withdraws an offer: not the agent it was made to, not an upline.
    expect((await call('POST', '/wps/agent/contracts/withdraw', { ...as('top'), body: { contractId: made.body.value.contractId } })).body.code).toBe('CONTRACT_NOT_FOUND');
    const withdrawn = await operatorCall('withdraw', { contractId: made.body.value.contractId });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.value.state).toBe('withdrawn');
    expect((await operatorCall('withdraw', { contractId: made.body.value.contractId })).body.code).toBe('CONTRACT_NOT_PENDING');
    await eventually(() => pushed('top', made.body.value.contractId, 'withdrawn'), 'the withdrawal pushed to the agent');

    const again = await operatorOffer('top', DEMO_TERMS.daily.tiers, 'daily');
    const daily = await answer('top', again.body.value.contractId, true, '/wps/relay/MCS2_processDailySalContract');
    expect(daily.body.value.state).toBe('active');
    expect((await operatorCall('terminate', { agentId: members.a!.id, kind: 'daily' })).body.code).toBe('CONTRACT_TARGET_NOT_TOP_AGENT');
    const termination = await operatorCall('terminate', { agentId: members.top!.id, kind: 'daily' });
    expect(termination.status).toBe(200);
    expect(termination.body.value).toMatchObject({ action: 'terminate', state: 'pending', offeredBy: null, terminates: again.body.value.contractId });
    const accepted = await answer('top', termination.body.value.contractId, true, '/wps/relay/MCS2_processDailySalContract');
    expect(accepted.body.value).toMatchObject({ action: 'terminate', state: 'active' });
    expect(await stateOf(again.body.value.contractId)).toMatchObject({ state: 'terminated', end_reason: 'terminated' });
  });
});
