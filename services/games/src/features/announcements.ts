import { sql } from 'drizzle-orm';
import { AppError, rows, type Database } from '@wps/platform';
import { GAME_ANNOUNCEMENTS_PER_BRAND_MAX, type GameAnnouncementBody, type OperatorGameAnnouncement } from '@wps/contracts';

interface AnnouncementRow {
  id: string;
  merchant_code: string | null;
  titles: Record<string, string> | string;
  contents: Record<string, string> | string;
  published_at: Date | string;
  created_by: string | null;
}

/** PGlite hands jsonb back parsed, node-postgres too; a text literal is parsed here for either driver's older modes. */
const jsonOf = (value: Record<string, string> | string): Record<string, string> => (typeof value === 'string' ? (JSON.parse(value) as Record<string, string>) : value);

const toOperatorView = (row: AnnouncementRow): OperatorGameAnnouncement => ({
  id: String(row.id),
  merchantCode: row.merchant_code,
  titles: jsonOf(row.titles),
  contents: jsonOf(row.contents),
  publishedAt: new Date(row.published_at).toISOString(),
  createdBy: row.created_by,
});

const operatorColumns = sql`id::text AS id, merchant_code, titles, contents, published_at, created_by`;
/** Newest first: the public list and the operator's list show the same order. */
const newestFirst = sql`published_at DESC, id DESC`;

/** Game announcements (spec §7 "game announcements"): the lobby's list per brand and language, and the operator's calls. */
export class GameAnnouncements {
  constructor(private readonly db: Pick<Database, 'orm' | 'transaction'>) {}

  /** What the lobby shows: the brand's own and every brand's announcements, in the asked language or else EN. */
  async forLobby(input: { merchantCode: string; language: string }) {
    const found = await rows<{ id: string; title: string; content: string; published_at: Date | string }>(
      this.db.orm,
      sql`SELECT id::text AS id, coalesce(titles->>${input.language}, titles->>'EN') AS title, coalesce(contents->>${input.language}, contents->>'EN') AS content, published_at
          FROM games.announcements WHERE merchant_code IS NULL OR merchant_code = ${input.merchantCode} ORDER BY ${newestFirst} LIMIT ${GAME_ANNOUNCEMENTS_PER_BRAND_MAX}`,
    );
    return { list: found.map((row) => ({ id: String(row.id), title: row.title, content: row.content, at: new Date(row.published_at).toISOString() })) };
  }

  async list(input: { merchantCode: string }): Promise<{ list: OperatorGameAnnouncement[] }> {
    const found = await rows<AnnouncementRow>(
      this.db.orm,
      sql`SELECT ${operatorColumns} FROM games.announcements WHERE merchant_code IS NULL OR merchant_code = ${input.merchantCode} ORDER BY ${newestFirst}`,
    );
    return { list: found.map(toOperatorView) };
  }

  async create(input: GameAnnouncementBody & { merchantCode: string; operator: string }): Promise<OperatorGameAnnouncement> {
    return this.db.transaction(async (tx) => {
      // Serialises creations per brand so two at once cannot both pass the count below.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`games.announcements:${input.merchantCode}`}))`);
      const [held] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM games.announcements WHERE merchant_code = ${input.merchantCode}`);
      if ((held?.n ?? 0) >= GAME_ANNOUNCEMENTS_PER_BRAND_MAX) throw new AppError('GAME_ANNOUNCEMENTS_FULL', { params: { max: GAME_ANNOUNCEMENTS_PER_BRAND_MAX } });
      const [created] = await rows<AnnouncementRow>(
        tx,
        sql`INSERT INTO games.announcements (merchant_code, titles, contents, created_by)
            VALUES (${input.merchantCode}, ${JSON.stringify(input.titles)}::jsonb, ${JSON.stringify(input.contents)}::jsonb, ${input.operator})
            RETURNING ${operatorColumns}`,
      );
      return toOperatorView(created!);
    });
  }

  async remove(input: { merchantCode: string; id: string }): Promise<{ id: string; deleted: true }> {
    const removed = await rows<{ id: string }>(this.db.orm, sql`DELETE FROM games.announcements WHERE id = ${input.id}::bigint AND merchant_code = ${input.merchantCode} RETURNING id::text AS id`);
    if (removed.length === 0) throw new AppError('GAME_ANNOUNCEMENT_NOT_FOUND');
    return { id: input.id, deleted: true };
  }
}
