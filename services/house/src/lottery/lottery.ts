import { sql } from 'drizzle-orm';
import { AppError, rows } from '@wps/platform';
import { TableLeaseRunner } from '../tables/table-lease.js';
import { cancelDraw, closeDraw, commitDraws, produceDraw } from './draws.js';
import { effectiveGame, findLotteryGame, LOTTERY_GAMES, type LotteryGameDefinition } from './games.js';
import { requireLotteryGame, type LotteryDeps, type LotteryHandlers } from './lottery-context.js';
import { placeLotterySlip } from './place-slip.js';
import { lotteryDrawProof, lotteryGames, lotteryGameState, lotteryHistory, lotteryMyTickets, lotteryTrendsOf } from './queries.js';
import { reportDraws } from './report.js';
import { followingSlotSeq, nextSlotSeq, slotOf } from './schedule.js';
import { finishRefunds, refundTickets, settleDraw, type SettleOptions } from './settle.js';
import { drawsWhere, drawView, findDraw, type DrawRow } from './store.js';

export type { LotteryDeps } from './lottery-context.js';

/** The runner's single lease: one instance of the cluster runs every game's draws. */
const RUNNER_ID = 'lottery';
/** The runner looks again at least this often (the lease lasts 15 s and is renewed on each look). */
const MAX_REST_MS = 5_000;
/** A slip still pending this long has lost its placer (a crash): its debit is rolled back. */
const STALE_PENDING_MS = 60_000;

/**
 * The house lottery. Every instance takes slips and answers queries; the draws are run by whichever instance holds
 * the runner's lease: it commits each game's next draws ahead (seed hashes published), closes betting, draws the
 * numbers at the draw time, settles every ticket through the wallet, and finishes what a restart cut short.
 */
export class HouseLottery {
  private readonly leases: TableLeaseRunner;
  /** Settlements and refunds in flight, by draw: a long settlement does not hold back the other games' draws. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private restMs = MAX_REST_MS;
  /** The last draw sequence known committed per game, so a quiet turn writes nothing. */
  private readonly committed = new Map<string, number>();

  constructor(private readonly deps: LotteryDeps) {
    this.leases = new TableLeaseRunner({ db: deps.db, logger: deps.logger, table: 'house.lottery_runner', failureMessage: 'lottery runner turn failed; retrying' });
  }

  /** The games this instance runs, with the configured schedule overrides. */
  games(): LotteryGameDefinition[] {
    const only = this.deps.config.HOUSE_LOTTERY_GAMES;
    return LOTTERY_GAMES.filter((game) => !only.length || only.includes(game.gameCode)).map((game) => effectiveGame(game, this.deps.config));
  }

  async start(): Promise<void> {
    if (!this.deps.config.HOUSE_LOTTERY_RUNNER) return;
    this.leases.start([RUNNER_ID], { recover: () => this.recoverInBackground(), turn: () => this.turn(), restMs: () => this.restMs });
  }

  async stop(): Promise<void> {
    await this.leases.stop();
    await Promise.allSettled(this.inFlight.values());
  }

  private readonly holding = () => this.leases.running;

  /** On taking the lease: refunds and settlements left by a previous holder restart in the background. */
  private async recoverInBackground(): Promise<void> {
    await this.sweep();
    const drawn = await drawsWhere(this.deps.db.orm, sql`d.status = 'drawn'`, sql`ORDER BY d.draw_at`);
    for (const draw of drawn) void this.background(draw.draw_id, () => settleDraw(this.deps, draw.draw_id, { keepGoing: this.holding }).then(() => undefined));
  }

  /** One look at every game: commit what is due, close, draw; settlements start in the background. */
  private async turn(): Promise<void> {
    const nowMs = Date.now();
    const games = this.games();
    let next = nowMs + MAX_REST_MS;
    for (const game of games) {
      const seq = nextSlotSeq(game, nowMs);
      const after = followingSlotSeq(game, seq);
      // Committing reads nothing once the next two draws are known to exist.
      if ((this.committed.get(game.gameCode) ?? -1) < after) {
        await commitDraws(this.deps, game, nowMs).then(
          () => this.committed.set(game.gameCode, after),
          (error: unknown) => this.deps.logger.error({ err: error, gameCode: game.gameCode }, 'lottery draws not committed; retrying'),
        );
      }
      const slot = slotOf(game, seq);
      next = Math.min(next, slot.closesAtMs > nowMs ? slot.closesAtMs : slot.drawAtMs);
    }
    const byCode = new Map(games.map((game) => [game.gameCode, game]));
    for (const draw of await this.due(nowMs, [...byCode.keys()])) {
      try {
        await this.step(byCode.get(draw.game_code)!, draw, nowMs, false);
      } catch (error) {
        this.deps.logger.error({ err: error, gameCode: draw.game_code, drawNo: draw.draw_no }, 'lottery draw step failed; retrying');
      }
    }
    await this.sweep();
    await reportDraws(this.deps).catch((error: unknown) => this.deps.logger.warn({ err: error }, 'lottery results not reported'));
    this.restMs = Math.max(20, Math.min(MAX_REST_MS, next - Date.now()));
  }

  /** Draws of the given games with work due at `nowMs`: past their close or draw time, or drawn and not settled. */
  private due(nowMs: number, gameCodes: readonly string[]) {
    const now = new Date(nowMs).toISOString();
    return drawsWhere(
      this.deps.db.orm,
      sql`d.game_code = ANY(${`{${gameCodes.join(',')}}`}::text[]) AND (d.status = 'drawn' OR (d.status IN ('open', 'closed') AND d.closes_at <= ${now}::timestamptz))`,
      sql`ORDER BY d.draw_at`,
    );
  }

  /** Moves one draw on: closes it, draws it when its time has come, settles it (awaited when `wait`). */
  private async step(game: LotteryGameDefinition, draw: DrawRow, nowMs: number, wait: boolean): Promise<void> {
    let status: string = draw.status;
    if (status === 'open') {
      await closeDraw(this.deps, draw);
      status = 'closed';
    }
    if (status === 'closed' && draw.draw_ms <= nowMs) status = await produceDraw(this.deps, game, { ...draw, status: 'closed' });
    if (status === 'drawn') {
      const settling = this.background(draw.draw_id, () => settleDraw(this.deps, draw.draw_id, { keepGoing: wait ? undefined : this.holding }).then(() => undefined));
      if (wait) await settling;
    }
  }

  /**
   * Moves one game on at `nowMs`: commits its next draws, closes those past their close, draws those past their draw
   * time, and settles drawn ones (awaited when `wait`, else in the background).
   */
  async advance(game: LotteryGameDefinition, nowMs = Date.now(), wait = true): Promise<void> {
    await commitDraws(this.deps, game, nowMs);
    for (const draw of await this.due(nowMs, [game.gameCode])) await this.step(game, draw, nowMs, wait);
  }

  /** Runs a draw's money work once at a time per draw. */
  private background(drawId: string, work: () => Promise<void>): Promise<void> {
    const running = this.inFlight.get(drawId);
    if (running) return running;
    const started = work()
      .catch((error: unknown) => this.deps.logger.error({ err: error, drawId }, 'lottery settlement failed; the runner resumes it'))
      .finally(() => this.inFlight.delete(drawId));
    this.inFlight.set(drawId, started);
    return started;
  }

  /** Finishes refunds a failure or a restart left, and rolls back debits whose placer is gone. */
  async sweep(): Promise<void> {
    const stale = new Date(Date.now() - STALE_PENDING_MS).toISOString();
    const pending = await rows<{ draw_id: string }>(
      this.deps.db.orm,
      sql`SELECT DISTINCT t.draw_id::text AS draw_id FROM house.lottery_tickets t JOIN house.lottery_draws d ON d.draw_id = t.draw_id
          WHERE t.status = 'pending' AND (d.status <> 'open' OR t.created_at < ${stale}::timestamptz)`,
    );
    for (const { draw_id } of pending) await refundTickets(this.deps, draw_id, ['pending']);
    const refunding = await rows<{ draw_id: string }>(this.deps.db.orm, sql`SELECT DISTINCT draw_id::text AS draw_id FROM house.lottery_tickets WHERE status = 'refunding'`);
    for (const { draw_id } of refunding) await this.background(`refund:${draw_id}`, () => finishRefunds(this.deps, draw_id).then(() => undefined));
  }

  /**
   * Everything a restart cut short, awaited: refunds, draws of any game left drawn but not settled, then the games
   * this instance runs moved on to now.
   */
  async recover(): Promise<void> {
    await this.sweep();
    await Promise.all([...this.inFlight.values()]);
    const drawn = await drawsWhere(this.deps.db.orm, sql`d.status = 'drawn'`, sql`ORDER BY d.draw_at`);
    for (const draw of drawn) await this.background(draw.draw_id, () => settleDraw(this.deps, draw.draw_id).then(() => undefined));
    const nowMs = Date.now();
    for (const game of this.games()) await this.advance(game, nowMs, true);
  }

  /** Commits a game's draws as of `nowMs` (tests commit ahead of time). */
  commit(gameCode: string, nowMs: number): Promise<number> {
    return commitDraws(this.deps, this.game(gameCode), nowMs);
  }

  /** Closes and draws one draw now, without settling it (tests settle it step by step). */
  produce(gameCode: string, drawNo: string) {
    const game = this.game(gameCode);
    return this.withDraw(gameCode, drawNo, async (drawId) => {
      const draw = (await findDraw(this.deps.db.orm, sql`d.draw_id = ${drawId}`))!;
      if (draw.status === 'open') await closeDraw(this.deps, draw);
      return produceDraw(this.deps, game, { ...draw, status: 'closed' });
    });
  }

  /** Settles one draw now (tests cut it short with `stopAfter`). */
  settle(gameCode: string, drawNo: string, options: SettleOptions = {}) {
    return this.withDraw(gameCode, drawNo, (drawId) => settleDraw(this.deps, drawId, options));
  }

  /** Cancels a draw not yet drawn; its refunds run in the background unless `wait`. */
  async cancel(gameCode: string, drawNo: string, reason: string, wait = false) {
    const cancelled = await this.withDraw(gameCode, drawNo, (drawId) => cancelDraw(this.deps, drawId, reason, { refund: false }));
    const refunds = this.background(`refund:${cancelled.draw_id}`, () => finishRefunds(this.deps, cancelled.draw_id).then(() => undefined));
    if (wait) await refunds;
    return drawView(cancelled);
  }

  private async withDraw<T>(gameCode: string, drawNo: string, work: (drawId: string) => Promise<T>): Promise<T> {
    requireLotteryGame(this.deps, gameCode);
    const draw = await findDraw(this.deps.db.orm, sql`d.game_code = ${gameCode} AND d.draw_no = ${drawNo}`);
    if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND', { field: 'drawNo' });
    return work(draw.draw_id);
  }

  /** A game by code with this instance's schedule (tests move it on by hand). */
  game(gameCode: string): LotteryGameDefinition {
    const found = findLotteryGame(gameCode);
    if (!found) throw new AppError('LOTTERY_GAME_NOT_FOUND', { field: 'gameCode' });
    return effectiveGame(found, this.deps.config);
  }

  reportDraws(): Promise<number> {
    return reportDraws(this.deps);
  }

  /** This instance's lottery settings (tests build a reporter of their own from them). */
  configForTests() {
    return this.deps.config;
  }

  handlers(): LotteryHandlers {
    const deps = this.deps;
    return {
      lotteryGames: () => lotteryGames(deps),
      lotteryGameState: (input) => lotteryGameState(deps, input),
      placeLotterySlip: (input) => placeLotterySlip(deps, input),
      lotteryMyTickets: (input) => lotteryMyTickets(deps, input),
      lotteryHistory: (input) => lotteryHistory(deps, input),
      lotteryTrends: (input) => lotteryTrendsOf(deps, input),
      lotteryDrawProof: (input) => lotteryDrawProof(deps, input),
      cancelLotteryDraw: async ({ gameCode, drawNo, operator, reason }) => {
        deps.logger.warn({ gameCode, drawNo, operator, reason }, 'lottery draw cancelled by an operator');
        return this.cancel(gameCode, drawNo, reason ? `cancelled by the operator: ${reason}` : 'cancelled by the operator');
      },
    };
  }
}
