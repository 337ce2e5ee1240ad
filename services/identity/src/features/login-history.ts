import { sql } from 'drizzle-orm';
import type { Executor } from '@wps/platform';
import type { ClientMeta } from '../deps.js';

/** One row per sign-in attempt, successful or not, with the address and browser it came from. */
export async function recordLogin(executor: Executor, merchantCode: string, memberId: string | null, username: string, success: boolean, reason: string | null, meta: ClientMeta) {
    await executor.execute(sql`
      INSERT INTO identity.login_history (merchant_code, member_id, username, success, reason, ip, user_agent)
      VALUES (${merchantCode}, ${memberId}, ${username.slice(0, 100)}, ${success}, ${reason}, ${meta.ip}, ${meta.userAgent?.slice(0, 300) ?? null})`);
  }

