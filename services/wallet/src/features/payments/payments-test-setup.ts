import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import type { EmbeddedPlatform } from '@wps/embedded';

/** What the payments integration specs share: registered members with a wallet account, paged answers, the ledger size. */

export interface Page<T> {
  content: T[];
  pageNum: number;
  totalPages: number;
  total: number;
}

export interface Member {
  id: string;
  token: string;
  username: string;
}

export const PASSWORD = 'secreto12';
export const PAY_PASSWORD = 'pago1234';

export const waitFor = (check: () => boolean | Promise<boolean>, what = 'the condition') => eventually(check, what, 10_000);

/** Registers through the HTTP API and waits for the wallet to open the account from member.registered. */
export async function registerMember(platform: EmbeddedPlatform, referralCode?: string): Promise<Member> {
  const call = apiCaller(platform.url);
  const username = `p${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
    body: { username, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, ...(referralCode ? { referralCode } : {}) },
  });
  expect(response.status).toBe(200);
  const id = response.body.value.user.id;
  await waitFor(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${id}`)).length === 1, 'the wallet account');
  return { id, token: response.body.value.token, username };
}

/** Ledger entries so far; a refused request must leave the count where it was. */
export const ledgerEntryCount = async (platform: EmbeddedPlatform): Promise<number> => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.entries`))[0]!.n;
