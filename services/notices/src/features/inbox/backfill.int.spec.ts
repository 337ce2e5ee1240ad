import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NoticesRpc, RegisteredMember, RpcClient } from '@wps/contracts';
import { createLogger, rows } from '@wps/platform';
import { eventually, memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { createNoticesService, NOTICES_SCHEMA, noticesMigrations } from '../../app.js';
import { MEMBER_BACKFILL, memberBackfill } from './backfill.js';

const BRAND = 'BKFILL';
const operator = 'ops';
const count = async (db: { orm: Parameters<typeof rows>[0] }, query: ReturnType<typeof sql>) => (await rows<{ n: number }>(db.orm, query))[0]!.n;

/** Identity and the inbox of the embedded platform: members identity has and the inbox never heard of. */
describe('the inbox catches up on members from identity (embedded)', () => {
  let platform: EmbeddedPlatform;
  let notices: RpcClient<NoticesRpc>;
  const backfill = () => memberBackfill({ db: platform.db, logger: platform.logger, identity: () => platform.clients.identity });
  const idOf = async (merchantCode: string, username: string) =>
    (await rows<{ id: string }>(platform.db.orm, sql`SELECT id::text AS id FROM identity.members WHERE merchant_code = ${merchantCode} AND username_key = ${username}`))[0]!.id;
  const broadcastsOf = async (merchantCode: string, memberId: string) =>
    (await notices.listMessages({ memberId, merchantCode, language: 'ES', pageSize: 50 })).list.filter((message) => message.kind === 'broadcast').map((message) => message.id);
  const known = (memberIds: string[]) =>
    rows<{ member_id: string; merchant_code: string; type: number; registered: boolean }>(
      platform.db.orm,
      sql`SELECT member_id::text AS member_id, merchant_code, type, registered_at IS NOT NULL AS registered FROM notices.inbox_members
           WHERE member_id = ANY(${`{${memberIds.join(',')}}`}::bigint[]) ORDER BY member_id`,
    );
  const members: Record<'boss' | 'sub' | 'player' | 'guest' | 'demoagent' | 'demosub1', string> = { boss: '', sub: '', player: '', guest: '', demoagent: '', demosub1: '' };

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    notices = platform.clients.notices;
    // The catch-up of the start has read every member the demo seeded.
    await eventually(
      async () => (await count(platform.db, sql`SELECT count(*)::int AS n FROM notices.backfills WHERE name = ${MEMBER_BACKFILL} AND after_id = (SELECT max(id) FROM identity.members)`)) === 1,
      'the catch-up at start',
      15_000,
    );
    // A brand whose members were registered before the inbox listened: in identity only, no event.
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${BRAND}, 'Backfill Casino', '{}', 'ES', '{ES,EN}', 'MXN', '$', 'UTC', '{}'::jsonb)`);
    for (const [key, username, type, upline] of [
      ['boss', 'bkboss', 1, null],
      ['sub', 'bksub', 2, 'bkboss'],
      ['player', 'bkplayer', 0, 'bksub'],
      ['guest', 'guest0bk1', 4, null],
    ] as const) {
      await platform.db.orm.execute(
        sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, upline_id)
            VALUES (${BRAND}, ${username}, ${username}, ${username}, ${type}, 'not-a-hash',
                    (SELECT id FROM identity.members WHERE merchant_code = ${BRAND} AND username_key = ${upline}))`,
      );
      members[key] = await idOf(BRAND, username);
    }
    members.demoagent = await idOf('DEMO', 'demoagent');
    members.demosub1 = await idOf('DEMO', 'demosub1');
    // An agent whose registration the bus no longer held, and one the inbox knows only from reading (no registration),
    // found by the first start after the inbox's table of members was added.
    await platform.db.orm.execute(sql`DELETE FROM notices.inbox_members WHERE member_id = ${members.demoagent}`);
    await platform.db.orm.execute(sql`UPDATE notices.inbox_members SET type = 0, registered_at = NULL WHERE member_id = ${members.demosub1}`);
    await platform.db.orm.execute(sql`DELETE FROM notices.backfills WHERE name = ${MEMBER_BACKFILL}`);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('fills in the missing members, after which the agents segment, the brand and letters reach them', async () => {
    await expect(notices.operatorSendBroadcast({ merchantCode: BRAND, segment: { type: 'agents' }, title: { ES: 'x' }, content: { ES: 'x' }, operator })).rejects.toMatchObject({
      code: 'MERCHANT_NOT_FOUND',
    });
    await expect(notices.operatorSendLetter({ memberId: members.player, title: { ES: 'x' }, content: { ES: 'x' }, operator })).rejects.toMatchObject({ code: 'INBOX_MEMBER_NOT_FOUND' });
    const everyone = await count(platform.db, sql`SELECT count(*)::int AS n FROM identity.members`);

    expect(await backfill().run()).toEqual({ read: everyone, written: 6 });

    expect(await known([members.boss, members.sub, members.player, members.guest])).toEqual([
      { member_id: members.boss, merchant_code: BRAND, type: 1, registered: true },
      { member_id: members.sub, merchant_code: BRAND, type: 2, registered: true },
      { member_id: members.player, merchant_code: BRAND, type: 0, registered: true },
      { member_id: members.guest, merchant_code: BRAND, type: 4, registered: true },
    ]);
    expect(await known([members.demoagent, members.demosub1])).toEqual([
      { member_id: members.demoagent, merchant_code: 'DEMO', type: 1, registered: true },
      { member_id: members.demosub1, merchant_code: 'DEMO', type: 1, registered: true },
    ]);
    // Old members get no welcome letter.
    expect(await count(platform.db, sql`SELECT count(*)::int AS n FROM notices.messages WHERE merchant_code = ${BRAND}`)).toBe(0);

    const agents = await notices.operatorSendBroadcast({ merchantCode: BRAND, segment: { type: 'agents' }, title: { ES: 'Agentes' }, content: { ES: 'Solo agentes' }, operator });
    const brand = await notices.operatorSendBroadcast({ merchantCode: BRAND, segment: { type: 'brand' }, title: { ES: 'Todos' }, content: { ES: 'Para todos' }, operator });
    expect(await broadcastsOf(BRAND, members.boss)).toEqual(expect.arrayContaining([`B${agents.id}`, `B${brand.id}`]));
    expect(await broadcastsOf(BRAND, members.sub)).toEqual(expect.arrayContaining([`B${agents.id}`, `B${brand.id}`]));
    expect(await broadcastsOf(BRAND, members.player)).toEqual([`B${brand.id}`]);
    expect(await notices.unreadCount({ memberId: members.sub, merchantCode: BRAND })).toMatchObject({ unread: 2 });
    const demoAgents = await notices.operatorSendBroadcast({ merchantCode: 'DEMO', segment: { type: 'agents' }, title: { ES: 'Agentes' }, content: { ES: 'Demo' }, operator });
    expect(await broadcastsOf('DEMO', members.demoagent)).toContain(`B${demoAgents.id}`);
    expect(await broadcastsOf('DEMO', members.demosub1)).toContain(`B${demoAgents.id}`);
    await expect(notices.operatorSendLetter({ memberId: members.player, title: { ES: 'Hola' }, content: { ES: 'Carta' }, operator })).resolves.toMatchObject({
      memberId: members.player,
      merchantCode: BRAND,
    });
  });

  it('changes nothing when run again, from where it stopped or from the start, nor when two run at once', async () => {
    const table = async () =>
      rows<{ member_id: string; type: number; registered_at: string }>(
        platform.db.orm,
        sql`SELECT member_id::text AS member_id, type, registered_at::text FROM notices.inbox_members ORDER BY member_id`,
      );
    const before = await table();
    expect(await backfill().run()).toEqual({ read: 0, written: 0 });
    await platform.db.orm.execute(sql`DELETE FROM notices.backfills WHERE name = ${MEMBER_BACKFILL}`);
    expect(await backfill().run()).toMatchObject({ written: 0 });
    expect(await table()).toEqual(before);

    // Two processes catching up at once from the start: each missing member is written once.
    await platform.db.orm.execute(sql`DELETE FROM notices.inbox_members WHERE merchant_code = ${BRAND}`);
    await platform.db.orm.execute(sql`DELETE FROM notices.backfills WHERE name = ${MEMBER_BACKFILL}`);
    const [first, second] = await Promise.all([backfill().run(), backfill().run()]);
    expect(first.written + second.written).toBe(4);
    expect(await table()).toEqual(before);
    const [point] = await rows<{ after_id: string }>(platform.db.orm, sql`SELECT after_id::text AS after_id FROM notices.backfills WHERE name = ${MEMBER_BACKFILL}`);
    expect(point!.after_id).toBe(members.guest);
  });
});

/** The catch-up as the notices service runs it, against an identity that is down at first and pages a long list. */
describe('the inbox’s catch-up in the background (notices service)', () => {
  let harness: ServiceUnderTest<NoticesRpc>;
  const list: RegisteredMember[] = [];
  /** The `afterId` of every page asked for. */
  const asked: string[] = [];
  /** Asking for a page after this id fails, as when identity is unreachable; '*' fails every page. */
  let failAfter: string | null = '*';
  const identity = {
    listMembersAfter: async ({ afterId, limit }: { afterId: string; limit: number }) => {
      asked.push(afterId);
      if (failAfter === '*' || failAfter === afterId) throw new Error('connect ECONNREFUSED 127.0.0.1:8101');
      return { members: list.filter((member) => BigInt(member.memberId) > BigInt(afterId)).slice(0, limit) };
    },
  };
  const member = (id: number, overrides: Partial<RegisteredMember> = {}): RegisteredMember => ({
    memberId: String(id),
    merchantCode: 'DEMO',
    account: `player${id}`,
    type: 0,
    currency: 'MXN',
    uplineId: null,
    registeredAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  });
  const stored = () => count(harness.db, sql`SELECT count(*)::int AS n FROM notices.inbox_members`);
  const point = async () => (await rows<{ after_id: string }>(harness.db.orm, sql`SELECT after_id::text AS after_id FROM notices.backfills WHERE name = ${MEMBER_BACKFILL}`))[0]?.after_id;

  beforeAll(async () => {
    list.push(member(11, { type: 1 }), member(12), member(15, { merchantCode: 'OTHER' }));
    harness = await startServiceUnderTest({
      schema: NOTICES_SCHEMA,
      migrationsDir: noticesMigrations,
      create: (context, config) => createNoticesService(context, config, { identity: () => identity }),
      config: { SEED_DEMO: false },
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('starts without waiting for identity, and fills in once identity answers', async () => {
    // Started, and answering, while identity is down.
    expect(await harness.client.unreadCount({ memberId: '11', merchantCode: 'DEMO' })).toMatchObject({ unread: 0 });
    await eventually(() => asked.length > 0, 'a first attempt');
    expect(await stored()).toBe(0);
    failAfter = null;
    await eventually(async () => (await stored()) === 3, 'the retry to fill in the members', 15_000);
    expect(await point()).toBe('15');
  });

  it('resumes from the point reached after a failure, page by page', async () => {
    // 2,500 members registered while the inbox was away; identity fails on the third page.
    for (let id = 100; id < 2_600; id++) list.push(member(id, { type: id % 10 === 0 ? 1 : 0 }));
    failAfter = '2099';
    asked.length = 0;
    await expect(memberBackfill({ db: harness.db, logger: createLogger({ service: 'test', level: 'silent' }), identity: () => identity }).run()).rejects.toThrow(/ECONNREFUSED/);
    expect(asked).toEqual(['15', '1099', '2099']);
    expect(await point()).toBe('2099');
    expect(await stored()).toBe(3 + 2_000);

    failAfter = null;
    asked.length = 0;
    expect(await memberBackfill({ db: harness.db, logger: createLogger({ service: 'test', level: 'silent' }), identity: () => identity }).run()).toEqual({ read: 500, written: 500 });
    expect(asked).toEqual(['2099']);
    expect(await stored()).toBe(3 + 2_500);
    expect(await count(harness.db, sql`SELECT count(*)::int AS n FROM notices.inbox_members WHERE type = 1`)).toBe(1 + 250);
  });

  it('meets a live registration of the same member: one row, one welcome letter', async () => {
    list.push(member(3_000, { type: 2 }));
    const envelope = memberRegisteredEnvelope('3000', { type: 2, account: 'player3000' });
    const [caught] = await Promise.all([memberBackfill({ db: harness.db, logger: createLogger({ service: 'test', level: 'silent' }), identity: () => identity }).run(), harness.deliver(envelope)]);
    expect(caught.read).toBe(1);
    expect(await count(harness.db, sql`SELECT count(*)::int AS n FROM notices.inbox_members WHERE member_id = 3000 AND type = 2 AND registered_at IS NOT NULL`)).toBe(1);
    await eventually(async () => (await count(harness.db, sql`SELECT count(*)::int AS n FROM notices.messages WHERE member_id = 3000 AND kind = 'welcome'`)) === 1, 'the welcome letter');
  });
});
