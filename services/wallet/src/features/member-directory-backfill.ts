import { sql } from 'drizzle-orm';
import { KeysetBackfill, rows, type Database, type Executor, type Logger, type Subscription } from '@wps/platform';
import type { IdentityRpc, RegisteredMember, RpcClient } from '@wps/contracts';

/** The catch-up's row in wallet.backfills. */
export const MEMBER_DIRECTORY_BACKFILL = 'member-directory';

/** Where the wallet reaches identity's list of members. */
export type IdentityMembers = () => Pick<RpcClient<IdentityRpc>, 'listMembersAfter'>;

/** Writes the members of one page the directory does not hold; those it holds stay as their registration left them. */
async function addMissingMembers(tx: Executor, members: readonly RegisteredMember[]): Promise<number> {
  const records = members.map((member) => ({ member_id: member.memberId, merchant_code: member.merchantCode, account: member.account, upline_id: member.uplineId }));
  const written = await rows<{ member_id: string }>(
    tx,
    sql`INSERT INTO wallet.member_directory (member_id, merchant_code, account, upline_id)
        SELECT member_id, merchant_code, account, upline_id FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS r(member_id text, merchant_code text, account text, upline_id text)
        ORDER BY member_id
        ON CONFLICT (member_id) DO NOTHING
        RETURNING member_id`,
  );
  return written.length;
}

/**
 * The member directory's catch-up with identity: members registered before the directory existed, or whose
 * `member.registered` the bus no longer holds, are filled in from identity's list of members, a thousand at a time,
 * so their settled bets carry their account name and upline path (`agentPath`) for agent reports.
 */
export function memberDirectoryBackfill(deps: { db: Database; logger: Logger; identity: IdentityMembers }): KeysetBackfill<RegisteredMember> {
  return new KeysetBackfill<RegisteredMember>({
    db: deps.db,
    logger: deps.logger,
    schema: 'wallet',
    name: MEMBER_DIRECTORY_BACKFILL,
    page: async (afterId, limit) => (await deps.identity().listMembersAfter({ afterId, limit })).members,
    idOf: (member) => member.memberId,
    write: addMissingMembers,
  });
}

/** Starts the catch-up in the background at every start (cheap once caught up); off where identity cannot be reached. */
export function startMemberDirectoryBackfill(deps: { db: Database; logger: Logger; identity: IdentityMembers | undefined }): Subscription {
  const { identity } = deps;
  if (!identity) {
    deps.logger.warn('no IDENTITY_URL: the member directory does not catch up on members it never heard of');
    return { close: async () => undefined };
  }
  return memberDirectoryBackfill({ ...deps, identity }).start();
}
