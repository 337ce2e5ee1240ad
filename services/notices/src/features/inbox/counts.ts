import { sql, type SQL } from 'drizzle-orm';
import { AGENT_TYPES, MEMBER_TYPE, type UnreadCount } from '@wps/contracts';
import { rows, type Executor, type Outbox } from '@wps/platform';

/**
 * Unread counts and their versions. A member's count is their unread, undeleted letters plus the live broadcasts of
 * their segments they have neither read nor deleted (a member's state of a broadcast is stored only once they act).
 *
 * The version only grows per member: it is the greater of the member's own stamp (moved on every change of their
 * letters or states) and the brand's newest broadcast stamp (moved when a broadcast is sent, withdrawn or reaches its
 * expiry). Stamps are the database clock in microseconds, each kept above the stamp it replaces, so a push or answer
 * with a higher version is always the newer count.
 */

export const NOW_US = sql`(extract(epoch from clock_timestamp()) * 1000000)::bigint`;

/** A list of decimal ids as a bigint[] parameter (the ids are checked decimal strings). */
export const idArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::bigint[]`;

/**
 * Readers `m` (member_id, merchant_code, type, vip_level, version) for ids of one brand: their projected type and VIP
 * level, or a plain member's when their registration has not arrived yet.
 */
export const readers = (merchantCode: string, memberIds: readonly string[]): SQL =>
  sql`SELECT x.member_id, ${merchantCode}::text AS merchant_code, coalesce(p.type, 0) AS type, coalesce(p.vip_level, 0) AS vip_level,
             coalesce(p.version, 0) AS version
        FROM unnest(${idArray(memberIds)}) AS x(member_id) LEFT JOIN notices.inbox_members p ON p.member_id = x.member_id`;

/** Broadcast `b` is for reader `m` (trial accounts have no inbox); `segmentTest` is the same rule for counts. */
export const inSegment = sql`b.merchant_code = m.merchant_code AND m.type <> ${sql.raw(String(MEMBER_TYPE.TRIAL))}
  AND (b.segment = 'brand'
       OR (b.segment = 'vip' AND m.vip_level = ANY(b.vip_levels))
       OR (b.segment = 'agents' AND m.type IN (${sql.raw(AGENT_TYPES.join(', '))}))
       OR (b.segment = 'members' AND m.member_id = ANY(b.member_ids)))`;
/** Broadcast `b` is shown: not withdrawn and not expired. */
export const isLive = sql`b.withdrawn_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now())`;

interface Reader {
  memberId: string;
  type: number;
  vipLevel: number;
}
interface SegmentRow {
  id: string;
  segment: string;
  vip_levels: number[] | null;
  member_ids: string[] | null;
  live: boolean;
}
/** The segment of a broadcast of the reader's brand, as a test; the same rule as `inSegment`. */
function segmentTest(row: SegmentRow): (reader: Reader) => boolean {
  const listed = new Set(row.member_ids ?? []);
  const levels = row.vip_levels ?? [];
  const matches = (reader: Reader): boolean => {
    switch (row.segment) {
      case 'brand':
        return true;
      case 'vip':
        return levels.includes(reader.vipLevel);
      case 'agents':
        return AGENT_TYPES.includes(reader.type);
      default:
        return listed.has(reader.memberId);
    }
  };
  return (reader) => reader.type !== MEMBER_TYPE.TRIAL && matches(reader);
}

export interface MemberCount extends UnreadCount {
  memberId: string;
}

/**
 * The counts of members of one brand; with `broadcastId`, only of those that broadcast is (or was) for. A few plain
 * reads (the brand's live broadcasts, the members, their unread letters, their states of those broadcasts) and the
 * segments matched here: this runs for every connected member of a brand after each broadcast.
 */
export async function unreadOf(tx: Executor, merchantCode: string, memberIds: readonly string[], broadcastId?: string): Promise<MemberCount[]> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return [];
  const idList = idArray(ids);
  const broadcasts = await rows<SegmentRow>(
    tx,
    sql`SELECT b.id::text AS id, b.segment, b.vip_levels, b.member_ids::text[] AS member_ids, (${isLive}) AS live
          FROM notices.broadcasts b WHERE b.merchant_code = ${merchantCode} AND ((${isLive}) OR b.id = ${broadcastId ?? null})`,
  );
  const live = broadcasts.filter((row) => row.live).map((row) => ({ id: row.id, isFor: segmentTest(row) }));
  const target = broadcastId ? broadcasts.find((row) => row.id === broadcastId) : undefined;
  if (broadcastId && !target) return [];
  const [brand] = await rows<{ version: string }>(tx, sql`SELECT coalesce(max(version), 0)::text AS version FROM notices.broadcasts WHERE merchant_code = ${merchantCode}`);
  const brandVersion = BigInt(brand?.version ?? '0');

  const projected = await rows<{ member_id: string; type: number; vip_level: number; version: string }>(
    tx,
    sql`SELECT member_id::text AS member_id, type, vip_level, version::text AS version FROM notices.inbox_members WHERE member_id = ANY(${idList})`,
  );
  const byId = new Map(projected.map((row) => [row.member_id, row]));
  const readers = ids.map((memberId) => ({ memberId, type: byId.get(memberId)?.type ?? 0, vipLevel: byId.get(memberId)?.vip_level ?? 0 }));
  const wanted = target ? readers.filter(segmentTest(target)) : readers;
  if (wanted.length === 0) return [];
  const wantedIds = idArray(wanted.map((reader) => reader.memberId));

  const letters = await rows<{ member_id: string; n: number }>(
    tx,
    sql`SELECT member_id::text AS member_id, count(*)::int AS n FROM notices.messages
         WHERE member_id = ANY(${wantedIds}) AND read_at IS NULL AND deleted_at IS NULL GROUP BY member_id`,
  );
  const lettersOf = new Map(letters.map((row) => [row.member_id, row.n]));
  const states =
    live.length === 0
      ? []
      : await rows<{ member_id: string; broadcast_id: string }>(
          tx,
          sql`SELECT member_id::text AS member_id, broadcast_id::text AS broadcast_id FROM notices.broadcast_states
               WHERE member_id = ANY(${wantedIds}) AND broadcast_id = ANY(${idArray(live.map((entry) => entry.id))})`,
        );
  const acted = new Set(states.map((row) => `${row.member_id}:${row.broadcast_id}`));
  return wanted.map((reader) => {
    const pending = live.filter((entry) => entry.isFor(reader) && !acted.has(`${reader.memberId}:${entry.id}`)).length;
    const own = BigInt(byId.get(reader.memberId)?.version ?? '0');
    return { memberId: reader.memberId, unread: (lettersOf.get(reader.memberId) ?? 0) + pending, version: Number(own > brandVersion ? own : brandVersion) };
  });
}

/**
 * After a change of these members' letters or broadcast states in `tx`: moves their versions (locking their rows in
 * id order, so concurrent changes of one member are counted one after the other), counts again and announces each
 * count (`inbox.unread_changed`) through the outbox. Answers the new counts.
 */
export async function announceCounts(tx: Executor, outbox: Outbox, members: ReadonlyArray<{ memberId: string; merchantCode: string }>): Promise<MemberCount[]> {
  const byId = new Map(members.map((member) => [member.memberId, member.merchantCode]));
  if (byId.size === 0) return [];
  const ids = [...byId.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  await tx.execute(
    sql`INSERT INTO notices.inbox_members (member_id, merchant_code)
        SELECT (entry->>0)::bigint, entry->>1 FROM jsonb_array_elements(${JSON.stringify(ids.map((id) => [id, byId.get(id)]))}::jsonb) AS entry
        ON CONFLICT (member_id) DO NOTHING`,
  );
  await tx.execute(
    sql`UPDATE notices.inbox_members p
           SET version = greatest(p.version + 1, ${NOW_US}, (SELECT coalesce(max(b.version), 0) + 1 FROM notices.broadcasts b WHERE b.merchant_code = p.merchant_code))
          FROM (SELECT member_id FROM notices.inbox_members WHERE member_id = ANY(${idArray(ids)}) ORDER BY member_id FOR UPDATE) AS locked
         WHERE p.member_id = locked.member_id`,
  );
  const brands = new Map<string, string[]>();
  for (const id of ids) brands.set(byId.get(id)!, [...(brands.get(byId.get(id)!) ?? []), id]);
  const counts: MemberCount[] = [];
  for (const [merchantCode, brandIds] of brands) {
    for (const count of await unreadOf(tx, merchantCode, brandIds)) {
      await outbox.add(tx, 'inbox.unread_changed', count.memberId, { memberId: count.memberId, merchantCode, unread: count.unread, version: count.version });
      counts.push(count);
    }
  }
  return counts;
}

/**
 * The brand's next broadcast stamp: now, kept above the stamps of the brand's earlier broadcasts. The brand is a code,
 * or a column of the row being changed (`b.merchant_code`).
 */
export const nextBroadcastVersion = (merchantCode: string | SQL): SQL => sql`greatest(${NOW_US}, (SELECT coalesce(max(version), 0) + 1 FROM notices.broadcasts WHERE merchant_code = ${merchantCode}))`;
