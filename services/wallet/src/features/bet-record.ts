import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rows, type Database } from '@wps/platform';
import { formatMinor, type betRecordFilteredPageSchema, type betRecordStatusSchema } from '@wps/contracts';
import { validBetMinor } from '../domain/rounds.js';
import { timeRange } from './payments/time-range.js';

export interface BetRecordQuery {
  merchantCode: string;
  memberId: string;
  currency: string;
  pageNo: number;
  pageSize: number;
  gameType?: string;
  status?: z.infer<typeof betRecordStatusSchema>;
  from?: string;
  to?: string;
}

interface RoundRow {
  vendor: string;
  round_id: string;
  game_type: string;
  game_code: string | null;
  currency: string;
  state: 'open' | 'settled' | 'cancelled';
  bet_total_minor: string;
  win_total_minor: string;
  adjust_total_minor: string;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/**
 * The betting record (personalHistoryCopy): a member's own rounds with filters, and totals over everything the
 * filters match. A read model over the rounds the vendor API keeps; it never changes them.
 */
export class BetRecord {
  constructor(private readonly deps: { db: Database }) {}

  async list(query: BetRecordQuery): Promise<z.input<typeof betRecordFilteredPageSchema>> {
    const conditions: SQL[] = [sql`member_id = ${query.memberId}`, sql`merchant_code = ${query.merchantCode}`, sql`currency = ${query.currency}`];
    if (query.gameType) conditions.push(sql`game_type = ${query.gameType}`);
    if (query.status) conditions.push(sql`state = ${query.status}`);
    const { fromIso, toIsoExclusive } = timeRange(query.from, query.to);
    if (fromIso) conditions.push(sql`created_at >= ${fromIso}::timestamptz`);
    if (toIsoExclusive) conditions.push(sql`created_at < ${toIsoExclusive}::timestamptz`);
    const where = sql.join(conditions, sql` AND `);
    const offset = (query.pageNo - 1) * query.pageSize;
    const found = await rows<RoundRow>(
      this.deps.db.orm,
      sql`SELECT vendor, round_id, game_type, game_code, currency, state, bet_total_minor, win_total_minor, adjust_total_minor, created_at, settled_at
          FROM wallet.rounds WHERE ${where} ORDER BY created_at DESC, round_id LIMIT ${query.pageSize} OFFSET ${offset}`,
    );
    // The valid-bet sum follows validBetMinor. A cancelled round gave its stake back, so it adds nothing; net is what the member won or lost, adjustments included.
    const [sums] = await rows<{ n: number; bet: string; valid: string; win: string; net: string }>(
      this.deps.db.orm,
      sql`SELECT count(*)::int AS n,
                 coalesce(sum(bet_total_minor) FILTER (WHERE state <> 'cancelled'), 0)::text AS bet,
                 coalesce(sum(bet_total_minor) FILTER (WHERE state = 'settled'), 0)::text AS valid,
                 coalesce(sum(win_total_minor) FILTER (WHERE state <> 'cancelled'), 0)::text AS win,
                 coalesce(sum(win_total_minor + adjust_total_minor - bet_total_minor) FILTER (WHERE state <> 'cancelled'), 0)::text AS net
          FROM wallet.rounds WHERE ${where}`,
    );
    const total = sums?.n ?? 0;
    const money = (minor: string | undefined) => formatMinor(BigInt(minor ?? 0), query.currency);
    return {
      content: found.map((round) => ({
        roundId: round.round_id,
        vendor: round.vendor,
        gameType: round.game_type,
        gameCode: round.game_code,
        betAmount: formatMinor(BigInt(round.bet_total_minor), round.currency),
        validBet: formatMinor(
          validBetMinor({ state: round.state, betTotalMinor: BigInt(round.bet_total_minor), winTotalMinor: BigInt(round.win_total_minor), adjustTotalMinor: BigInt(round.adjust_total_minor) }),
          round.currency,
        ),
        winAmount: formatMinor(BigInt(round.win_total_minor), round.currency),
        currency: round.currency,
        status: round.state,
        createdAt: iso(round.created_at),
        settledAt: round.settled_at === null ? null : iso(round.settled_at),
      })),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      total,
      totals: { betAmount: money(sums?.bet), validBet: money(sums?.valid), winAmount: money(sums?.win), net: money(sums?.net), currency: query.currency },
    };
  }
}
