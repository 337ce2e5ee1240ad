import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { Broadcast, BroadcastSegment } from '@wps/contracts';
import type { NoticesDeps } from '../module.js';
import { announceCounts, idArray, nextBroadcastVersion } from './counts.js';

/**
 * What operators send: broadcasts to a segment of a brand, stored once (members' reads and deletions are stored per
 * member only when they happen), and letters to one member.
 */

type Deps = Pick<NoticesDeps, 'db' | 'outbox' | 'wakeRelay'>;

interface BroadcastRow {
  id: string;
  merchant_code: string;
  segment: BroadcastSegment['type'];
  vip_levels: number[] | null;
  member_ids: string[] | null;
  title_es: string;
  title_en: string | null;
  content_es: string;
  content_en: string | null;
  created_by: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  withdrawn_at: Date | string | null;
  reads: number;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function segmentOf(row: BroadcastRow): BroadcastSegment {
  switch (row.segment) {
    case 'vip':
      return { type: 'vip', levels: row.vip_levels ?? [] };
    case 'members':
      return { type: 'members', memberIds: (row.member_ids ?? []).map(String) };
    default:
      return { type: row.segment };
  }
}

function broadcastView(row: BroadcastRow): Broadcast {
  return {
    id: String(row.id),
    merchantCode: row.merchant_code,
    segment: segmentOf(row),
    title: { ES: row.title_es, EN: row.title_en },
    content: { ES: row.content_es, EN: row.content_en },
    createdBy: row.created_by,
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at),
    withdrawnAt: iso(row.withdrawn_at),
    reads: row.reads,
  };
}

const BROADCAST_COLUMNS = sql`b.id::text AS id, b.merchant_code, b.segment, b.vip_levels, b.member_ids::text[] AS member_ids, b.title_es, b.title_en, b.content_es,
  b.content_en, b.created_by, b.created_at, b.expires_at, b.withdrawn_at,
  (SELECT count(*)::int FROM notices.broadcast_states s WHERE s.broadcast_id = b.id AND s.read_at IS NOT NULL) AS reads`;

async function broadcastById(executor: Executor, merchantCode: string, id: string): Promise<BroadcastRow | undefined> {
  const [row] = await rows<BroadcastRow>(executor, sql`SELECT ${BROADCAST_COLUMNS} FROM notices.broadcasts b WHERE b.id = ${id} AND b.merchant_code = ${merchantCode}`);
  return row;
}

export interface BroadcastInput {
  merchantCode: string;
  segment: BroadcastSegment;
  title: { ES: string; EN?: string | undefined };
  content: { ES: string; EN?: string | undefined };
  expiresAt?: string | undefined;
  operator: string;
}

/** Stores the broadcast (one row, whatever the segment's size) and announces it; `origin` keeps a seeded one single. */
export async function insertBroadcast(tx: Executor, deps: Pick<Deps, 'outbox'>, input: BroadcastInput, origin?: string): Promise<BroadcastRow | undefined> {
  const { segment } = input;
  const vipLevels = segment.type === 'vip' ? `{${[...new Set(segment.levels)].join(',')}}` : null;
  const memberIds = segment.type === 'members' ? [...new Set(segment.memberIds)] : null;
  const [created] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO notices.broadcasts (merchant_code, segment, vip_levels, member_ids, title_es, title_en, content_es, content_en, created_by, expires_at, version, origin)
        VALUES (${input.merchantCode}, ${segment.type}, ${vipLevels}::int[], ${memberIds ? idArray(memberIds) : null}, ${input.title.ES}, ${input.title.EN ?? null},
                ${input.content.ES}, ${input.content.EN ?? null}, ${input.operator}, ${input.expiresAt ?? null}::timestamptz,
                ${nextBroadcastVersion(input.merchantCode)}, ${origin ?? null})
        ON CONFLICT (origin) DO NOTHING
        RETURNING id::text AS id, created_at`,
  );
  if (!created) return undefined;
  const row = (await broadcastById(tx, input.merchantCode, created.id))!;
  await deps.outbox.add(tx, 'inbox.broadcast', input.merchantCode, { broadcastId: created.id, merchantCode: input.merchantCode, change: 'sent', at: iso(row.created_at)! });
  return row;
}

export async function sendBroadcast(deps: Deps, input: BroadcastInput): Promise<Broadcast> {
  if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now()) throw new AppError('BROADCAST_EXPIRY_INVALID', { field: 'expiresAt' });
  const row = await deps.db.transaction(async (tx) => {
    const [brand] = await rows<{ known: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM notices.inbox_members WHERE merchant_code = ${input.merchantCode}) AS known`);
    if (!brand?.known) throw new AppError('MERCHANT_NOT_FOUND', { field: 'merchantCode' });
    if (input.segment.type === 'members') {
      const ids = [...new Set(input.segment.memberIds)];
      const unknown = await rows<{ member_id: string }>(
        tx,
        sql`SELECT x.member_id::text AS member_id FROM unnest(${idArray(ids)}) AS x(member_id)
             WHERE NOT EXISTS (SELECT 1 FROM notices.inbox_members p WHERE p.member_id = x.member_id AND p.merchant_code = ${input.merchantCode})
             LIMIT 20`,
      );
      if (unknown.length > 0) throw new AppError('INBOX_MEMBER_NOT_FOUND', { field: 'segment.memberIds', value: { memberIds: unknown.map((entry) => entry.member_id) } });
    }
    return (await insertBroadcast(tx, deps, input))!;
  });
  deps.wakeRelay();
  return broadcastView(row);
}

export async function listBroadcasts(
  deps: Pick<NoticesDeps, 'db'>,
  input: { merchantCode: string; pageNo: number; pageSize: number },
): Promise<{ list: Broadcast[]; pageNo: number; pageSize: number; totalPages: number; total: number }> {
  const [counted] = await rows<{ total: number }>(deps.db.orm, sql`SELECT count(*)::int AS total FROM notices.broadcasts WHERE merchant_code = ${input.merchantCode}`);
  const total = counted?.total ?? 0;
  const found = await rows<BroadcastRow>(
    deps.db.orm,
    sql`SELECT ${BROADCAST_COLUMNS} FROM notices.broadcasts b WHERE b.merchant_code = ${input.merchantCode}
         ORDER BY b.created_at DESC, b.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
  );
  return { list: found.map(broadcastView), pageNo: input.pageNo, pageSize: input.pageSize, totalPages: Math.ceil(total / input.pageSize), total };
}

/** Members stop seeing it and their counts drop; a second withdrawal changes nothing. */
export async function withdrawBroadcast(deps: Deps, input: { merchantCode: string; broadcastId: string; operator: string }): Promise<Broadcast> {
  const { row, withdrawn } = await deps.db.transaction(async (tx) => {
    const [changed] = await rows<{ withdrawn_at: Date | string }>(
      tx,
      sql`UPDATE notices.broadcasts SET withdrawn_at = now(), withdrawn_by = ${input.operator}, version = ${nextBroadcastVersion(input.merchantCode)}
           WHERE id = ${input.broadcastId} AND merchant_code = ${input.merchantCode} AND withdrawn_at IS NULL
       RETURNING withdrawn_at`,
    );
    if (changed) {
      await deps.outbox.add(tx, 'inbox.broadcast', input.merchantCode, {
        broadcastId: input.broadcastId,
        merchantCode: input.merchantCode,
        change: 'withdrawn',
        at: iso(changed.withdrawn_at)!,
      });
    }
    const found = await broadcastById(tx, input.merchantCode, input.broadcastId);
    if (!found) throw new AppError('BROADCAST_NOT_FOUND', { field: 'broadcastId' });
    return { row: found, withdrawn: changed !== undefined };
  });
  if (withdrawn) deps.wakeRelay();
  return broadcastView(row);
}

/** A letter an operator writes to one member of any brand; the member's brand comes from their registration. */
export async function sendLetter(
  deps: Deps,
  input: { memberId: string; title: { ES: string; EN?: string | undefined }; content: { ES: string; EN?: string | undefined }; operator: string },
): Promise<{ id: string; memberId: string; merchantCode: string; createdAt: string }> {
  const answer = await deps.db.transaction(async (tx) => {
    const [member] = await rows<{ merchant_code: string }>(tx, sql`SELECT merchant_code FROM notices.inbox_members WHERE member_id = ${input.memberId} AND registered_at IS NOT NULL`);
    if (!member) throw new AppError('INBOX_MEMBER_NOT_FOUND', { field: 'memberId' });
    const [letter] = await rows<{ id: string; created_at: Date | string }>(
      tx,
      sql`INSERT INTO notices.messages (member_id, merchant_code, kind, title, content, title_en, content_en, sent_by)
          VALUES (${input.memberId}, ${member.merchant_code}, 'letter', ${input.title.ES}, ${input.content.ES}, ${input.title.EN ?? null}, ${input.content.EN ?? null},
                  ${input.operator})
          RETURNING id::text AS id, created_at`,
    );
    await announceCounts(tx, deps.outbox, [{ memberId: input.memberId, merchantCode: member.merchant_code }]);
    return { id: `L${letter!.id}`, memberId: input.memberId, merchantCode: member.merchant_code, createdAt: iso(letter!.created_at)! };
  });
  deps.wakeRelay();
  return answer;
}
