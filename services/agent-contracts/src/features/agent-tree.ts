import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';
import { DECIMAL_ID_PATTERN } from '@wps/contracts/ids';
import { lockOrder, placeNode, type Placement } from '../domain/tree.js';

export interface DownlineMember {
  memberId: string;
  account: string;
  type: number;
  depth: number;
}

/** Deeper than any real agent hierarchy; a loop that gets here is a bug, not a tree. */
const MAX_LEVELS_PER_REGISTRATION = 10_000;

/**
 * Takes the tree locks of these members' ids, in one order everywhere, whether or not their tree rows exist yet; held
 * until the transaction ends.
 */
export async function lockTreeIds(tx: Executor, ids: Array<string | null>): Promise<void> {
  for (const id of lockOrder(ids)) {
    await tx.execute(sql`INSERT INTO agent_contracts.tree_locks (member_id) VALUES (${id}) ON CONFLICT DO NOTHING`);
    await tx.execute(sql`SELECT member_id FROM agent_contracts.tree_locks WHERE member_id = ${id} FOR UPDATE`);
  }
}

/**
 * Adds a registered member to the agent tree. A duplicate announcement of a member already in the tree changes
 * nothing. The upline may still be on its way (events of different members arrive in any order); then the node waits
 * unplaced and the upline's own registration places it and everything that waited below it.
 */
export async function addToTree(tx: Executor, member: MemberRegistered): Promise<void> {
  if (!DECIMAL_ID_PATTERN.test(member.memberId) || (member.uplineId !== null && !DECIMAL_ID_PATTERN.test(member.uplineId))) {
    throw new Error(`member ids must be decimal strings (member ${member.memberId}, upline ${member.uplineId})`);
  }
  // Locks the member's id and the upline's id, whether or not their tree rows exist yet: the upline's registration
  // locks the same id, so one of the two transactions always sees the other's committed row.
  await lockTreeIds(tx, [member.memberId, member.uplineId]);

  let upline: Parameters<typeof placeNode>[1] = null;
  if (member.uplineId !== null) {
    // FOR SHARE waits for a transaction that is placing the upline right now, and then reads the placed row.
    const [row] = await rows<{ path: string | null; depth: number | null }>(tx, sql`SELECT path, depth FROM agent_contracts.agent_tree WHERE member_id = ${member.uplineId} FOR SHARE`);
    upline = row ? { present: true, placement: row.path === null ? null : { path: row.path, depth: Number(row.depth) } } : { present: false };
  }
  const placement = placeNode(member.memberId, upline);
  const inserted = await rows<{ member_id: string }>(
    tx,
    // Bets settled before the row existed left their hours (`recordActivity`): the last active hour comes from them.
    sql`INSERT INTO agent_contracts.agent_tree (member_id, merchant_code, account, type, currency, upline_id, path, depth, last_active_hour)
        VALUES (${member.memberId}, ${member.merchantCode}, ${member.account}, ${member.type}, ${member.currency}, ${member.uplineId},
                ${placement?.path ?? null}, ${placement?.depth ?? null},
                (SELECT max(hour) FROM agent_contracts.member_hours WHERE member_id = ${member.memberId} AND valid_bet_minor > 0))
        ON CONFLICT (member_id) DO NOTHING
        RETURNING member_id::text AS member_id`,
  );
  if (inserted.length > 0 && placement) await placeWaitingDescendants(tx, placement);
}

/** Places, level by level, the unplaced nodes whose upline now has a place below `root`. */
async function placeWaitingDescendants(tx: Executor, root: Placement): Promise<void> {
  for (let level = 0; level < MAX_LEVELS_PER_REGISTRATION; level++) {
    const placed = await rows<{ member_id: string }>(
      tx,
      sql`UPDATE agent_contracts.agent_tree AS child
             SET path = parent.path || child.member_id::text || '/', depth = parent.depth + 1
            FROM agent_contracts.agent_tree AS parent
           WHERE child.path IS NULL AND child.upline_id = parent.member_id AND parent.path LIKE ${`${root.path}%`}
       RETURNING child.member_id::text AS member_id`,
    );
    if (placed.length === 0) return;
  }
  throw new Error(`agent tree below ${root.path} is deeper than ${MAX_LEVELS_PER_REGISTRATION} levels`);
}

/** Everyone below the agent, with depth counted from the agent (direct downline = 1), shallowest first. */
export async function getDownline(executor: Executor, input: { agentId: string }): Promise<DownlineMember[]> {
  const [agent] = await rows<{ path: string | null; depth: number | null }>(executor, sql`SELECT path, depth FROM agent_contracts.agent_tree WHERE member_id = ${input.agentId}`);
  if (!agent?.path) return [];
  const found = await rows<{ member_id: string; account: string; type: number; depth: number }>(
    executor,
    sql`SELECT member_id::text AS member_id, account, type, depth - ${Number(agent.depth)}::int AS depth
          FROM agent_contracts.agent_tree
         WHERE path LIKE ${`${agent.path}%`} AND member_id <> ${input.agentId}
         ORDER BY depth, account, member_id`,
  );
  return found.map((row) => ({ memberId: row.member_id, account: row.account, type: Number(row.type), depth: Number(row.depth) }));
}
