import { sql } from 'drizzle-orm';
import { AppError, rows } from '@wps/platform';
import type { IdentityDeps } from '../../deps.js';
import { recordSecurityEvent } from '../security-events.js';
import type { Sessions } from '../sessions.js';

/** Operators disable and enable accounts; a disabled account's sessions end at once and it cannot sign in. */
export class MemberStatus {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
  ) {}

  async set(input: { memberId: string; status: 'active' | 'disabled'; operator: string }): Promise<{ memberId: string; status: 'active' | 'disabled'; endedTokenHashes: string[] }> {
    if (!/^\d{1,18}$/.test(input.memberId)) throw new AppError('NOT_FOUND');
    const endedTokenHashes = await this.deps.db.transaction(async (tx) => {
      const [member] = await rows<{ id: string; merchant_code: string; status: string }>(tx, sql`SELECT id, merchant_code, status FROM identity.members WHERE id = ${input.memberId} FOR UPDATE`);
      if (!member) throw new AppError('NOT_FOUND');
      if (member.status !== input.status) {
        await tx.execute(sql`UPDATE identity.members SET status = ${input.status} WHERE id = ${member.id}`);
        await recordSecurityEvent(tx, {
          merchantCode: member.merchant_code,
          memberId: member.id,
          kind: input.status === 'disabled' ? 'account-disabled' : 'account-enabled',
          detail: { operator: input.operator },
        });
      }
      if (input.status === 'active') return [];
      // Ended even when the account was already disabled: a repeated call also sweeps any session left open.
      const ended = await this.sessions.endAllOf(tx, { memberId: member.id, merchantCode: member.merchant_code, reason: 'account-disabled' });
      if (ended.length)
        await recordSecurityEvent(tx, {
          merchantCode: member.merchant_code,
          memberId: member.id,
          kind: 'sessions-ended',
          detail: { reason: 'account-disabled', count: ended.length, operator: input.operator },
        });
      return ended;
    });
    this.deps.relay()?.wake();
    return { memberId: input.memberId, status: input.status, endedTokenHashes };
  }
}
