import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DICE_CHANCE_LIMITS, PLINKO_RISKS, PLINKO_ROWS, SLOT_CODES, parseMajor, type HousePlayer, type MemberRegistered } from '@wps/contracts';
import { AppError, rows, type Database, type Executor, type Logger } from '@wps/platform';
import { TableLeaseRunner } from '../tables/table-lease.js';

/** The brand whose team plays on its own; no other brand's members are ever played for. */
export const SIMULATED_BRAND = 'DEMO';

/**
 * The demo team's players who play on their own. The demo player (`demoplayer`), whom people sign in as, is not one
 * of them: its balance and history change only when someone plays it.
 */
export const SIMULATED_ACCOUNTS: readonly string[] = ['demoplayer2', 'demo11', 'demo12', 'demo13', 'demo111', 'demo112', 'demo21', 'demo22', 'demo31'];

export const isSimulatedPlayer = (member: MemberRegistered): boolean => member.merchantCode === SIMULATED_BRAND && SIMULATED_ACCOUNTS.includes(member.account);

/** Remembers a member who plays on its own (from its `member.registered`). */
export async function rememberSimulatedPlayer(tx: Executor, member: MemberRegistered): Promise<void> {
  await tx.execute(sql`INSERT INTO house.demo_players (member_id, merchant_code, currency) VALUES (${member.memberId}, ${member.merchantCode}, ${member.currency}) ON CONFLICT DO NOTHING`);
}

/** Stakes a simulated player picks from, in major units: small, as a casual player bets. */
const STAKES = ['1.00', '2.00', '5.00', '10.00', '20.00', '50.00'] as const;
/** A player whose balance falls below this tops up from the brand's demo funding. */
const TOP_UP_BELOW = '100.00';
const TOP_UP = '2000.00';

/** One simulated round: which call and with what, as a member's client would send it. */
export type SimulatedPlay =
  | { game: 'house-dice'; amount: string; direction: 'over' | 'under'; target: string }
  | { game: 'house-plinko'; amount: string; rows: number; risk: string }
  | { game: 'slot'; slot: string; amount: string };

/** A round a casual player might play: a dice roll near even odds, a plinko drop or a slot spin. */
export function pickPlay(random: (below: number) => number = randomInt): SimulatedPlay {
  const amount = STAKES[random(STAKES.length)]!;
  const kind = random(3);
  if (kind === 0) {
    // Chances between 25 % and 75 % (inside the table's 1–98 %): an over on a target of 25–75.
    const target = 25 + random(51);
    const direction = random(2) === 0 ? 'over' : 'under';
    const chance = direction === 'over' ? 100 - target : target;
    if (chance < DICE_CHANCE_LIMITS.min || chance > DICE_CHANCE_LIMITS.max) throw new Error('dice chance outside the table');
    return { game: 'house-dice', amount, direction, target: String(target) };
  }
  if (kind === 1) return { game: 'house-plinko', amount, rows: PLINKO_ROWS[random(PLINKO_ROWS.length)]!, risk: PLINKO_RISKS[random(2)]! };
  return { game: 'slot', slot: SLOT_CODES[random(SLOT_CODES.length)]!, amount };
}

export interface SimulatedPlayersDeps {
  db: Database;
  logger: Logger;
  /** The pause between two rounds is drawn around this. */
  paceMs: number;
  /** Plays one round through the house's own public calls (the handlers members reach through the gateway). */
  play: (player: HousePlayer, play: SimulatedPlay, requestId: string) => Promise<unknown>;
  /** The wallet's balance of the player. */
  balance: (player: HousePlayer) => Promise<string>;
  /** Credits play money from the brand's demo funding account (the wallet refuses it for brands without it). */
  topUp: (player: HousePlayer, amount: string, idempotencyKey: string) => Promise<unknown>;
}

/**
 * The demo brand's simulated players. One instance of the cluster holds the lease and, every few seconds, lets one of
 * them play one round. Each round is a member's round in every respect: the same call, the same wallet bet and win,
 * the same `bets.v1` event, so the winner board, the jackpot, loyalty and the agent programme count it like any other.
 */
export class SimulatedPlayers {
  private readonly leases: TableLeaseRunner;
  /** Set once the wallet said the brand has no demo funding: the players then play only what they have. */
  private topUpsRefused = false;

  constructor(private readonly deps: SimulatedPlayersDeps) {
    this.leases = new TableLeaseRunner({ db: deps.db, logger: deps.logger, table: 'house.demo_players_runner', failureMessage: 'a simulated player’s round failed; going on' });
  }

  start(): void {
    this.leases.start(['demo-players'], { recover: () => Promise.resolve(), turn: () => this.turn(), restMs: () => this.pause() });
  }

  stop(): Promise<void> {
    return this.leases.stop();
  }

  private pause(): number {
    const pace = this.deps.paceMs;
    return Math.round(pace / 2 + randomInt(Math.max(1, pace)));
  }

  /** One round of one simulated player, picked at random. */
  async turn(): Promise<void> {
    const [row] = await rows<{ member_id: string; merchant_code: string; currency: string }>(
      this.deps.db.orm,
      sql`SELECT member_id, merchant_code, currency FROM house.demo_players WHERE merchant_code = ${SIMULATED_BRAND} ORDER BY random() LIMIT 1`,
    );
    if (!row) return;
    const player: HousePlayer = { memberId: row.member_id, merchantCode: row.merchant_code, currency: row.currency };
    const play = pickPlay();
    const balance = parseMajor(await this.deps.balance(player), player.currency) ?? 0n;
    if (balance < (parseMajor(TOP_UP_BELOW, player.currency) ?? 0n) || balance < (parseMajor(play.amount, player.currency) ?? 0n)) {
      if (this.topUpsRefused) return;
      const [counted] = await rows<{ top_ups: number }>(this.deps.db.orm, sql`UPDATE house.demo_players SET top_ups = top_ups + 1 WHERE member_id = ${player.memberId} RETURNING top_ups`);
      try {
        // Keyed by the count of the player's top-ups: a top-up retried after a crash credits once.
        await this.deps.topUp(player, TOP_UP, `demo-players:${player.memberId}:${counted!.top_ups}`);
      } catch (error) {
        if (error instanceof AppError && error.code === 'FEATURE_DISABLED') {
          this.topUpsRefused = true;
          this.deps.logger.info('simulated players: the wallet has no demo funding, so they play only what they hold');
          return;
        }
        throw error;
      }
    }
    await this.deps.play(player, play, `demo-${randomUUID()}`);
    await this.deps.db.orm.execute(sql`UPDATE house.demo_players SET rounds = rounds + 1 WHERE member_id = ${player.memberId}`);
  }
}
