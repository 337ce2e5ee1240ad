import { sql } from 'drizzle-orm';
import { KeysetBackfill, rows, type Executor, type Subscription } from '@wps/platform';
import type { RegisteredMember } from '@wps/contracts';
import type { NoticesDeps } from '../module.js';

/** The catch-up's row in notices.backfills. */
export const MEMBER_BACKFILL = 'inbox.members';

/**
 * Writes the members of one page the inbox does not know: new rows, and rows so far known only from the member's own
 * reading (brand only, no registration), which get their type and registration time. Members it knows stay as their
 * events left them, VIP level included (the points service's `vip.changed` events set it, not identity).
 */
async function addMissingMembers(tx: Executor, members: readonly RegisteredMember[]): Promise<number> {
  const records = members.map((member) => ({ member_id: member.memberId, merchant_code: member.merchantCode, type: member.type, registered_at: member.registeredAt }));
  const written = await rows<{ member_id: string }>(
    tx,
    sql`INSERT INTO notices.inbox_members AS p (member_id, merchant_code, type, registered_at)
        SELECT member_id, merchant_code, type, registered_at FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS r(member_id bigint, merchant_code text, type int, registered_at timestamptz)
        ORDER BY member_id
        ON CONFLICT (member_id) DO UPDATE SET merchant_code = EXCLUDED.merchant_code, type = EXCLUDED.type, registered_at = EXCLUDED.registered_at
          WHERE p.registered_at IS NULL
        RETURNING p.member_id`,
  );
  return written.length;
}

/**
 * The inbox's catch-up with identity: members registered before the inbox kept its table of members, or whose
 * `member.registered` the bus no longer holds, are filled in from identity's list of members, a thousand at a time,
 * so broadcast segments (the brand, agents) and operators' letters reach them. No welcome letter is written for them.
 */
export function memberBackfill(deps: Pick<NoticesDeps, 'db' | 'logger'> & { identity: NonNullable<NoticesDeps['identity']> }): KeysetBackfill<RegisteredMember> {
  return new KeysetBackfill<RegisteredMember>({
    db: deps.db,
    logger: deps.logger,
    schema: 'notices',
    name: MEMBER_BACKFILL,
    page: async (afterId, limit) => (await deps.identity().listMembersAfter({ afterId, limit })).members,
    idOf: (member) => member.memberId,
    write: addMissingMembers,
  });
}

/** Starts the catch-up in the background at every start (cheap once caught up); off where identity cannot be reached. */
export function startMemberBackfill(deps: NoticesDeps): Subscription {
  const { identity } = deps;
  if (!identity) {
    deps.logger.warn('no IDENTITY_URL: the inbox does not catch up on members it never heard of');
    return { close: async () => undefined };
  }
  return memberBackfill({ ...deps, identity }).start();
}
