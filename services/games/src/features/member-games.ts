import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { Game } from '@wps/contracts';
import { totalPages } from '../domain/lobby.js';
import type { Catalogue } from './catalogue.js';

/** How many launches a member's recent list remembers. */
const RECENTS_KEPT = 50;

interface MemberFilter {
  memberId: string;
  merchantCode: string;
  language: string;
  gameType?: string | undefined;
  vassalage?: string | undefined;
}

/** Favourites and recents: every query is keyed by the caller's own member id, so nobody reads or changes another's. */
export class MemberGames {
  constructor(private readonly deps: { db: { orm: Executor }; catalogue: Catalogue }) {}

  async favouriteGames(input: MemberFilter & { pageNo: number; pageSize: number }): Promise<{ content: Game[]; totalPages: number; pageNum: number }> {
    const ids = sql`SELECT node_id, row_number() OVER (ORDER BY created_at DESC, node_id DESC) AS position FROM games.favourites WHERE member_id = ${input.memberId}`;
    const page = await this.deps.catalogue.gamesWhere(input, ids, input.pageNo, input.pageSize);
    return { content: page.games, totalPages: totalPages(page.total, input.pageSize), pageNum: input.pageNo };
  }

  async favouriteIds(input: { memberId: string }): Promise<string[]> {
    const found = await rows<{ node_id: string }>(
      this.deps.db.orm,
      sql`SELECT node_id::text AS node_id FROM games.favourites WHERE member_id = ${input.memberId} ORDER BY created_at DESC, node_id DESC`,
    );
    return found.map((row) => row.node_id);
  }

  /** Adding twice or removing a game that is not a favourite changes nothing and succeeds. */
  async setFavourite(input: { memberId: string; merchantCode: string; nodeId: string; favorite: boolean }): Promise<{ nodeId: string; favorite: boolean }> {
    const [game] = await rows<{ node_id: string }>(this.deps.db.orm, sql`SELECT node_id::text AS node_id FROM games.games WHERE node_id = ${input.nodeId}`);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    if (input.favorite) {
      await this.deps.db.orm.execute(sql`INSERT INTO games.favourites (member_id, node_id, merchant_code) VALUES (${input.memberId}, ${input.nodeId}, ${input.merchantCode}) ON CONFLICT DO NOTHING`);
    } else {
      await this.deps.db.orm.execute(sql`DELETE FROM games.favourites WHERE member_id = ${input.memberId} AND node_id = ${input.nodeId}`);
    }
    return { nodeId: input.nodeId, favorite: input.favorite };
  }

  async recentGames(input: MemberFilter & { page: number; pageSize: number }): Promise<{ list: Game[]; totalPages: number }> {
    const ids = sql`SELECT node_id, row_number() OVER (ORDER BY launched_at DESC, node_id DESC) AS position FROM games.recents WHERE member_id = ${input.memberId}`;
    const page = await this.deps.catalogue.gamesWhere(input, ids, input.page, input.pageSize);
    return { list: page.games, totalPages: totalPages(page.total, input.pageSize) };
  }

  /** A launch moves the game to the top of the member's recents and counts towards the rank list. */
  async recordLaunch(tx: Executor, input: { memberId: string; merchantCode: string; nodeId: string }): Promise<void> {
    await tx.execute(
      sql`INSERT INTO games.recents (member_id, node_id, merchant_code, launched_at) VALUES (${input.memberId}, ${input.nodeId}, ${input.merchantCode}, clock_timestamp())
          ON CONFLICT (member_id, node_id) DO UPDATE SET launched_at = EXCLUDED.launched_at`,
    );
    await tx.execute(
      sql`DELETE FROM games.recents WHERE member_id = ${input.memberId} AND node_id IN (
            SELECT node_id FROM games.recents WHERE member_id = ${input.memberId} ORDER BY launched_at DESC OFFSET ${RECENTS_KEPT})`,
    );
    await tx.execute(sql`UPDATE games.games SET launches = launches + 1 WHERE node_id = ${input.nodeId}`);
  }
}
