import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { InboxMessage, InboxMessageKind, InboxPage, Language, UnreadCount } from '@wps/contracts';
import type { NoticesDeps } from '../module.js';
import { announceCounts, inSegment, isLive, readers, unreadOf } from './counts.js';
import { renderLetter, type LetterParams } from './letters.js';

/** The member's own inbox: the list, opening a message, marking everything read, deleting. */

type Deps = Pick<NoticesDeps, 'db' | 'outbox' | 'wakeRelay'>;
interface Member {
  memberId: string;
  merchantCode: string;
}

interface ItemRow {
  id: string;
  kind: string;
  params: LetterParams | string;
  title: string;
  content: string;
  title_en: string | null;
  content_en: string | null;
  created_at: Date | string;
  read: boolean;
}

/** Every message the member sees: undeleted letters, and live broadcasts of their segments they did not delete. */
const items = (member: Member): SQL => sql`
  SELECT 'L' || l.id AS id, l.id AS n, l.kind, l.params, l.title, l.content, l.title_en, l.content_en, l.created_at, l.read_at IS NOT NULL AS read
    FROM notices.messages l
   WHERE l.member_id = ${member.memberId} AND l.deleted_at IS NULL
  UNION ALL
  SELECT 'B' || b.id, b.id, 'broadcast', '{}'::jsonb, b.title_es, b.content_es, b.title_en, b.content_en, b.created_at, s.read_at IS NOT NULL
    FROM (${readers(member.merchantCode, [member.memberId])}) AS m
    JOIN notices.broadcasts b ON ${inSegment} AND ${isLive}
    LEFT JOIN notices.broadcast_states s ON s.broadcast_id = b.id AND s.member_id = m.member_id
   WHERE s.deleted_at IS NULL`;

/** A stored message as the reader sees it: system letters written in their language, others in theirs or in Spanish. */
function messageView(row: ItemRow, language: Language): InboxMessage {
  const params = typeof row.params === 'string' ? (JSON.parse(row.params) as LetterParams) : row.params;
  const written = renderLetter(row.kind, params, language);
  const english = language === 'EN';
  return {
    id: row.id,
    kind: row.kind as InboxMessageKind,
    title: written?.title ?? (english && row.title_en ? row.title_en : row.title),
    content: written?.content ?? (english && row.content_en ? row.content_en : row.content),
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read,
  };
}

export async function listMessages(deps: Deps, input: Member & { language: Language; pageNo: number; pageSize: number }): Promise<InboxPage> {
  const executor = deps.db.orm;
  const [counted] = await rows<{ total: number }>(executor, sql`SELECT count(*)::int AS total FROM (${items(input)}) AS items`);
  const total = counted?.total ?? 0;
  const found = await rows<ItemRow>(executor, sql`SELECT * FROM (${items(input)}) AS items ORDER BY created_at DESC, n DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`);
  return {
    list: found.map((row) => messageView(row, input.language)),
    pageNo: input.pageNo,
    pageSize: input.pageSize,
    totalPages: Math.ceil(total / input.pageSize),
    total,
  };
}

/** `L<n>` or `B<n>`, as the contract's pattern checked. */
const parseId = (id: string) => ({ letter: id.startsWith('L'), n: id.slice(1) });

/** One of the member's messages, locked for the change about to be made; NOT_FOUND when it is not theirs to see. */
async function ownMessage(tx: Executor, member: Member, id: string): Promise<ItemRow & { unread: boolean }> {
  const { letter, n } = parseId(id);
  const [found] = letter
    ? await rows<ItemRow & { unread: boolean }>(
        tx,
        sql`SELECT 'L' || l.id AS id, l.kind, l.params, l.title, l.content, l.title_en, l.content_en, l.created_at, true AS read, l.read_at IS NULL AS unread
              FROM notices.messages l
             WHERE l.id = ${n} AND l.member_id = ${member.memberId} AND l.deleted_at IS NULL FOR UPDATE`,
      )
    : await rows<ItemRow & { unread: boolean }>(
        tx,
        sql`SELECT 'B' || b.id AS id, 'broadcast' AS kind, '{}'::jsonb AS params, b.title_es AS title, b.content_es AS content, b.title_en, b.content_en,
                   b.created_at, true AS read, s.read_at IS NULL AS unread
              FROM (${readers(member.merchantCode, [member.memberId])}) AS m
              JOIN notices.broadcasts b ON b.id = ${n} AND ${inSegment} AND ${isLive}
              LEFT JOIN notices.broadcast_states s ON s.broadcast_id = b.id AND s.member_id = m.member_id
             WHERE s.deleted_at IS NULL`,
      );
  if (!found) throw new AppError('NOT_FOUND', { field: 'id' });
  return found;
}

/** The member's count after a change: announced (and pushed) when something changed, else just read. */
async function countAfter(deps: Deps, tx: Executor, member: Member, changed: boolean): Promise<UnreadCount> {
  const [count] = changed ? await announceCounts(tx, deps.outbox, [member]) : await unreadOf(tx, member.merchantCode, [member.memberId]);
  return { unread: count!.unread, version: count!.version };
}

export async function readMessage(deps: Deps, input: Member & { language: Language; id: string }): Promise<{ message: InboxMessage; unread: UnreadCount }> {
  const answer = await deps.db.transaction(async (tx) => {
    const message = await ownMessage(tx, input, input.id);
    const { letter, n } = parseId(input.id);
    if (message.unread) {
      if (letter) await tx.execute(sql`UPDATE notices.messages SET read_at = now() WHERE id = ${n}`);
      else
        await tx.execute(
          sql`INSERT INTO notices.broadcast_states (member_id, broadcast_id, read_at) VALUES (${input.memberId}, ${n}, now())
              ON CONFLICT (member_id, broadcast_id) DO UPDATE SET read_at = coalesce(notices.broadcast_states.read_at, EXCLUDED.read_at)`,
        );
    }
    return { message: messageView(message, input.language), unread: await countAfter(deps, tx, input, message.unread), changed: message.unread };
  });
  if (answer.changed) deps.wakeRelay();
  return { message: answer.message, unread: answer.unread };
}

export async function readAllMessages(deps: Deps, input: Member): Promise<{ marked: number; unread: UnreadCount }> {
  const answer = await deps.db.transaction(async (tx) => {
    const letters = await rows<{ id: string }>(
      tx,
      sql`UPDATE notices.messages SET read_at = now() WHERE member_id = ${input.memberId} AND read_at IS NULL AND deleted_at IS NULL RETURNING id::text AS id`,
    );
    const broadcasts = await rows<{ broadcast_id: string }>(
      tx,
      sql`INSERT INTO notices.broadcast_states (member_id, broadcast_id, read_at)
          SELECT m.member_id, b.id, now()
            FROM (${readers(input.merchantCode, [input.memberId])}) AS m
            JOIN notices.broadcasts b ON ${inSegment} AND ${isLive}
           WHERE NOT EXISTS (SELECT 1 FROM notices.broadcast_states s WHERE s.broadcast_id = b.id AND s.member_id = m.member_id)
          ON CONFLICT (member_id, broadcast_id) DO NOTHING
          RETURNING broadcast_id::text AS broadcast_id`,
    );
    const marked = letters.length + broadcasts.length;
    return { marked, unread: await countAfter(deps, tx, input, marked > 0) };
  });
  if (answer.marked > 0) deps.wakeRelay();
  return answer;
}

export async function deleteMessage(deps: Deps, input: Member & { id: string }): Promise<{ id: string; deleted: true; unread: UnreadCount }> {
  const answer = await deps.db.transaction(async (tx) => {
    const message = await ownMessage(tx, input, input.id);
    const { letter, n } = parseId(input.id);
    if (letter) await tx.execute(sql`UPDATE notices.messages SET deleted_at = now() WHERE id = ${n}`);
    else
      await tx.execute(
        sql`INSERT INTO notices.broadcast_states (member_id, broadcast_id, deleted_at) VALUES (${input.memberId}, ${n}, now())
            ON CONFLICT (member_id, broadcast_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      );
    return { unread: await countAfter(deps, tx, input, message.unread), changed: message.unread };
  });
  if (answer.changed) deps.wakeRelay();
  return { id: input.id, deleted: true, unread: answer.unread };
}

export async function unreadCount(deps: Pick<NoticesDeps, 'db'>, input: Member): Promise<UnreadCount> {
  const [count] = await unreadOf(deps.db.orm, input.merchantCode, [input.memberId]);
  return { unread: count!.unread, version: count!.version };
}
