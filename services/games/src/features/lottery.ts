import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, rows, vendorCallRefusal, type Database } from '@wps/platform';
import { lotteryDrawBodySchema, vendorSessionBodySchema, type LotteryDraw, type SignedVendorCallInput, type VendorSession } from '@wps/contracts';
import type { GameLaunch } from './launch.js';

export interface LotteryDeps {
  db: Database;
  launcher: Pick<GameLaunch, 'redeemLaunchToken'>;
  /** The vendors' secrets: the same list the wallet verifies their calls with. */
  vendorSecrets: ReadonlyMap<string, string>;
  skewSeconds: number;
  now?: () => number;
}

interface DrawRow {
  vassalage: string;
  game_code: string;
  draw_no: string;
  numbers: string[] | string;
  drawn_at: Date | string;
}

const toDraw = (row: DrawRow): LotteryDraw => ({
  vendor: row.vassalage,
  gameCode: row.game_code,
  drawNo: row.draw_no,
  // node-postgres parses jsonb, PGlite may hand back the text.
  numbers: typeof row.numbers === 'string' ? (JSON.parse(row.numbers) as string[]) : row.numbers,
  drawnAt: new Date(row.drawn_at).toISOString(),
});

const sameNumbers = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The lottery vendors' signed calls (the launch-token exchange and the draw feed) and the opened-numbers reads.
 * Signed calls are checked exactly like the wallet's (same scheme, secrets and clock window) before the body is read.
 */
export class Lottery {
  private readonly now: () => number;
  constructor(private readonly deps: LotteryDeps) {
    this.now = deps.now ?? Date.now;
  }

  private verified<S extends z.ZodType>(call: SignedVendorCallInput, schema: S): z.output<S> {
    const refusal = vendorCallRefusal(this.deps.vendorSecrets.get(call.vendor), call, this.now(), this.deps.skewSeconds);
    if (refusal) throw new AppError(refusal);
    let json: unknown;
    try {
      json = JSON.parse(call.body);
    } catch {
      throw new AppError('VALIDATION_FAILED', { field: 'body' });
    }
    return schema.parse(json);
  }

  /** `POST /api/vendor/v1/session`: the player behind a launch token, once, for the vendor whose game it opened. */
  async vendorSession(call: SignedVendorCallInput): Promise<VendorSession> {
    const body = this.verified(call, vendorSessionBodySchema);
    const redeemed = await this.deps.launcher.redeemLaunchToken(body.token, call.vendor);
    if (!redeemed) throw new AppError('LAUNCH_TOKEN_INVALID');
    return {
      account: redeemed.account,
      player: redeemed.memberId,
      currency: redeemed.currency,
      language: redeemed.language,
      gameCode: redeemed.gameCode,
      vendor: redeemed.vendor,
      nodeId: redeemed.nodeId,
    };
  }

  /**
   * `POST /api/vendor/v1/lottery-draws`: stores a draw of one of the vendor's lottery games. The same draw reported
   * again answers as stored before (`stored: false`); another result under the same draw number is refused, because
   * a published result must never change.
   */
  async reportDraw(call: SignedVendorCallInput): Promise<LotteryDraw & { stored: boolean }> {
    const body = this.verified(call, lotteryDrawBodySchema);
    const drawnAt = new Date(body.drawnAt);
    const inserted = await rows<DrawRow>(
      this.deps.db.orm,
      sql`INSERT INTO games.lottery_draws (vassalage, game_code, draw_no, numbers, drawn_at)
          SELECT g.vassalage, g.game_code, ${body.drawNo}, ${JSON.stringify(body.numbers)}::jsonb, ${drawnAt.toISOString()}::timestamptz
          FROM games.games g WHERE g.vassalage = ${call.vendor} AND g.game_code = ${body.gameCode} AND g.game_type IN ('LOTT', 'ELOTT')
          ON CONFLICT (vassalage, game_code, draw_no) DO NOTHING
          RETURNING vassalage, game_code, draw_no, numbers, drawn_at`,
    );
    if (inserted[0]) return { ...toDraw(inserted[0]), stored: true };
    const [existing] = await rows<DrawRow>(
      this.deps.db.orm,
      sql`SELECT vassalage, game_code, draw_no, numbers, drawn_at FROM games.lottery_draws
          WHERE vassalage = ${call.vendor} AND game_code = ${body.gameCode} AND draw_no = ${body.drawNo}`,
    );
    // Nothing stored and nothing there: the game is not one of this vendor's lottery games.
    if (!existing) throw new AppError('GAME_NOT_FOUND', { field: 'gameCode' });
    const draw = toDraw(existing);
    if (!sameNumbers(draw.numbers, body.numbers) || new Date(draw.drawnAt).getTime() !== drawnAt.getTime()) {
      throw new AppError('LOTTERY_DRAW_CONFLICT', { field: 'drawNo', value: { drawNo: draw.drawNo } });
    }
    return { ...draw, stored: false };
  }

  /** A game's draws, newest first; `vassalage` keeps only that vendor's (the VN call). */
  async openedNumbers(input: { gameCode: string; vassalage?: string | undefined; pageNo: number; pageSize: number }) {
    const vendorFilter = input.vassalage ? sql` AND vassalage = ${input.vassalage}` : sql``;
    const found = await rows<DrawRow & { total: number }>(
      this.deps.db.orm,
      sql`SELECT vassalage, game_code, draw_no, numbers, drawn_at, count(*) OVER ()::int AS total FROM games.lottery_draws
          WHERE game_code = ${input.gameCode}${vendorFilter}
          ORDER BY drawn_at DESC, draw_no DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
    );
    let total = found[0]?.total;
    if (total === undefined) {
      const [counted] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM games.lottery_draws WHERE game_code = ${input.gameCode}${vendorFilter}`);
      total = counted?.n ?? 0;
    }
    return { list: found.map(toDraw), pageNo: input.pageNo, pageSize: input.pageSize, totalPages: Math.ceil(total / input.pageSize), total };
  }
}
