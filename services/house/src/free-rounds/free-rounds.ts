import { sql } from 'drizzle-orm';
import { formatMinor, SLOT_GAMES, type EventPayload, type FreeRoundsGrant, type FreeSpin, type HousePlayer } from '@wps/contracts';
import { AppError, oncePerKey, rows, type Database, type Executor, type Logger, type Outbox } from '@wps/platform';
import { resolveSlot } from '../games.js';
import type { Rounds } from '../rounds.js';

interface GrantRow {
  id: string;
  grant_key: string;
  merchant_code: string;
  member_id: string;
  currency: string;
  game: string;
  rounds_total: number;
  rounds_left: number;
  stake_minor: string;
  win_minor: string;
  state: FreeRoundsGrant['state'];
  expires_at: string;
  promotion_id: string;
  participation_id: string;
  titles: Record<string, string>;
  winnings_as: 'bonus' | 'cash';
  created_at: string;
  expired: boolean;
}

const GRANT_COLUMNS = sql.raw(`id::text AS id, grant_key, merchant_code, member_id::text AS member_id, currency, game, rounds_total, rounds_left,
  stake_minor::text AS stake_minor, win_minor::text AS win_minor, state, promotion_id::text AS promotion_id, participation_id::text AS participation_id, titles, winnings_as,
  to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  expires_at <= now() AS expired`);

/** How many overdue grants one sweep ends. */
const EXPIRE_BATCH = 200;

export interface FreeRoundsDeps {
  db: Database;
  rounds: Rounds;
  outbox: Outbox;
  wakeRelay: () => void;
  logger: Logger;
}

/** The event that ends a grant, with what its spins won. */
const finishedEvent = (row: GrantRow, reason: 'played' | 'expired'): { key: string; payload: EventPayload<'free_rounds.finished'> } => ({
  key: row.member_id,
  payload: {
    key: row.grant_key,
    grantId: row.id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    currency: row.currency,
    promotionId: row.promotion_id,
    participationId: row.participation_id,
    roundsPlayed: row.rounds_total - row.rounds_left,
    winMinor: row.win_minor,
    reason,
  },
});

/**
 * Free rounds on the house slots. A promotion's `free_rounds.granted` makes a grant (once per key); each spin is a
 * round of the slot decided from the member's seed pair like a paid one, stored settled with no wallet call, its win
 * added to the grant under the grant's row lock. The transaction that plays the last spin, or the sweep that finds a
 * grant overdue, ends the grant and writes `free_rounds.finished` with the total, for the promotion to give.
 */
export class FreeRounds {
  constructor(private readonly deps: FreeRoundsDeps) {}

  view(row: GrantRow, language?: string): FreeRoundsGrant {
    const titles = typeof row.titles === 'string' ? (JSON.parse(row.titles) as Record<string, string>) : (row.titles ?? {});
    return {
      grantId: row.id,
      game: row.game,
      title: (language && titles[language]) || titles.EN || titles.ES || '',
      currency: row.currency,
      stake: formatMinor(BigInt(row.stake_minor), row.currency),
      roundsTotal: row.rounds_total,
      roundsLeft: row.rounds_left,
      win: formatMinor(BigInt(row.win_minor), row.currency),
      state: row.state === 'active' && row.expired ? 'expired' : row.state,
      winningsAs: row.winnings_as,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
    };
  }

  /** The consumer's effect: one grant per key; a game that is not a house slot is passed over. */
  async grant(tx: Executor, events: ReadonlyArray<EventPayload<'free_rounds.granted'>>): Promise<void> {
    const valid = events.filter((event) => {
      if (SLOT_GAMES[event.game]) return true;
      this.deps.logger.warn({ key: event.key, game: event.game }, 'free rounds named a game that is not a house slot; passed over');
      return false;
    });
    if (valid.length === 0) return;
    await tx.execute(
      sql`INSERT INTO house.free_rounds (grant_key, merchant_code, member_id, currency, game, rounds_total, rounds_left, stake_minor, expires_at, promotion_id, participation_id, titles, winnings_as)
          SELECT g.key, g."merchantCode", g."memberId"::bigint, g.currency, g.game, g.rounds, g.rounds, g."stakeMinor"::bigint, g."expiresAt"::timestamptz,
                 g."promotionId"::bigint, g."participationId"::bigint, coalesce(g.titles, '{}'::jsonb),
                 coalesce(g."winningsAs", 'bonus')
          FROM jsonb_to_recordset(${JSON.stringify(valid)}::jsonb) AS g(key text, "merchantCode" text, "memberId" text, currency text, game text, rounds integer,
                                                                        "stakeMinor" text, "expiresAt" text, "promotionId" text, "participationId" text, titles jsonb,
                                                                        "winningsAs" text)
          ON CONFLICT (grant_key) DO NOTHING`,
    );
  }

  /** The member's grants with spins left in their currency (of one slot when asked), oldest first. */
  async list(input: { memberId: string; currency: string; game?: string; language?: string }): Promise<FreeRoundsGrant[]> {
    const found = await rows<GrantRow>(
      this.deps.db.orm,
      sql`SELECT ${GRANT_COLUMNS} FROM house.free_rounds
          WHERE member_id = ${input.memberId} AND state = 'active' AND currency = ${input.currency} AND expires_at > now() ${input.game ? sql`AND game = ${input.game}` : sql``}
          ORDER BY id LIMIT 50`,
    );
    return found.map((row) => this.view(row, input.language));
  }

  private async load(executor: Executor, grantId: string, memberId: string, lock: boolean): Promise<GrantRow | undefined> {
    const [row] = await rows<GrantRow>(executor, sql`SELECT ${GRANT_COLUMNS} FROM house.free_rounds WHERE id = ${grantId} AND member_id = ${memberId} ${lock ? sql`FOR UPDATE` : sql``}`);
    return row;
  }

  /** What a retried request made: its round and the grant as it is now. */
  private async replay(player: HousePlayer, grantId: string, requestId: string | undefined, language?: string): Promise<FreeSpin | undefined> {
    if (!requestId) return undefined;
    const round = await this.deps.rounds.roundOfRequest(this.deps.db.orm, player.memberId, requestId);
    if (!round) return undefined;
    if (round.params.freeRoundsId !== grantId) throw new AppError('IDEMPOTENCY_CONFLICT');
    const grant = await this.load(this.deps.db.orm, grantId, player.memberId, false);
    return { round, grant: this.view(grant!, language) };
  }

  /**
   * Plays one spin of a grant. Another member's grant, or one in another currency, is not found; a grant with no spins
   * left or past its expiry is refused and nothing changes. The same `requestId` answers the first spin.
   */
  async spin(input: { player: HousePlayer; grantId: string; requestId?: string; language?: string }): Promise<FreeSpin> {
    const { player, grantId, requestId, language } = input;
    // The same request sent twice at once: the loser answers the winner's spin, whatever refused it.
    return oncePerKey({
      answered: () => this.replay(player, grantId, requestId, language),
      run: async () => {
        const played = await this.deps.db.transaction(async (tx) => {
          const grant = await this.load(tx, grantId, player.memberId, true);
          if (!grant || grant.currency !== player.currency || grant.merchant_code !== player.merchantCode) throw new AppError('FREE_ROUNDS_NOT_FOUND', { field: 'grantId' });
          if (grant.state === 'finished' || grant.rounds_left === 0) throw new AppError('FREE_ROUNDS_USED');
          if (grant.state === 'expired' || grant.expired) throw new AppError('FREE_ROUNDS_EXPIRED');
          const stake = BigInt(grant.stake_minor);
          const { round, winMinor } = await this.deps.rounds.playFree(tx, {
            player,
            game: grant.game,
            amountMinor: stake,
            requestId,
            freeRoundsId: grant.id,
            resolve: (draws) => resolveSlot(grant.game, stake, draws),
          });
          const [after] = await rows<GrantRow>(
            tx,
            sql`UPDATE house.free_rounds
              SET rounds_left = rounds_left - 1, win_minor = win_minor + ${winMinor.toString()},
                  state = CASE WHEN rounds_left = 1 THEN 'finished' ELSE 'active' END, finished_at = CASE WHEN rounds_left = 1 THEN now() END
              WHERE id = ${grant.id}
              RETURNING ${GRANT_COLUMNS}`,
          );
          const finished = after!.state === 'finished';
          if (finished) {
            const event = finishedEvent(after!, 'played');
            await this.deps.outbox.add(tx, 'free_rounds.finished', event.key, event.payload);
          }
          return { spin: { round, grant: this.view(after!, language) }, finished };
        });
        if (played.finished) this.deps.wakeRelay();
        return played.spin;
      },
    });
  }

  /** The sweep: ends overdue grants with spins left, each with what it won so far. */
  async expireDue(): Promise<number> {
    const ended = await this.deps.db.transaction(async (tx) => {
      const expired = await rows<GrantRow>(
        tx,
        sql`UPDATE house.free_rounds SET state = 'expired', finished_at = now()
            WHERE id IN (SELECT id FROM house.free_rounds WHERE state = 'active' AND expires_at <= now() ORDER BY expires_at LIMIT ${EXPIRE_BATCH} FOR UPDATE SKIP LOCKED)
            RETURNING ${GRANT_COLUMNS}`,
      );
      if (expired.length > 0)
        await this.deps.outbox.addAll(
          tx,
          'free_rounds.finished',
          expired.map((row) => finishedEvent(row, 'expired')),
        );
      return expired.length;
    });
    if (ended > 0) this.deps.wakeRelay();
    return ended;
  }
}
