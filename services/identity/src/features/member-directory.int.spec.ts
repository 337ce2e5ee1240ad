import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import type { IdentityRpc, RegisteredMember } from '@wps/contracts';
import { createIdentityService, identityMigrations, IDENTITY_SCHEMA } from '../app.js';
import { defaultIdentityConfig } from '../config.js';

/** `listMembersAfter`: identity's members in id order, a page at a time, for the services that keep their own table of them. */
describe('the list of members other services catch up from (identity service)', () => {
  let identity: ServiceUnderTest<IdentityRpc>;
  /** Every member created here, in id order. */
  const created: Array<{ id: string; merchantCode: string; account: string }> = [];
  const after = async (afterId: string, limit: number) => (await identity.client.listMembersAfter({ afterId, limit })).members;
  const ids = (members: readonly RegisteredMember[]) => members.map((member) => member.memberId);

  beforeAll(async () => {
    identity = await startServiceUnderTest({
      schema: IDENTITY_SCHEMA,
      migrationsDir: identityMigrations,
      create: createIdentityService,
      config: { ...defaultIdentityConfig(), ARGON2_MEMORY_KIB: 1024 },
    });
    await identity.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES ('PAGEA', 'Page A', '{}', 'ES', '{ES}', 'MXN', '$', 'UTC', '{}'::jsonb),
             ('PAGEB', 'Page B', '{}', 'EN', '{EN}', 'USD', '$', 'UTC', '{}'::jsonb)`);
    // Brands interleaved, an agent with a downline member, and a trial account: straight into the table, as members
    // registered before any other service listened.
    const members: Array<[string, string, number, string | null]> = [
      ['PAGEA', 'boss', 1, null],
      ['PAGEB', 'bravo', 0, null],
      ['PAGEA', 'alpha', 0, 'boss'],
      ['PAGEB', 'guest0001', 4, null],
      ['PAGEA', 'charlie', 0, null],
    ];
    for (const [merchantCode, username, type, upline] of members) {
      const [member] = await rows<{ id: string }>(
        identity.db.orm,
        sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, upline_id)
            VALUES (${merchantCode}, ${username}, ${username}, ${username}, ${type}, 'not-a-hash',
                    (SELECT id FROM identity.members WHERE merchant_code = ${merchantCode} AND username_key = ${upline}))
            RETURNING id::text AS id`,
      );
      created.push({ id: member!.id, merchantCode, account: username });
    }
  }, 60_000);
  afterAll(async () => {
    await identity?.close();
  });

  it('answers each member as its registration announced it: brand, account, type, the brand’s currency, upline and time', async () => {
    const [boss, bravo, alpha, guest] = await after('0', 4);
    expect(boss).toEqual({ memberId: created[0]!.id, merchantCode: 'PAGEA', account: 'boss', type: 1, currency: 'MXN', uplineId: null, registeredAt: expect.any(String) });
    expect(new Date(boss!.registeredAt).toISOString()).toBe(boss!.registeredAt);
    expect(bravo).toMatchObject({ merchantCode: 'PAGEB', account: 'bravo', type: 0, currency: 'USD', uplineId: null });
    expect(alpha).toMatchObject({ merchantCode: 'PAGEA', account: 'alpha', uplineId: created[0]!.id });
    expect(guest).toMatchObject({ merchantCode: 'PAGEB', account: 'guest0001', type: 4 });
  });

  it('pages every brand in id order: each page starts after the id named, a short or empty page is the end', async () => {
    const walked: string[] = [];
    const pages: number[] = [];
    for (let afterId = '0'; ;) {
      const page = await after(afterId, 2);
      pages.push(page.length);
      if (page.length === 0) break;
      walked.push(...ids(page));
      afterId = page.at(-1)!.memberId;
    }
    expect(walked).toEqual(created.map((member) => member.id));
    expect(pages).toEqual([2, 2, 1, 0]);
    // The id named is excluded; an id between members starts at the next one.
    expect(ids(await after(created[2]!.id, 10))).toEqual(created.slice(3).map((member) => member.id));
    expect(ids(await after(String(BigInt(created[2]!.id) - 1n), 1))).toEqual([created[2]!.id]);
    // A page exactly as long as what is left is full; the next one is empty.
    expect(await after(created[0]!.id, 4)).toHaveLength(4);
    expect(await after(created[4]!.id, 4)).toEqual([]);
    expect(await after('999999999999999999', 1000)).toEqual([]);
  });

  it('refuses pages beyond a thousand members and ids that are not decimal', async () => {
    await expect(identity.client.listMembersAfter({ afterId: '0', limit: 1001 })).rejects.toThrow();
    await expect(identity.client.listMembersAfter({ afterId: '0', limit: 0 })).rejects.toThrow();
    await expect(identity.client.listMembersAfter({ afterId: '-1', limit: 10 })).rejects.toThrow();
    await expect(identity.client.listMembersAfter({ afterId: '1 OR 1=1', limit: 10 })).rejects.toThrow();
    await expect(identity.client.listMembersAfter({ afterId: '0', limit: 1000 })).resolves.toMatchObject({ members: expect.any(Array) });
  });
});
