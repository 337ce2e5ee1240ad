import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import type { EmbeddedPlatform } from '@wps/embedded/host';

/**
 * For tests on the seeded demo team (demoagent → demoplayer, demoplayer2, demosub1 (→ demo11, demo12, demo13,
 * demosub11 → demo111, demo112), demosub2 (→ demo21, demo22), demosub3 (→ demo31)): waits until the whole team is in
 * the agent tree, records every member's id by account, and signs the given accounts in.
 */
export async function signInDemoTeam(platform: EmbeddedPlatform, accounts: readonly string[], ids: Map<string, string>, tokens: Map<string, string>): Promise<void> {
  await eventually(
    async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree WHERE merchant_code = 'DEMO' AND path IS NOT NULL`))[0]!.n >= 15,
    'the demo team in the agent tree',
    20_000,
  );
  for (const row of await rows<{ member_id: string; account: string }>(platform.db.orm, sql`SELECT member_id::text AS member_id, account FROM agent_contracts.agent_tree`)) {
    ids.set(row.account, row.member_id);
  }
  const call = apiCaller(() => platform.url);
  for (const account of accounts) {
    const login = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: account, password: 'demo1234', type: 'username' } });
    expect(login.status).toBe(200);
    tokens.set(account, login.body.value.token);
  }
}
