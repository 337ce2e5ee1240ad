import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { BetSettled, PushData, RaffleState, RaffleVerification, RaffleWinner } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { sendPush } from '../pushes.js';
import { maskAccount } from '../missions/periods.js';
import { bonusTermsOf, recordPayouts, type PromotionPayout, type PromotionPayouts } from '../referral/payouts.js';
import { enabledRafflePromotions, rafflePromotion, type Promotion, type RaffleTerms } from '../referral/promotions.js';
import { drawWinners, seedHash, ticketsFor } from './draw.js';

type RafflePromotion = Promotion<RaffleTerms>;

interface RaffleRow {
  promotion_id: string;
  merchant_code: string;
  seed: string;
  hash: string;
  status: 'open' | 'drawn';
  draw_at: string | null;
  winners: unknown;
  total_tickets: string | null;
}
const RAFFLE_COLUMNS = sql.raw(`r.promotion_id, r.merchant_code, r.seed, r.hash, r.status, r.draw_at, r.winners, r.total_tickets::text AS total_tickets`);

/** A winner as stored: the public part and whose prize it is. */
interface StoredWinner extends RaffleWinner {
  memberId: string;
}

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const publicWinner = ({ rank, name, position, amountMinor }: StoredWinner): RaffleWinner => ({ rank, name, position, amountMinor });

/** Where the raffle stands: not started yet, open for entries and tickets, or drawn. */
function statusOf(promotion: RafflePromotion, raffle: RaffleRow | undefined): RaffleState['status'] {
  if (raffle?.status === 'drawn') return 'drawn';
  if (promotion.startsAt && promotion.startsAt.getTime() > Date.now()) return 'upcoming';
  return 'open';
}

/** Joining is possible from the start until the draw (and the promotion's end, when it ends sooner). */
const joinable = (promotion: RafflePromotion, now = Date.now()): boolean =>
  promotion.enabled && (!promotion.startsAt || promotion.startsAt.getTime() <= now) && promotion.terms.drawAt.getTime() > now && (!promotion.endsAt || promotion.endsAt.getTime() > now);

/**
 * Raffles: each raffle promotion gets a secret seed whose SHA-256 is published (pushed to the brand) before the draw.
 * Members' valid bet since the raffle started is counted from settled bets; members join; at the draw time the timer
 * draws winners from the seed over the joined members' tickets, records the prizes (paid after the commit), reveals
 * the seed and pushes the winners to the brand.
 */
export class Raffles {
  constructor(
    private readonly deps: PointsDeps,
    private readonly payouts: PromotionPayouts,
  ) {}

  // ---- the draw's commitment ----

  /** The raffle's row, made (with a fresh seed and its hash pushed to the brand) when the promotion has none yet. */
  private async ensure(tx: Executor, promotion: RafflePromotion): Promise<RaffleRow> {
    const seed = randomBytes(32).toString('hex');
    const [created] = await rows<RaffleRow>(
      tx,
      sql`INSERT INTO points.raffles AS r (promotion_id, merchant_code, seed, hash) VALUES (${promotion.id}, ${promotion.merchantCode}, ${seed}, ${seedHash(seed)})
          ON CONFLICT (promotion_id) DO NOTHING RETURNING ${RAFFLE_COLUMNS}`,
    );
    if (created) {
      await this.announce(tx, promotion, created, []);
      return created;
    }
    const [existing] = await rows<RaffleRow>(tx, sql`SELECT ${RAFFLE_COLUMNS} FROM points.raffles r WHERE r.promotion_id = ${promotion.id}`);
    return existing!;
  }

  private async lock(tx: Executor, promotion: RafflePromotion): Promise<RaffleRow> {
    await this.ensure(tx, promotion);
    const [locked] = await rows<RaffleRow>(tx, sql`SELECT ${RAFFLE_COLUMNS} FROM points.raffles r WHERE r.promotion_id = ${promotion.id} FOR UPDATE`);
    return locked!;
  }

  private async announce(tx: Executor, promotion: RafflePromotion, raffle: RaffleRow, winners: readonly RaffleWinner[]): Promise<void> {
    const [version] = await rows<{ v: string }>(tx, sql`SELECT nextval('points.raffle_push_versions')::text AS v`);
    const drawn = raffle.status === 'drawn';
    const data: PushData<'raffle'> = {
      promotionId: promotion.id,
      state: drawn ? 'drawn' : 'open',
      drawAt: new Date(raffle.draw_at ?? promotion.terms.drawAt).toISOString(),
      hash: raffle.hash,
      seed: drawn ? raffle.seed : null,
      winners: [...winners],
    };
    await sendPush(this.deps.outbox, tx, { merchantCode: promotion.merchantCode, memberId: null }, { v: Number(version!.v), type: 'raffle', data });
  }

  // ---- the timer ----

  /**
   * Publishes the hash of every enabled raffle that has none yet, and draws the open ones whose draw time has come.
   * Several instances may run it: a raffle is drawn under its row lock, once.
   */
  async tick(): Promise<void> {
    const promotions = await enabledRafflePromotions(this.deps.db.orm);
    if (promotions.length === 0) return;
    const known = new Map(
      (
        await rows<{ promotion_id: string; status: string }>(
          this.deps.db.orm,
          sql`SELECT promotion_id, status FROM points.raffles WHERE promotion_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(promotions.map((promotion) => promotion.id))}::jsonb))`,
        )
      ).map((row) => [row.promotion_id, row.status]),
    );
    let changed = false;
    for (const promotion of promotions) {
      const status = known.get(promotion.id);
      if (status === 'drawn') continue;
      const due = promotion.terms.drawAt.getTime() <= Date.now();
      if (status !== undefined && !due) continue;
      await this.deps.db.transaction(async (tx) => {
        const raffle = await this.lock(tx, promotion);
        if (due && raffle.status === 'open') await this.draw(tx, promotion, raffle, 'system:raffle');
      });
      changed = true;
    }
    if (changed) {
      this.deps.wakeRelay();
      this.payouts.poke();
    }
  }

  /**
   * Draws the raffle: the joined members' tickets (fixed now), winners from the seed without replacement, the prizes
   * recorded for payment, the seed revealed and the winners pushed to the brand.
   */
  private async draw(tx: Executor, promotion: RafflePromotion, raffle: RaffleRow, actor: string): Promise<void> {
    const { ticketPerMinor, prizes } = promotion.terms;
    const entries = await rows<{ member_id: string; position: number; valid_bet: string; currency: string; account: string | null }>(
      tx,
      sql`SELECT e.member_id::text AS member_id, e.position, e.valid_bet_minor::text AS valid_bet, e.currency, m.account
          FROM points.raffle_entries e LEFT JOIN points.mission_members m ON m.member_id = e.member_id
          WHERE e.promotion_id = ${promotion.id} AND e.joined_at IS NOT NULL ORDER BY e.position`,
    );
    const ticketed = entries.map((entry) => ({ ...entry, tickets: ticketsFor(BigInt(entry.valid_bet), ticketPerMinor) }));
    await tx.execute(
      sql`UPDATE points.raffle_entries AS e SET tickets = t.tickets
          FROM jsonb_to_recordset(${JSON.stringify(ticketed.map((entry) => ({ member_id: entry.member_id, tickets: entry.tickets.toString() })))}::jsonb) AS t(member_id bigint, tickets bigint)
          WHERE e.promotion_id = ${promotion.id} AND e.member_id = t.member_id`,
    );
    const positions = drawWinners(raffle.seed, ticketed, prizes.length);
    const byPosition = new Map(ticketed.map((entry) => [entry.position, entry]));
    const winners: StoredWinner[] = positions.map((position, index) => {
      const entry = byPosition.get(position)!;
      return { rank: prizes[index]!.rank, position, name: maskAccount(entry.account), amountMinor: prizes[index]!.amountMinor.toString(), memberId: entry.member_id };
    });
    const total = ticketed.reduce((sum, entry) => sum + entry.tickets, 0n);
    const [drawn] = await rows<RaffleRow>(
      tx,
      sql`UPDATE points.raffles AS r SET status = 'drawn', drawn_at = now(), drawn_by = ${actor}, draw_at = least(${promotion.terms.drawAt.toISOString()}::timestamptz, now()),
            ticket_per_minor = ${ticketPerMinor.toString()}, multiple = ${promotion.terms.multiple},
            prizes = ${JSON.stringify(prizes.map((prize) => ({ rank: prize.rank, amountMinor: prize.amountMinor.toString() })))}::jsonb,
            winners = ${JSON.stringify(winners)}::jsonb, total_tickets = ${total.toString()}
          WHERE r.promotion_id = ${promotion.id} AND r.status = 'open' RETURNING ${RAFFLE_COLUMNS}`,
    );
    if (!drawn) return;
    const terms = bonusTermsOf(promotion.terms);
    const payouts: PromotionPayout[] = winners
      .filter((winner) => BigInt(winner.amountMinor) > 0n)
      .map((winner) => ({
        merchantCode: promotion.merchantCode,
        memberId: winner.memberId,
        source: 'raffle',
        sourceRef: `${promotion.id}:rank:${winner.rank}`,
        promotionId: promotion.id,
        currency: byPosition.get(winner.position)!.currency,
        amountMinor: BigInt(winner.amountMinor),
        terms,
        titleKind: 'raffle',
        titleParams: { rank: String(winner.rank) },
      }));
    await recordPayouts(tx, payouts);
    await this.announce(tx, promotion, drawn, winners.map(publicWinner));
  }

  // ---- bets ----

  /**
   * Counts settled bets toward the brand's open raffles they fall in (settled from the start until the draw time), at
   * each bet's highest revision: a correction moves the member's valid bet by the difference, a cancellation takes
   * the bet's part back. Bets of raffles already drawn are not counted.
   */
  async onBets(tx: Executor, bets: readonly BetSettled[]): Promise<void> {
    if (bets.length === 0) return;
    const promotions = await enabledRafflePromotions(tx, [...new Set(bets.map((bet) => bet.merchantCode))]);
    if (promotions.length === 0) return;
    const counted = bets.flatMap((bet) => {
      const at = new Date(bet.settledAt).getTime();
      return promotions
        .filter(
          (promotion) =>
            promotion.merchantCode === bet.merchantCode && promotion.currency === bet.currency && (!promotion.startsAt || promotion.startsAt.getTime() <= at) && at < promotion.terms.drawAt.getTime(),
        )
        .map((promotion) => ({
          promotion_id: promotion.id,
          bet_id: bet.betId,
          member_id: bet.memberId,
          merchant_code: bet.merchantCode,
          currency: bet.currency,
          revision: bet.revision,
          cancelled: bet.state === 'cancelled',
          valid_bet_minor: bet.state === 'cancelled' ? '0' : bet.validBetMinor,
        }));
    });
    if (counted.length === 0) return;
    await tx.execute(
      sql`WITH input AS (
            SELECT DISTINCT ON (promotion_id, bet_id) * FROM jsonb_to_recordset(${JSON.stringify(counted)}::jsonb)
              AS t(promotion_id text, bet_id text, member_id bigint, merchant_code text, currency text, revision int, cancelled boolean, valid_bet_minor bigint)
            WHERE NOT EXISTS (SELECT 1 FROM points.raffles r WHERE r.promotion_id = t.promotion_id AND r.status = 'drawn')
            ORDER BY promotion_id, bet_id, revision DESC, cancelled DESC
          ),
          previous AS (
            SELECT b.promotion_id, b.bet_id, b.member_id, b.valid_bet_minor FROM points.raffle_bets b JOIN input i ON i.promotion_id = b.promotion_id AND i.bet_id = b.bet_id
          ),
          saved AS (
            INSERT INTO points.raffle_bets AS b (promotion_id, bet_id, member_id, revision, cancelled, valid_bet_minor)
            SELECT promotion_id, bet_id, member_id, revision, cancelled, valid_bet_minor FROM input
            ON CONFLICT (promotion_id, bet_id) DO UPDATE SET revision = EXCLUDED.revision, cancelled = EXCLUDED.cancelled, valid_bet_minor = EXCLUDED.valid_bet_minor
              WHERE EXCLUDED.revision > b.revision OR (EXCLUDED.revision = b.revision AND EXCLUDED.cancelled AND NOT b.cancelled)
            RETURNING promotion_id, bet_id, member_id, valid_bet_minor
          ),
          moves AS (
            SELECT promotion_id, member_id, valid_bet_minor AS change FROM saved
            UNION ALL
            SELECT p.promotion_id, p.member_id, -p.valid_bet_minor FROM previous p JOIN saved s ON s.promotion_id = p.promotion_id AND s.bet_id = p.bet_id
          ),
          summed AS (
            SELECT m.promotion_id, m.member_id, sum(m.change)::bigint AS change, min(i.merchant_code) AS merchant_code, min(i.currency) AS currency
            FROM moves m JOIN input i ON i.promotion_id = m.promotion_id AND i.member_id = m.member_id
            GROUP BY m.promotion_id, m.member_id HAVING sum(m.change) <> 0
          )
          INSERT INTO points.raffle_entries AS e (promotion_id, member_id, merchant_code, currency, valid_bet_minor)
          SELECT promotion_id, member_id, merchant_code, currency, change FROM summed ORDER BY promotion_id, member_id
          ON CONFLICT (promotion_id, member_id) DO UPDATE SET valid_bet_minor = e.valid_bet_minor + EXCLUDED.valid_bet_minor`,
    );
  }

  // ---- members ----

  private async promotion(merchantCode: string, promotionId: string): Promise<RafflePromotion> {
    const promotion = await rafflePromotion(this.deps.db.orm, merchantCode, promotionId);
    if (!promotion) throw new AppError('RAFFLE_NOT_FOUND');
    return promotion;
  }

  /** Joins the member (once; joining again answers the same state). */
  async join(input: { merchantCode: string; promotionId: string; memberId: string; currency: string }): Promise<RaffleState> {
    const promotion = await this.promotion(input.merchantCode, input.promotionId);
    await this.deps.db.transaction(async (tx) => {
      const raffle = await this.lock(tx, promotion);
      const [entry] = await rows<{ joined_at: string | null }>(tx, sql`SELECT joined_at FROM points.raffle_entries WHERE promotion_id = ${promotion.id} AND member_id = ${input.memberId}`);
      if (entry?.joined_at) return;
      if (raffle.status === 'drawn') throw new AppError('RAFFLE_ALREADY_DRAWN');
      if (!joinable(promotion)) throw new AppError('RAFFLE_NOT_OPEN');
      await tx.execute(
        sql`INSERT INTO points.raffle_entries AS e (promotion_id, member_id, merchant_code, currency, position, joined_at)
            VALUES (${promotion.id}, ${input.memberId}, ${input.merchantCode}, ${input.currency},
                    (SELECT coalesce(max(position), 0) + 1 FROM points.raffle_entries WHERE promotion_id = ${promotion.id}), now())
            ON CONFLICT (promotion_id, member_id) DO UPDATE SET position = EXCLUDED.position, joined_at = EXCLUDED.joined_at WHERE e.joined_at IS NULL`,
      );
    });
    this.deps.wakeRelay();
    return this.view(promotion, input.memberId);
  }

  /** The raffle for the promotions page, with the member's part when signed in. */
  async state(input: { merchantCode: string; promotionId: string; memberId?: string }): Promise<RaffleState> {
    const promotion = await this.promotion(input.merchantCode, input.promotionId);
    return this.view(promotion, input.memberId);
  }

  private async view(promotion: RafflePromotion, memberId: string | undefined): Promise<RaffleState> {
    const db = this.deps.db.orm;
    let [raffle] = await rows<RaffleRow>(db, sql`SELECT ${RAFFLE_COLUMNS} FROM points.raffles r WHERE r.promotion_id = ${promotion.id}`);
    if (!raffle && !promotion.enabled) throw new AppError('RAFFLE_NOT_FOUND');
    if (!raffle) {
      raffle = await this.deps.db.transaction((tx) => this.ensure(tx, promotion));
      this.deps.wakeRelay();
    }
    const drawn = raffle.status === 'drawn';
    const ticketPer = promotion.terms.ticketPerMinor;
    const [totals] = await rows<{ entrants: number; valid_bets: unknown; tickets: string | null; currency: string | null }>(
      db,
      sql`SELECT count(*) FILTER (WHERE joined_at IS NOT NULL)::int AS entrants,
                 coalesce(sum(tickets) FILTER (WHERE joined_at IS NOT NULL), 0)::text AS tickets,
                 coalesce(jsonb_agg(valid_bet_minor::text) FILTER (WHERE joined_at IS NOT NULL), '[]'::jsonb) AS valid_bets,
                 ${promotion.currency}::text AS currency
          FROM points.raffle_entries WHERE promotion_id = ${promotion.id}`,
    );
    const totalTickets = drawn
      ? BigInt(raffle.total_tickets ?? totals?.tickets ?? '0')
      : jsonOf<string[]>(totals?.valid_bets ?? []).reduce((sum, validBet) => sum + ticketsFor(BigInt(validBet), ticketPer), 0n);
    const winners = jsonOf<StoredWinner[]>(raffle.winners ?? []);
    let me: RaffleState['me'] = null;
    if (memberId) {
      const [entry] = await rows<{ valid_bet: string; joined_at: string | null; tickets: string | null }>(
        db,
        sql`SELECT valid_bet_minor::text AS valid_bet, joined_at, tickets::text AS tickets FROM points.raffle_entries WHERE promotion_id = ${promotion.id} AND member_id = ${memberId}`,
      );
      const validBet = BigInt(entry?.valid_bet ?? '0');
      const tickets = drawn && entry?.tickets !== null && entry?.tickets !== undefined ? BigInt(entry.tickets) : ticketsFor(validBet, ticketPer);
      const prize = winners.find((winner) => winner.memberId === memberId);
      me = {
        joined: Boolean(entry?.joined_at),
        tickets: (drawn && !entry?.joined_at ? 0n : tickets).toString(),
        validBetMinor: validBet.toString(),
        nextTicketMinor: (ticketPer - (validBet % ticketPer)).toString(),
        prize: prize ? publicWinner(prize) : null,
      };
    }
    return {
      promotionId: promotion.id,
      status: statusOf(promotion, raffle),
      startsAt: (promotion.startsAt ?? new Date(0)).toISOString(),
      drawAt: new Date(drawn && raffle.draw_at ? raffle.draw_at : promotion.terms.drawAt).toISOString(),
      currency: totals?.currency ?? '',
      ticketPerMinor: ticketPer.toString(),
      prizes: promotion.terms.prizes.map((prize) => ({ rank: prize.rank, amountMinor: prize.amountMinor.toString() })),
      multiple: promotion.terms.multiple,
      hash: raffle.hash,
      seed: drawn ? raffle.seed : null,
      entrants: totals?.entrants ?? 0,
      totalTickets: totalTickets.toString(),
      me,
      winners: winners.map(publicWinner),
    };
  }

  /** The draw, verifiable: the hash, and once drawn the seed, the ticket list in order and the winners. */
  async verify(input: { merchantCode: string; promotionId: string }): Promise<RaffleVerification> {
    const promotion = await this.promotion(input.merchantCode, input.promotionId);
    const [raffle] = await rows<RaffleRow>(this.deps.db.orm, sql`SELECT ${RAFFLE_COLUMNS} FROM points.raffles r WHERE r.promotion_id = ${promotion.id}`);
    const drawn = raffle?.status === 'drawn';
    const entries = drawn
      ? (
          await rows<{ position: number; account: string | null; tickets: string }>(
            this.deps.db.orm,
            sql`SELECT e.position, m.account, coalesce(e.tickets, 0)::text AS tickets
                FROM points.raffle_entries e LEFT JOIN points.mission_members m ON m.member_id = e.member_id
                WHERE e.promotion_id = ${promotion.id} AND e.joined_at IS NOT NULL ORDER BY e.position`,
          )
        ).map((entry) => ({ position: Number(entry.position), name: maskAccount(entry.account), tickets: entry.tickets }))
      : null;
    return {
      promotionId: promotion.id,
      status: statusOf(promotion, raffle),
      hash: raffle?.hash ?? null,
      seed: drawn ? raffle.seed : null,
      entries,
      winners: jsonOf<StoredWinner[]>(raffle?.winners ?? []).map(publicWinner),
    };
  }

  // ---- operators ----

  async operatorEntries(input: { merchantCode: string; promotionId: string }) {
    const promotion = await this.promotion(input.merchantCode, input.promotionId);
    const [raffle] = await rows<RaffleRow>(this.deps.db.orm, sql`SELECT ${RAFFLE_COLUMNS} FROM points.raffles r WHERE r.promotion_id = ${promotion.id}`);
    const winners = jsonOf<StoredWinner[]>(raffle?.winners ?? []);
    const list = await rows<{ member_id: string; position: number | null; account: string | null; joined_at: string | null; valid_bet: string; tickets: string | null }>(
      this.deps.db.orm,
      sql`SELECT e.member_id::text AS member_id, e.position, m.account, e.joined_at, e.valid_bet_minor::text AS valid_bet, e.tickets::text AS tickets
          FROM points.raffle_entries e LEFT JOIN points.mission_members m ON m.member_id = e.member_id
          WHERE e.promotion_id = ${promotion.id} ORDER BY e.position NULLS LAST, e.valid_bet_minor DESC, e.member_id LIMIT 1000`,
    );
    return {
      promotionId: promotion.id,
      status: statusOf(promotion, raffle),
      hash: raffle?.hash ?? null,
      list: list.map((entry) => ({
        position: entry.position === null ? null : Number(entry.position),
        memberId: entry.member_id,
        name: entry.account ?? '',
        joinedAt: entry.joined_at === null ? null : new Date(entry.joined_at).toISOString(),
        validBetMinor: entry.valid_bet,
        tickets: entry.tickets ?? ticketsFor(BigInt(entry.valid_bet), promotion.terms.ticketPerMinor).toString(),
        rank: winners.find((winner) => winner.memberId === entry.member_id)?.rank ?? null,
      })),
    };
  }

  /** The operator draws an open raffle now (its draw time not come yet, or the timer not run yet). */
  async operatorDraw(input: { merchantCode: string; promotionId: string; operator: string }): Promise<RaffleVerification> {
    const promotion = await this.promotion(input.merchantCode, input.promotionId);
    if (promotion.startsAt && promotion.startsAt.getTime() > Date.now()) throw new AppError('RAFFLE_NOT_OPEN');
    await this.deps.db.transaction(async (tx) => {
      const raffle = await this.lock(tx, promotion);
      if (raffle.status === 'drawn') throw new AppError('RAFFLE_ALREADY_DRAWN');
      await this.draw(tx, promotion, raffle, `operator:${input.operator}`);
    });
    this.deps.wakeRelay();
    await this.payouts.payDue();
    return this.verify(input);
  }
}
