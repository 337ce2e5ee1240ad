import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BalanceChanged, ContractChanged, ContractSettled, EventEnvelope, NoticesRpc, RpcClient } from '@wps/contracts';
import { AppError, createEnvelope, createLogger, Outbox, rows, sleep } from '@wps/platform';
import { eventually, memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createNoticesService, NOTICES_SCHEMA, noticesMigrations } from '../../app.js';
import { BroadcastExpiries } from './expiries.js';

const DEMO = 'DEMO';

/**
 * Delivers the envelopes and waits until the inbox's consumer `group` has handled `awaited` of them (by default all):
 * other parts of the service consume some of the same events, so the harness's own wait is not enough.
 */
async function deliverTo(harness: ServiceUnderTest<NoticesRpc>, group: string, envelopes: EventEnvelope[], awaited = envelopes): Promise<void> {
  await harness.deliver(...envelopes);
  const ids = [...new Set(awaited.map((envelope) => envelope.id))];
  await eventually(
    async () =>
      (await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM notices.inbox WHERE consumer = ${group} AND message_id = ANY(${`{${ids.join(',')}}`}::uuid[])`))[0]!.n ===
      ids.length,
    `${group} to handle the events`,
  );
}
const reader = (memberId: string, language: 'ES' | 'EN' = 'ES') => ({ memberId, merchantCode: DEMO, language });
const balanceChanged = (memberId: string, cause: string, transactionId: string, amountMinor = '50000'): BalanceChanged => ({
  memberId,
  merchantCode: DEMO,
  currency: 'MXN',
  balanceMinor: '100000',
  balance: '1000.00',
  version: 3,
  transactionId,
  cause,
  amountMinor,
});
const contractChanged = (change: ContractChanged['change'], overrides: Partial<ContractChanged> = {}): ContractChanged => ({
  contractId: '91',
  merchantCode: DEMO,
  kind: 'daily',
  agentId: '731',
  agentAccount: 'subagent',
  offeredBy: '730',
  offeredByAccount: 'topagent',
  action: 'offer',
  state: change === 'offered' ? 'pending' : 'active',
  change,
  reason: null,
  at: new Date().toISOString(),
  ...overrides,
});
const settled = (overrides: Partial<ContractSettled> = {}): ContractSettled => ({
  settlementId: '501',
  contractId: '91',
  merchantCode: DEMO,
  kind: 'daily',
  agentId: '731',
  payerId: '730',
  periodStart: '2026-11-20T06:00:00.000Z',
  periodEnd: '2026-11-21T06:00:00.000Z',
  currency: 'MXN',
  amountMinor: '12345',
  paidMinor: '12000',
  debtMinor: '345',
  at: new Date().toISOString(),
  ...overrides,
});

describe('notices service: the inbox', () => {
  let harness: ServiceUnderTest<NoticesRpc>;
  let notices: RpcClient<NoticesRpc>;
  const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(harness.db.orm, query))[0]!.n;
  /** The `inbox.unread_changed` events the outbox holds for a member, oldest first. */
  const unreadEvents = async (memberId: string) =>
    (
      await rows<{ envelope: { payload: { unread: number; version: number } } }>(
        harness.db.orm,
        sql`SELECT envelope FROM notices.outbox WHERE envelope->>'type' = 'inbox.unread_changed' AND key = ${memberId} ORDER BY seq`,
      )
    ).map((row) => row.envelope.payload);
  const expectRefused = async (attempt: Promise<unknown>, code: string) => {
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code });
  };
  const operator = 'ops';

  beforeAll(async () => {
    harness = await startServiceUnderTest({ schema: NOTICES_SCHEMA, migrationsDir: noticesMigrations, create: createNoticesService, config: { SEED_DEMO: false } });
    notices = harness.client;
    await deliverTo(harness, 'notices.inbox.members', [
      memberRegisteredEnvelope('701', { account: 'maria' }),
      memberRegisteredEnvelope('702', { account: 'jose' }),
      memberRegisteredEnvelope('730', { account: 'topagent', type: 1 }),
      memberRegisteredEnvelope('731', { account: 'subagent', type: 2, uplineId: '730' }),
      memberRegisteredEnvelope('740', { account: 'guest0001', type: 4 }),
      memberRegisteredEnvelope('790', { account: 'otherbrand', merchantCode: 'OTHER' }),
    ]);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('leaves one welcome letter per registered member, written in the reader’s language, also when the event comes twice', async () => {
    const envelope = memberRegisteredEnvelope('701', { account: 'maria' });
    await deliverTo(harness, 'notices.inbox.members', [envelope, envelope, memberRegisteredEnvelope('701', { account: 'maria' })]);

    const spanish = await notices.listMessages(reader('701'));
    expect(spanish).toMatchObject({ pageNo: 1, pageSize: 10, total: 1, totalPages: 1 });
    expect(spanish.list).toEqual([
      { id: expect.stringMatching(/^L\d+$/), kind: 'welcome', title: 'Bienvenido', content: expect.stringContaining('maria'), createdAt: expect.any(String), read: false },
    ]);
    expect(new Date(spanish.list[0]!.createdAt).toISOString()).toBe(spanish.list[0]!.createdAt);
    const english = await notices.listMessages(reader('701', 'EN'));
    expect(english.list[0]).toMatchObject({ title: 'Welcome', content: expect.stringMatching(/^Hi, maria! Thank you for signing up/) });
    expect(await count(sql`SELECT count(*)::int AS n FROM notices.messages WHERE member_id = 701`)).toBe(1);
    expect(await notices.unreadCount({ memberId: '701', merchantCode: DEMO })).toEqual({ unread: 1, version: expect.any(Number) });
  });

  it('keeps the members it learns of: brand, type and registration time', async () => {
    const members = await rows<{ member_id: string; merchant_code: string; type: number; vip_level: number }>(
      harness.db.orm,
      sql`SELECT member_id::text, merchant_code, type, vip_level FROM notices.inbox_members WHERE member_id IN (701, 731, 790) ORDER BY member_id`,
    );
    expect(members).toEqual([
      { member_id: '701', merchant_code: DEMO, type: 0, vip_level: 0 },
      { member_id: '731', merchant_code: DEMO, type: 2, vip_level: 0 },
      { member_id: '790', merchant_code: 'OTHER', type: 0, vip_level: 0 },
    ]);
  });

  it('opens a member’s own message once: read time kept, count announced with a growing version; another member’s is not found', async () => {
    const [welcome] = (await notices.listMessages(reader('702'))).list;
    const before = await unreadEvents('702');
    const opened = await notices.readMessage({ ...reader('702'), id: welcome!.id });
    expect(opened.message).toMatchObject({ id: welcome!.id, kind: 'welcome', title: 'Bienvenido', read: true });
    expect(opened.unread.unread).toBe(0);
    const [first] = await rows<{ read_at: string }>(harness.db.orm, sql`SELECT read_at::text AS read_at FROM notices.messages WHERE id = ${welcome!.id.slice(1)}`);
    const again = await notices.readMessage({ ...reader('702'), id: welcome!.id });
    const [second] = await rows<{ read_at: string }>(harness.db.orm, sql`SELECT read_at::text AS read_at FROM notices.messages WHERE id = ${welcome!.id.slice(1)}`);
    expect(second?.read_at).toBe(first?.read_at);
    expect(again.unread).toEqual(opened.unread);
    const after = await unreadEvents('702');
    // One announcement for the read, none for reading it again.
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toEqual({ memberId: '702', merchantCode: DEMO, unread: 0, version: opened.unread.version });
    expect(opened.unread.version).toBeGreaterThan(before.at(-1)!.version);

    const [mine] = (await notices.listMessages(reader('701'))).list;
    const eventsOf701 = (await unreadEvents('701')).length;
    await expectRefused(notices.readMessage({ ...reader('702'), id: mine!.id }), 'NOT_FOUND');
    await expectRefused(notices.deleteMessage({ memberId: '702', merchantCode: DEMO, id: mine!.id }), 'NOT_FOUND');
    expect((await notices.listMessages(reader('701'))).list[0]).toMatchObject({ id: mine!.id, read: false });
    expect(await unreadEvents('701')).toHaveLength(eventsOf701);
    await expect(notices.readMessage({ ...reader('701'), id: 'X1' })).rejects.toThrow();
    await expectRefused(notices.readMessage({ ...reader('701'), id: 'L999999' }), 'NOT_FOUND');
  });

  it('writes system letters from the wallet’s events once per cause, in the reader’s language', async () => {
    const deposit = createEnvelope('balance.changed', '701', balanceChanged('701', 'deposit', 'tx-dep-1'), 'test');
    const released = createEnvelope('balance.changed', '701', balanceChanged('701', 'withdrawal_release', 'tx-rel-1', '20000'), 'test');
    const bet = createEnvelope('balance.changed', '701', balanceChanged('701', 'bet', 'tx-bet-1', '-500'), 'test');
    // The same deposit published again under a new message id.
    const republished = createEnvelope('balance.changed', '701', balanceChanged('701', 'deposit', 'tx-dep-1'), 'test');
    await deliverTo(harness, 'notices.inbox.balances', [deposit, released, bet, deposit, republished], [deposit, released, republished]);
    const letters = await rows<{ kind: string }>(harness.db.orm, sql`SELECT kind FROM notices.messages WHERE member_id = 701 ORDER BY id`);
    expect(letters.map((letter) => letter.kind)).toEqual(['welcome', 'deposit_approved', 'withdrawal_rejected']);

    const english = (await notices.listMessages(reader('701', 'EN'))).list;
    expect(english.find((message) => message.kind === 'deposit_approved')).toMatchObject({
      title: 'Deposit approved',
      content: 'Your deposit of 500.00 MXN was approved and is now in your balance.',
    });
    expect((await notices.listMessages(reader('701'))).list.find((message) => message.kind === 'withdrawal_rejected')).toMatchObject({
      title: 'Retiro rechazado',
      content: expect.stringContaining('200.00 MXN'),
    });
    expect((await notices.unreadCount({ memberId: '701', merchantCode: DEMO })).unread).toBe(3);

    const limits = createEnvelope(
      'deposit_limits.changed',
      '701',
      {
        memberId: '701',
        merchantCode: DEMO,
        currency: 'MXN',
        limits: { daily: '1000.00', weekly: null, monthly: '5000.00', pending: { weekly: null, effectiveAt: '2026-11-30T10:00:00.000Z' } },
        changedAt: '2026-11-25T10:00:00.000Z',
      },
      'test',
    );
    await deliverTo(harness, 'notices.inbox.deposit-limits', [limits, createEnvelope('deposit_limits.changed', '701', limits.payload, 'test')]);
    const limitLetters = (await notices.listMessages(reader('701', 'EN'))).list.filter((message) => message.kind === 'deposit_limits');
    expect(limitLetters).toHaveLength(1);
    expect(limitLetters[0]!.content).toBe('Your deposit limits (MXN) are now: daily 1000.00, weekly no limit, monthly 5000.00. The increases you asked for apply on 2026-11-30 at 10:00 (UTC).');
  });

  it('tells agents of offers and endings, and the upline of the answer; payouts of daily or longer periods', async () => {
    await deliverTo(harness, 'notices.inbox.contracts', [
      createEnvelope('contract.changed', '731', contractChanged('offered'), 'test'),
      createEnvelope('contract.changed', '731', contractChanged('accepted'), 'test'),
      createEnvelope('contract.changed', '731', contractChanged('offered', { contractId: '92', action: 'terminate', offeredBy: null, offeredByAccount: null }), 'test'),
      createEnvelope('contract.changed', '731', contractChanged('offered'), 'test'),
    ]);
    const payout = createEnvelope('contract.settled', '731', settled(), 'test');
    await deliverTo(
      harness,
      'notices.inbox.payouts',
      // Same key, so the payout is handled after the two that leave no letter.
      [
        createEnvelope('contract.settled', '731', settled({ settlementId: '502', kind: 'hourly' }), 'test'),
        createEnvelope('contract.settled', '731', settled({ settlementId: '503', paidMinor: '0', debtMinor: '0', amountMinor: '0' }), 'test'),
        payout,
      ],
      [payout],
    );
    const agent = (await notices.listMessages({ ...reader('731', 'EN'), pageSize: 50 })).list.filter((message) => message.kind !== 'welcome');
    expect(agent.map((message) => message.kind).sort()).toEqual(['contract_offer', 'contract_payout', 'contract_termination_offer']);
    expect(agent.find((message) => message.kind === 'contract_offer')!.content).toBe('topagent offered you a daily salary contract. Review and answer it in the agent centre.');
    expect(agent.find((message) => message.kind === 'contract_termination_offer')!.content).toContain('The platform proposes to end your daily salary contract');
    expect(agent.find((message) => message.kind === 'contract_payout')!.content).toBe(
      'You received 120.00 MXN for your daily salary contract, period 2026-11-20 – 2026-11-21. 3.45 MXN is still owed to you.',
    );
    const upline = (await notices.listMessages(reader('730'))).list.filter((message) => message.kind !== 'welcome');
    expect(upline).toMatchObject([{ kind: 'contract_accepted', title: 'Oferta aceptada', content: 'subagent aceptó tu oferta de contrato de salario diario.' }]);
  });

  it('pages newest first, and answers a page past the end with an empty list', async () => {
    const first = await notices.listMessages({ ...reader('701'), pageNo: 1, pageSize: 2 });
    expect(first).toMatchObject({ pageNo: 1, pageSize: 2, total: 4, totalPages: 2 });
    const second = await notices.listMessages({ ...reader('701'), pageNo: 2, pageSize: 2 });
    const all = [...first.list, ...second.list];
    expect(all.map((message) => message.kind)).toEqual(['deposit_limits', 'withdrawal_rejected', 'deposit_approved', 'welcome']);
    expect(all.map((message) => message.createdAt)).toEqual([...all.map((message) => message.createdAt)].sort().reverse());
    expect(await notices.listMessages({ ...reader('701'), pageNo: 3, pageSize: 2 })).toMatchObject({ list: [], total: 4, totalPages: 2 });
  });

  it('stores a broadcast once, shows it to its segment only, and records a member’s state only when they act', async () => {
    const messagesBefore = await count(sql`SELECT count(*)::int AS n FROM notices.messages`);
    const sent = await notices.operatorSendBroadcast({
      merchantCode: DEMO,
      segment: { type: 'brand' },
      title: { ES: 'Torneo', EN: 'Tournament' },
      content: { ES: 'Línea uno\nLínea dos', EN: 'Line one\nLine two' },
      operator,
    });
    expect(sent).toMatchObject({ merchantCode: DEMO, segment: { type: 'brand' }, title: { ES: 'Torneo', EN: 'Tournament' }, createdBy: operator, withdrawnAt: null, reads: 0 });
    expect(await count(sql`SELECT count(*)::int AS n FROM notices.broadcasts`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM notices.broadcast_states`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM notices.messages`)).toBe(messagesBefore);
    const [event] = await rows<{ envelope: { payload: unknown } }>(harness.db.orm, sql`SELECT envelope FROM notices.outbox WHERE envelope->>'type' = 'inbox.broadcast'`);
    expect(event!.envelope.payload).toEqual({ broadcastId: sent.id, merchantCode: DEMO, change: 'sent', at: sent.createdAt });

    const [newest] = (await notices.listMessages(reader('702', 'EN'))).list;
    expect(newest).toMatchObject({ id: `B${sent.id}`, kind: 'broadcast', title: 'Tournament', content: 'Line one\nLine two', read: false });
    expect((await notices.listMessages(reader('702'))).list[0]).toMatchObject({ title: 'Torneo' });
    // Another brand's member and a trial account do not get it.
    expect((await notices.listMessages({ memberId: '790', merchantCode: 'OTHER', language: 'ES' })).list.some((message) => message.kind === 'broadcast')).toBe(false);
    expect((await notices.unreadCount({ memberId: '740', merchantCode: DEMO })).unread).toBe(1);
    expect((await notices.listMessages(reader('740'))).list.some((message) => message.kind === 'broadcast')).toBe(false);
    await expectRefused(notices.readMessage({ memberId: '790', merchantCode: 'OTHER', language: 'ES', id: `B${sent.id}` }), 'NOT_FOUND');

    // The gateway's question after the broadcast: the counts of the members it is for.
    const before702 = await notices.unreadCount({ memberId: '702', merchantCode: DEMO });
    expect(before702.unread).toBe(1);
    const { counts } = await notices.unreadCounts({ merchantCode: DEMO, memberIds: ['701', '702', '740', '999'], broadcastId: sent.id });
    expect(counts.map((entry) => entry.memberId).sort()).toEqual(['701', '702', '999']);
    expect(counts.find((entry) => entry.memberId === '702')).toEqual({ memberId: '702', ...before702 });

    const opened = await notices.readMessage({ ...reader('702'), id: `B${sent.id}` });
    expect(opened.unread.unread).toBe(0);
    expect(opened.unread.version).toBeGreaterThan(before702.version);
    expect(await count(sql`SELECT count(*)::int AS n FROM notices.broadcast_states WHERE read_at IS NOT NULL`)).toBe(1);
    expect((await notices.operatorListBroadcasts({ merchantCode: DEMO, pageNo: 1, pageSize: 20 })).list[0]).toMatchObject({ id: sent.id, reads: 1 });
  });

  it('targets VIP levels, agents and lists of members; refuses unknown members, brands and past expiry times', async () => {
    const agents = await notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'agents' }, title: { ES: 'Agentes' }, content: { ES: 'Solo agentes' }, operator });
    const vip = await notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'vip', levels: [3, 4] }, title: { ES: 'VIP' }, content: { ES: 'Solo VIP' }, operator });
    const listed = await notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'members', memberIds: ['701'] }, title: { ES: 'Para ti' }, content: { ES: 'Solo 701' }, operator });
    const broadcastsOf = async (memberId: string) =>
      (await notices.listMessages({ ...reader(memberId, 'EN'), pageSize: 50 })).list.filter((message) => message.kind === 'broadcast').map((message) => message.id);
    expect(await broadcastsOf('731')).toEqual(expect.arrayContaining([`B${agents.id}`]));
    expect(await broadcastsOf('731')).not.toContain(`B${vip.id}`);
    expect(await broadcastsOf('701')).toEqual(expect.arrayContaining([`B${listed.id}`]));
    expect(await broadcastsOf('701')).not.toContain(`B${agents.id}`);
    expect(await broadcastsOf('702')).not.toContain(`B${listed.id}`);
    // English readers of a broadcast written only in Spanish read the Spanish.
    expect((await notices.listMessages(reader('701', 'EN'))).list.find((message) => message.id === `B${listed.id}`)).toMatchObject({ title: 'Para ti' });
    await harness.db.orm.execute(sql`UPDATE notices.inbox_members SET vip_level = 3 WHERE member_id = 702`);
    expect(await broadcastsOf('702')).toContain(`B${vip.id}`);
    // The counts after a broadcast go to the members it is for, by the same rules.
    const targetedBy = async (broadcastId: string) =>
      (await notices.unreadCounts({ merchantCode: DEMO, memberIds: ['701', '702', '731', '740'], broadcastId })).counts.map((entry) => entry.memberId).sort();
    expect(await targetedBy(vip.id)).toEqual(['702']);
    expect(await targetedBy(agents.id)).toEqual(['731']);
    expect(await targetedBy(listed.id)).toEqual(['701']);
    expect(await notices.unreadCounts({ merchantCode: 'OTHER', memberIds: ['790'], broadcastId: listed.id })).toEqual({ counts: [] });

    const stored = await count(sql`SELECT count(*)::int AS n FROM notices.broadcasts`);
    await expectRefused(
      notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'members', memberIds: ['701', '790'] }, title: { ES: 'x' }, content: { ES: 'x' }, operator }),
      'INBOX_MEMBER_NOT_FOUND',
    );
    await expectRefused(notices.operatorSendBroadcast({ merchantCode: 'NOBRAND', segment: { type: 'brand' }, title: { ES: 'x' }, content: { ES: 'x' }, operator }), 'MERCHANT_NOT_FOUND');
    await expectRefused(
      notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'brand' }, title: { ES: 'x' }, content: { ES: 'x' }, expiresAt: '2020-01-01T00:00:00Z', operator }),
      'BROADCAST_EXPIRY_INVALID',
    );
    await expect(notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'brand' }, title: { ES: '   ' }, content: { ES: 'x' }, operator })).rejects.toThrow();
    expect(await count(sql`SELECT count(*)::int AS n FROM notices.broadcasts`)).toBe(stored);
  });

  it('keeps a VIP level that comes before the member is known, and the registration leaves it', async () => {
    const vipChanged = (memberId: string, fromLevel: number, toLevel: number, version: number) =>
      createEnvelope(
        'vip.changed',
        memberId,
        { memberId, merchantCode: DEMO, fromLevel, toLevel, labelName: `VIP${toLevel}`, reason: 'upgrade' as const, version, changedAt: new Date().toISOString() },
        'test',
      );
    const levelOf = async (memberId: string) =>
      (await rows<{ vip_level: number; registered_at: string | null }>(harness.db.orm, sql`SELECT vip_level, registered_at FROM notices.inbox_members WHERE member_id = ${memberId}`))[0];
    // Two changes in one batch, the later first: the newest version wins.
    const [first, second] = [vipChanged('760', 0, 2, 1), vipChanged('760', 2, 3, 2)];
    await deliverTo(harness, 'notices.inbox.vip', [second, first]);
    expect(await levelOf('760')).toEqual({ vip_level: 3, registered_at: null });
    await deliverTo(harness, 'notices.inbox.members', [memberRegisteredEnvelope('760', { account: 'latecomer' })]);
    expect(await levelOf('760')).toMatchObject({ vip_level: 3, registered_at: expect.anything() });
    const vip = await notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'vip', levels: [3] }, title: { ES: 'Nivel 3' }, content: { ES: 'Solo nivel 3' }, operator });
    expect((await notices.unreadCounts({ merchantCode: DEMO, memberIds: ['760', '701'], broadcastId: vip.id })).counts.map((entry) => entry.memberId)).toEqual(['760']);
    // A level change for a member already known moves the level only.
    await deliverTo(harness, 'notices.inbox.vip', [vipChanged('760', 3, 1, 3)]);
    expect(await levelOf('760')).toMatchObject({ vip_level: 1, registered_at: expect.anything() });
  });

  it('withdraws a broadcast (once), after which nobody sees or counts it; an expired one is gone too', async () => {
    const sent = await notices.operatorSendBroadcast({ merchantCode: DEMO, segment: { type: 'brand' }, title: { ES: 'Pronto' }, content: { ES: 'Retirado luego' }, operator });
    const before = await notices.unreadCount({ memberId: '701', merchantCode: DEMO });
    const withdrawn = await notices.operatorWithdrawBroadcast({ merchantCode: DEMO, broadcastId: sent.id, operator });
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect((await notices.operatorWithdrawBroadcast({ merchantCode: DEMO, broadcastId: sent.id, operator })).withdrawnAt).toBe(withdrawn.withdrawnAt);
    const after = await notices.unreadCount({ memberId: '701', merchantCode: DEMO });
    expect(after.unread).toBe(before.unread - 1);
    expect(after.version).toBeGreaterThan(before.version);
    expect((await notices.listMessages({ ...reader('701'), pageSize: 50 })).list.some((message) => message.id === `B${sent.id}`)).toBe(false);
    await expectRefused(notices.readMessage({ ...reader('701'), id: `B${sent.id}` }), 'NOT_FOUND');
    await expectRefused(notices.operatorWithdrawBroadcast({ merchantCode: DEMO, broadcastId: '999999', operator }), 'BROADCAST_NOT_FOUND');
    await expectRefused(notices.operatorWithdrawBroadcast({ merchantCode: 'OTHER', broadcastId: sent.id, operator }), 'BROADCAST_NOT_FOUND');

    const expiring = await notices.operatorSendBroadcast({
      merchantCode: DEMO,
      segment: { type: 'brand' },
      title: { ES: 'Corto' },
      content: { ES: 'Vence' },
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      operator,
    });
    expect((await notices.listMessages({ ...reader('701'), pageSize: 50 })).list.some((message) => message.id === `B${expiring.id}`)).toBe(true);
    await harness.db.orm.execute(sql`UPDATE notices.broadcasts SET expires_at = now() - interval '1 second' WHERE id = ${expiring.id}`);
    expect((await notices.listMessages({ ...reader('701'), pageSize: 50 })).list.some((message) => message.id === `B${expiring.id}`)).toBe(false);
    expect((await notices.unreadCount({ memberId: '701', merchantCode: DEMO })).unread).toBe(after.unread);
  });

  it('announces a broadcast reaching its expiry once, however many notices processes watch, with a higher version', async () => {
    const expiresAt = new Date(Date.now() + 1_000).toISOString();
    const brief = await notices.operatorSendBroadcast({
      merchantCode: DEMO,
      segment: { type: 'members', memberIds: ['702'] },
      title: { ES: 'Breve' },
      content: { ES: 'Un segundo' },
      expiresAt,
      operator,
    });
    const before = await notices.unreadCount({ memberId: '702', merchantCode: DEMO });
    const expiryEvents = async () =>
      (
        await rows<{ envelope: { payload: unknown } }>(
          harness.db.orm,
          sql`SELECT envelope FROM notices.outbox WHERE envelope->>'type' = 'inbox.broadcast' AND envelope->'payload'->>'broadcastId' = ${brief.id} AND envelope->'payload'->>'change' = 'expired'`,
        )
      ).map((row) => row.envelope.payload);
    expect(await expiryEvents()).toEqual([]);

    // Two more notices processes on the same database look as soon as it expires, beside the service's own timer.
    const others = [1, 2].map(
      () => new BroadcastExpiries({ db: harness.db, outbox: new Outbox(NOTICES_SCHEMA, 'notices'), wakeRelay: () => undefined, logger: createLogger({ service: 'test', level: 'silent' }) }),
    );
    await sleep(Date.parse(expiresAt) - Date.now() + 5);
    await Promise.all(others.map((other) => other.announceDue()));
    await eventually(async () => (await expiryEvents()).length > 0, 'the expiry announced');
    await Promise.all(others.map((other) => other.announceDue()));
    await sleep(100);
    expect(await expiryEvents()).toEqual([{ broadcastId: brief.id, merchantCode: DEMO, change: 'expired', at: expiresAt }]);

    const after = await notices.unreadCount({ memberId: '702', merchantCode: DEMO });
    expect(after.unread).toBe(before.unread - 1);
    expect(after.version).toBeGreaterThan(before.version);
    // The gateway's question after the expiry: the counts of the members the broadcast was for.
    expect(await notices.unreadCounts({ merchantCode: DEMO, memberIds: ['701', '702'], broadcastId: brief.id })).toEqual({ counts: [{ memberId: '702', ...after }] });
  });

  it('deletes letters and broadcasts for the member only, and marks everything read at once', async () => {
    const page = (await notices.listMessages({ ...reader('701'), pageSize: 50 })).list;
    const letter = page.find((message) => message.kind === 'deposit_approved')!;
    const broadcast = page.find((message) => message.kind === 'broadcast' && message.title === 'Torneo' && !message.read)!;
    const before = await notices.unreadCount({ memberId: '701', merchantCode: DEMO });

    const deleted = await notices.deleteMessage({ memberId: '701', merchantCode: DEMO, id: letter.id });
    expect(deleted).toMatchObject({ id: letter.id, deleted: true, unread: { unread: before.unread - 1 } });
    const removed = await notices.deleteMessage({ memberId: '701', merchantCode: DEMO, id: broadcast.id });
    expect(removed.unread.unread).toBe(before.unread - 2);
    const remaining = (await notices.listMessages({ ...reader('701'), pageSize: 50 })).list.map((message) => message.id);
    expect(remaining).not.toContain(letter.id);
    expect(remaining).not.toContain(broadcast.id);
    // Still there for everyone else.
    expect((await notices.listMessages({ ...reader('702'), pageSize: 50 })).list.some((message) => message.id === broadcast.id)).toBe(true);
    await expectRefused(notices.deleteMessage({ memberId: '701', merchantCode: DEMO, id: letter.id }), 'NOT_FOUND');

    const all = await notices.readAllMessages({ memberId: '701', merchantCode: DEMO });
    expect(all.marked).toBe(removed.unread.unread);
    expect(all.unread.unread).toBe(0);
    expect((await notices.listMessages({ ...reader('701'), pageSize: 50 })).list.every((message) => message.read)).toBe(true);
    expect(await notices.readAllMessages({ memberId: '701', merchantCode: DEMO })).toEqual({ marked: 0, unread: all.unread });
  });

  it('counts exactly the unread messages each member’s list shows', async () => {
    for (const memberId of ['701', '702', '730', '731', '740']) {
      const listed = (await notices.listMessages({ ...reader(memberId), pageSize: 50 })).list.filter((message) => !message.read).length;
      expect([memberId, (await notices.unreadCount({ memberId, merchantCode: DEMO })).unread]).toEqual([memberId, listed]);
    }
  });

  it('lets an operator write to one member in both languages, and refuses unknown members', async () => {
    const letter = await notices.operatorSendLetter({ memberId: '702', title: { ES: 'Hola', EN: 'Hello' }, content: { ES: 'Tu bono', EN: 'Your bonus' }, operator });
    expect(letter).toMatchObject({ id: expect.stringMatching(/^L\d+$/), memberId: '702', merchantCode: DEMO });
    expect((await notices.listMessages(reader('702', 'EN'))).list[0]).toMatchObject({ id: letter.id, kind: 'letter', title: 'Hello', content: 'Your bonus', read: false });
    expect((await notices.listMessages(reader('702'))).list[0]).toMatchObject({ title: 'Hola', content: 'Tu bono' });
    const messages = await count(sql`SELECT count(*)::int AS n FROM notices.messages`);
    await expectRefused(notices.operatorSendLetter({ memberId: '999999', title: { ES: 'x' }, content: { ES: 'x' }, operator }), 'INBOX_MEMBER_NOT_FOUND');
    expect(await count(sql`SELECT count(*)::int AS n FROM notices.messages`)).toBe(messages);
  });
});

describe('notices service: the demo brand’s inbox', () => {
  let harness: ServiceUnderTest<NoticesRpc>;

  beforeAll(async () => {
    harness = await startServiceUnderTest({ schema: NOTICES_SCHEMA, migrationsDir: noticesMigrations, create: createNoticesService, config: { SEED_DEMO: true } });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('fills the demo player’s inbox once, however often the registration arrives', async () => {
    const registered = memberRegisteredEnvelope('11', { account: 'demoplayer' });
    await deliverTo(harness, 'notices.inbox.members', [registered, registered, memberRegisteredEnvelope('11', { account: 'demoplayer' })]);
    const inbox = await harness.client.listMessages({ memberId: '11', merchantCode: DEMO, language: 'EN', pageNo: 1, pageSize: 10 });
    expect(inbox.list.map((message) => message.kind).sort()).toEqual(['broadcast', 'deposit_approved', 'deposit_limits', 'welcome', 'withdrawal_rejected']);
    expect(inbox.list.find((message) => message.kind === 'broadcast')).toMatchObject({ title: 'Slots tournament this weekend' });
    expect((await harness.client.unreadCount({ memberId: '11', merchantCode: DEMO })).unread).toBe(5);
    // The agents' broadcast is there too, for agents only.
    expect(await rows(harness.db.orm, sql`SELECT segment FROM notices.broadcasts ORDER BY id`)).toEqual([{ segment: 'brand' }, { segment: 'agents' }]);
  });

  it('writes one letter for a withdrawal sent to the bank, however often the event comes', async () => {
    const paid = createEnvelope(
      'withdrawal.paid',
      '799',
      { withdrawalId: '77', memberId: '799', merchantCode: DEMO, currency: 'MXN', amountMinor: '25000', paidAt: '2026-11-25T11:00:00.000Z' },
      'test',
    );
    await deliverTo(harness, 'notices.inbox.withdrawals-paid', [paid, paid, createEnvelope('withdrawal.paid', '799', paid.payload, 'test')]);
    const paidLetters = (await harness.client.listMessages(reader('799', 'EN'))).list.filter((message) => message.kind === 'withdrawal_paid');
    expect(paidLetters).toHaveLength(1);
    expect(paidLetters[0]!.content).toContain('250.00');
  });
});
