import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NoticesRpc, RpcClient } from '@wps/contracts';
import { AppError, rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createNoticesService, NOTICES_SCHEMA, noticesMigrations } from '../../app.js';

describe('notices service: internal messages', () => {
  let harness: ServiceUnderTest<NoticesRpc>;
  let notices: RpcClient<NoticesRpc>;

  beforeAll(async () => {
    harness = await startServiceUnderTest({ schema: NOTICES_SCHEMA, migrationsDir: noticesMigrations, create: createNoticesService, config: { SEED_DEMO: false } });
    notices = harness.client;
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('leaves one welcome letter per registered member, also when the event is delivered twice', async () => {
    const envelope = memberRegisteredEnvelope('701', { account: 'maria' });
    await harness.deliver(envelope, envelope);

    const inbox = await notices.listMessages({ memberId: '701' });
    expect(inbox).toEqual([{ id: expect.stringMatching(/^\d+$/), title: 'Bienvenido', content: expect.stringContaining('maria'), createdAt: expect.any(String), read: false }]);
    expect(new Date(inbox[0]!.createdAt).toISOString()).toBe(inbox[0]!.createdAt);
  });

  it('does not welcome a member twice when the registration is announced again under a new message id', async () => {
    await harness.deliver(memberRegisteredEnvelope('701', { account: 'maria' }));
    const [count] = await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM notices.messages WHERE member_id = 701`);
    expect(count?.n).toBe(1);
  });

  it('lists newest first and marks a member’s own message read, keeping the first read time', async () => {
    const { db } = harness;
    await db.orm.execute(
      sql`INSERT INTO notices.messages (member_id, merchant_code, title, content, created_at)
          VALUES (701, 'DEMO', 'Promoción', 'Bono de recarga', now() + interval '1 minute')`,
    );
    const [newest, welcome] = await notices.listMessages({ memberId: '701' });
    expect(newest?.title).toBe('Promoción');
    expect(welcome?.title).toBe('Bienvenido');

    expect(await notices.markMessageRead({ memberId: '701', messageId: welcome!.id })).toEqual({ id: welcome!.id, read: true });
    const [first] = await rows<{ read_at: string }>(db.orm, sql`SELECT read_at::text AS read_at FROM notices.messages WHERE id = ${welcome!.id}`);
    await notices.markMessageRead({ memberId: '701', messageId: welcome!.id });
    const [second] = await rows<{ read_at: string }>(db.orm, sql`SELECT read_at::text AS read_at FROM notices.messages WHERE id = ${welcome!.id}`);
    expect(second?.read_at).toBe(first?.read_at);
    expect((await notices.listMessages({ memberId: '701' })).map((message) => message.read)).toEqual([false, true]);
  });

  it('refuses to mark another member’s message, and answers an empty inbox for an unknown member', async () => {
    await harness.deliver(memberRegisteredEnvelope('702'));
    const [othersMessage] = await notices.listMessages({ memberId: '702' });
    const attempt = notices.markMessageRead({ memberId: '701', messageId: othersMessage!.id });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await notices.listMessages({ memberId: '702' }))[0]?.read).toBe(false);

    expect(await notices.listMessages({ memberId: '999999' })).toEqual([]);
    await expect(notices.listMessages({ memberId: 'x' })).rejects.toThrow();
  });
});
