import { sql } from 'drizzle-orm';
import { DrawStream, formatMinor, MINES_TILES, type HousePlayer, type HouseRound, type VendorAnswer } from '@wps/contracts';
import { AppError, rows, type Database, type Executor, type Logger, isUniqueViolation } from '@wps/platform';
import { nodeBlocks, SeedStore } from './fairness/seeds.js';
import { allSafeRevealed, BP, minesPayoutBp, placeMines, winOf, type Resolved } from './games.js';
import type { HouseWallet, WalletPlayer } from './wallet-client.js';

export const MINES_GAME = 'house-mines';

interface RoundRow {
  id: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  game: string;
  seed_id: string;
  nonce: number;
  client_seed: string;
  amount_minor: string;
  win_minor: string;
  multiplier_bp: string;
  state: HouseRound['state'];
  params: Record<string, unknown>;
  result: Record<string, unknown>;
  created_at: string;
  settled_at: string | null;
  server_seed_hash: string;
  server_seed: string | null;
}

const ROUND_COLUMNS = sql`r.id::text, r.member_id::text, r.merchant_code, r.currency, r.game, r.seed_id::text, r.nonce, r.client_seed,
  r.amount_minor::text, r.win_minor::text, r.multiplier_bp::text, r.state, r.params, r.result,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(r.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS settled_at,
  s.server_seed_hash, CASE WHEN s.revealed_at IS NOT NULL THEN s.server_seed END AS server_seed`;

/** The round's own columns, for statements that return the row they wrote. */
const INSERTED_COLUMNS = sql`r.id::text, r.member_id::text, r.merchant_code, r.currency, r.game, r.seed_id::text, r.nonce, r.client_seed,
  r.amount_minor::text, r.win_minor::text, r.multiplier_bp::text, r.state, r.params, r.result,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(r.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS settled_at`;

/** Ids the wallet sees: derived from the round id, so every retry of a call carries the same transaction id. */
export const walletIds = (roundId: string) => ({ roundId: `HS${roundId}`, bet: `HS${roundId}-bet`, win: `HS${roundId}-win`, refund: `HS${roundId}-refund` });

/** The wallet answered and refused: nothing happened there. Anything else (a timeout, a 5xx) leaves the outcome unknown. */
const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

export interface RoundsDeps {
  db: Database;
  wallet: () => HouseWallet;
  logger: Logger;
  walletTimeoutMs: number;
}

/**
 * The life of a solo round: the outcome is fixed from the member's seed pair and the next nonce before the wallet is
 * called; the bet (with its win, for instant games) goes to the wallet under ids derived from the round; a refusal
 * removes the round and gives the nonce back, an unknown outcome leaves it for the recovery sweep, which repeats the
 * same calls until the wallet answers.
 */
export class Rounds {
  readonly seeds = new SeedStore();
  constructor(private readonly deps: RoundsDeps) {}

  private async withTimeout<T>(call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        call(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('wallet call timed out')), this.deps.walletTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  view(row: RoundRow, balance?: string): HouseRound {
    const finished = row.state === 'settled' || row.state === 'refunded';
    const result = { ...row.result };
    // The mines stay hidden while the round can still be played.
    if (row.game === MINES_GAME && !finished) delete result.mines;
    return {
      roundId: row.id,
      game: row.game,
      state: row.state,
      currency: row.currency,
      amount: formatMinor(BigInt(row.amount_minor), row.currency),
      win: formatMinor(BigInt(row.win_minor), row.currency),
      multiplier: (Number(row.multiplier_bp) / 10_000).toFixed(4),
      serverSeedHash: row.server_seed_hash,
      serverSeed: row.server_seed,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      params: row.params,
      result,
      createdAt: row.created_at,
      settledAt: row.settled_at,
      ...(balance !== undefined ? { balance } : {}),
    };
  }

  private async load(executor: Executor, where: ReturnType<typeof sql>, lock = false): Promise<RoundRow | undefined> {
    const [row] = await rows<RoundRow>(executor, sql`SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.seeds s ON s.id = r.seed_id WHERE ${where} ${lock ? sql`FOR UPDATE OF r` : sql``}`);
    return row;
  }

  private async byRequest(memberId: string, requestId: string, executor: Executor = this.deps.db.orm): Promise<RoundRow | undefined> {
    return this.load(executor, sql`r.member_id = ${memberId} AND r.request_id = ${requestId}`);
  }

  /** The round a request made before, if any (a retried call answers it). */
  async roundOfRequest(executor: Executor, memberId: string, requestId: string): Promise<HouseRound | undefined> {
    const row = await this.byRequest(memberId, requestId, executor);
    return row ? this.view(row) : undefined;
  }

  /**
   * Plays a round whose stake a free-rounds grant pays, inside the caller's transaction (which holds the grant's
   * lock): the outcome comes from the member's seed pair and next nonce like any round, and the round is stored
   * settled at once, since no money moves for it.
   */
  async playFree(
    tx: Executor,
    input: { player: HousePlayer; game: string; amountMinor: bigint; requestId: string | undefined; freeRoundsId: string; resolve: (draws: DrawStream) => Resolved },
  ): Promise<{ round: HouseRound; winMinor: bigint }> {
    const { player, game } = input;
    const seed = await this.seeds.takeNonce(tx, player.memberId, game);
    const resolved = input.resolve(new DrawStream(nodeBlocks(seed.serverSeed, seed.clientSeed, seed.nonce)));
    const [row] = await rows<RoundRow>(
      tx,
      sql`INSERT INTO house.rounds AS r (member_id, merchant_code, currency, game, seed_id, nonce, client_seed, amount_minor, win_minor, multiplier_bp, state, params, result,
                                         request_id, settled_at, free_rounds_id)
          VALUES (${player.memberId}, ${player.merchantCode}, ${player.currency}, ${game}, ${seed.id}, ${seed.nonce}, ${seed.clientSeed}, ${input.amountMinor.toString()},
                  ${resolved.winMinor.toString()}, ${resolved.multiplierBp.toString()}, 'settled', ${JSON.stringify({ ...resolved.params, freeRoundsId: input.freeRoundsId })}::jsonb,
                  ${JSON.stringify(resolved.result)}::jsonb, ${input.requestId ?? null}, now(), ${input.freeRoundsId})
          RETURNING ${INSERTED_COLUMNS}`,
    );
    return { round: this.view({ ...row!, server_seed_hash: seed.serverSeedHash, server_seed: null }), winMinor: resolved.winMinor };
  }

  async listRounds(memberId: string, game: string | undefined, pageNo: number, pageSize: number) {
    const filter = game ? sql`AND r.game = ${game}` : sql``;
    const [count] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM house.rounds r WHERE r.member_id = ${memberId} AND r.state <> 'pending' ${filter}`);
    const found = await rows<RoundRow>(
      this.deps.db.orm,
      sql`SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.seeds s ON s.id = r.seed_id
          WHERE r.member_id = ${memberId} AND r.state <> 'pending' ${filter} ORDER BY r.id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`,
    );
    const total = count?.n ?? 0;
    return { content: found.map((row) => this.view(row)), pageNum: pageNo, totalPages: Math.ceil(total / pageSize), total };
  }

  async activeMines(memberId: string): Promise<HouseRound | null> {
    const row = await this.load(this.deps.db.orm, sql`r.member_id = ${memberId} AND r.game = ${MINES_GAME} AND r.state = 'open'`);
    return row ? this.view(row) : null;
  }

  /**
   * Reveals the member's server seed of a game and starts a new pair. Refused while a mines round of that pair is
   * unfinished: its seed would reveal its mines. The seed row's lock keeps a new round from starting meanwhile.
   */
  async rotateSeed(memberId: string, game: string) {
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM house.seeds WHERE member_id = ${memberId} AND game = ${game} AND revealed_at IS NULL FOR UPDATE`);
      const [inPlay] = await rows<{ id: string }>(
        tx,
        sql`SELECT id::text FROM house.rounds WHERE member_id = ${memberId} AND game = ${game} AND game = ${MINES_GAME} AND state IN ('pending', 'open', 'settling') LIMIT 1`,
      );
      if (inPlay) throw new AppError('HOUSE_ROUND_IN_PROGRESS');
      return this.seeds.rotate(tx, memberId, game);
    });
  }

  /** Fixes the outcome: takes the nonce and stores the round as pending, in one transaction. */
  private async open(player: HousePlayer, game: string, amountMinor: bigint, requestId: string | undefined, resolve: (draws: DrawStream) => Resolved): Promise<RoundRow> {
    try {
      const id: RoundRow = await this.deps.db.transaction(async (tx) => {
        const seed = await this.seeds.takeNonce(tx, player.memberId, game);
        const resolved = resolve(new DrawStream(nodeBlocks(seed.serverSeed, seed.clientSeed, seed.nonce)));
        const [row] = await rows<RoundRow>(
          tx,
          sql`INSERT INTO house.rounds AS r (member_id, merchant_code, currency, game, seed_id, nonce, client_seed, amount_minor, win_minor, multiplier_bp, state, params, result, request_id)
              VALUES (${player.memberId}, ${player.merchantCode}, ${player.currency}, ${game}, ${seed.id}, ${seed.nonce}, ${seed.clientSeed}, ${amountMinor.toString()},
                      ${resolved.winMinor.toString()}, ${resolved.multiplierBp.toString()}, 'pending', ${JSON.stringify(resolved.params)}::jsonb,
                      ${JSON.stringify(resolved.result)}::jsonb, ${requestId ?? null})
              RETURNING ${INSERTED_COLUMNS}`,
        );
        return { ...row!, server_seed_hash: seed.serverSeedHash, server_seed: null };
      });
      return id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const replay = requestId ? await this.byRequest(player.memberId, requestId) : undefined;
      if (replay) return replay;
      throw new AppError('HOUSE_ROUND_IN_PROGRESS');
    }
  }

  /** A refused bet leaves no trace: the round goes and its nonce returns to the pair. */
  private async discard(row: RoundRow): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM house.rounds WHERE id = ${row.id} AND state = 'pending'`);
      await this.seeds.returnNonce(tx, row.seed_id, row.nonce);
    });
  }

  private playerOf = (row: RoundRow): WalletPlayer => ({ memberId: row.member_id, currency: row.currency });

  /** Moves a round on; the seed columns are carried over from the row the caller holds (they never change). */
  private async markSettled(round: RoundRow, state: 'settled' | 'refunded' | 'open', from: RoundRow['state']): Promise<RoundRow> {
    const [updated] = await rows<RoundRow>(
      this.deps.db.orm,
      sql`UPDATE house.rounds r SET state = ${state}, settled_at = CASE WHEN ${state} = 'open' THEN NULL ELSE now() END
          WHERE id = ${round.id} AND state = ${from} RETURNING ${INSERTED_COLUMNS}`,
    );
    if (updated) return { ...updated, server_seed_hash: round.server_seed_hash, server_seed: round.server_seed };
    return (await this.load(this.deps.db.orm, sql`r.id = ${round.id}`))!;
  }

  /** Sends a pending round's bet; instant rounds carry their win and settle in the same call. */
  private async sendBet(row: RoundRow): Promise<{ row: RoundRow; answer: VendorAnswer }> {
    const ids = walletIds(row.id);
    const instant = row.game !== MINES_GAME;
    const answer = await this.withTimeout(() =>
      this.deps.wallet().bet(this.playerOf(row), {
        roundId: ids.roundId,
        transactionId: ids.bet,
        gameCode: row.game,
        amount: formatMinor(BigInt(row.amount_minor), row.currency),
        ...(instant ? { win: formatMinor(BigInt(row.win_minor), row.currency) } : {}),
      }),
    );
    return { row: await this.markSettled(row, instant ? 'settled' : 'open', 'pending'), answer };
  }

  /** Plays a round that is decided at once (dice, plinko, slots). A replayed `requestId` answers the first round. */
  async playInstant(player: HousePlayer, game: string, amountMinor: bigint, requestId: string | undefined, resolve: (draws: DrawStream) => Resolved): Promise<HouseRound> {
    return this.begin(player, game, amountMinor, requestId, resolve);
  }

  private async begin(player: HousePlayer, game: string, amountMinor: bigint, requestId: string | undefined, resolve: (draws: DrawStream) => Resolved): Promise<HouseRound> {
    const row = await this.open(player, game, amountMinor, requestId, resolve);
    if (row.state !== 'pending') return this.view(row);
    try {
      const sent = await this.sendBet(row);
      return this.view(sent.row, sent.answer.balance);
    } catch (error) {
      if (isRefusal(error)) {
        await this.discard(row);
        throw error;
      }
      this.deps.logger.warn({ err: error, roundId: row.id }, 'bet outcome unknown; the recovery sweep will finish the round');
      throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
    }
  }

  async startMines(player: HousePlayer, mines: number, amountMinor: bigint, requestId: string | undefined): Promise<HouseRound> {
    return this.begin(player, MINES_GAME, amountMinor, requestId, (draws) => ({
      params: { mines },
      result: { mines: placeMines(mines, draws), revealed: [] as number[] },
      multiplierBp: BP,
      winMinor: 0n,
    }));
  }

  /** Decides a mines step under the round's row lock; a hit or the last safe tile moves the round to settling. */
  async revealTile(player: HousePlayer, roundId: string, tile: number): Promise<HouseRound> {
    const row = await this.deps.db.transaction(async (tx) => {
      const round = await this.openMines(tx, player, roundId);
      const mines = round.result.mines as number[];
      const revealed = round.result.revealed as number[];
      if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES || revealed.includes(tile)) throw new AppError('HOUSE_TILE_INVALID', { field: 'tile' });
      const count = Number(round.params.mines);
      const nextRevealed = [...revealed, tile];
      if (mines.includes(tile)) {
        await tx.execute(
          sql`UPDATE house.rounds SET state = 'settling', win_minor = 0, multiplier_bp = 0, result = ${JSON.stringify({ ...round.result, revealed: nextRevealed, hit: tile })}::jsonb WHERE id = ${round.id}`,
        );
      } else {
        const multiplierBp = minesPayoutBp(count, nextRevealed.length);
        const done = allSafeRevealed(count, nextRevealed.length);
        await tx.execute(
          sql`UPDATE house.rounds SET state = ${done ? 'settling' : 'open'}, multiplier_bp = ${multiplierBp.toString()},
                win_minor = ${done ? winOf(BigInt(round.amount_minor), multiplierBp).toString() : '0'},
                result = ${JSON.stringify({ ...round.result, revealed: nextRevealed })}::jsonb
              WHERE id = ${round.id}`,
        );
      }
      return (await this.load(tx, sql`r.id = ${round.id}`))!;
    });
    return row.state === 'settling' ? this.paySettling(row) : this.view(row);
  }

  async cashOut(player: HousePlayer, roundId: string): Promise<HouseRound> {
    const row = await this.deps.db.transaction(async (tx) => {
      const round = await this.openMines(tx, player, roundId);
      if ((round.result.revealed as number[]).length === 0) throw new AppError('HOUSE_NOTHING_TO_CASH_OUT');
      await tx.execute(sql`UPDATE house.rounds SET state = 'settling', win_minor = ${winOf(BigInt(round.amount_minor), BigInt(round.multiplier_bp)).toString()} WHERE id = ${round.id}`);
      return (await this.load(tx, sql`r.id = ${round.id}`))!;
    });
    return this.paySettling(row);
  }

  /** The member's own open mines round, locked; another member's round is simply not found. */
  private async openMines(tx: Executor, player: HousePlayer, roundId: string): Promise<RoundRow> {
    const round = await this.load(tx, sql`r.id = ${roundId} AND r.member_id = ${player.memberId} AND r.game = ${MINES_GAME}`, true);
    if (!round) throw new AppError('HOUSE_ROUND_NOT_FOUND', { field: 'roundId' });
    if (round.state !== 'open') throw new AppError('HOUSE_ROUND_CLOSED', { field: 'roundId' });
    return round;
  }

  private async paySettling(row: RoundRow): Promise<HouseRound> {
    const ids = walletIds(row.id);
    try {
      const answer = await this.withTimeout(() =>
        this.deps.wallet().win(this.playerOf(row), { roundId: ids.roundId, transactionId: ids.win, betTransactionId: ids.bet, amount: formatMinor(BigInt(row.win_minor), row.currency) }),
      );
      return this.view(await this.markSettled(row, 'settled', 'settling'), answer.balance);
    } catch (error) {
      this.deps.logger.warn({ err: error, roundId: row.id }, 'win not confirmed; the recovery sweep will pay it');
      // The result stands; only the payment is pending, so the player sees the round as decided.
      return this.view(row);
    }
  }

  /** Refunds a mines round nobody revealed a tile of (or whose bet may not have arrived). */
  private async refund(row: RoundRow): Promise<void> {
    const ids = walletIds(row.id);
    await this.withTimeout(() => this.deps.wallet().rollback(this.playerOf(row), { transactionId: ids.refund, betTransactionId: ids.bet, roundId: ids.roundId }));
    await this.deps.db.orm.execute(sql`UPDATE house.rounds SET state = 'refunded', win_minor = 0, settled_at = now() WHERE id = ${row.id} AND state IN ('pending', 'open')`);
  }

  /**
   * Finishes rounds a failure or a restart left behind. `afterRestart` also settles mines rounds in play: cashed out
   * at the last safe multiplier, or refunded when no tile was revealed.
   */
  async recover(options: { afterRestart: boolean; olderThanMs: number }): Promise<number> {
    const states = options.afterRestart ? sql`('pending', 'open', 'settling')` : sql`('pending', 'settling')`;
    const found = await rows<RoundRow>(
      this.deps.db.orm,
      sql`SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.seeds s ON s.id = r.seed_id
          WHERE r.state IN ${states} AND r.created_at < now() - make_interval(secs => ${options.olderThanMs / 1000}) ORDER BY r.id LIMIT 500`,
    );
    let finished = 0;
    for (const row of found) {
      try {
        if (row.state === 'settling') await this.paySettling(row);
        else if (row.state === 'pending' && row.game !== MINES_GAME) {
          try {
            await this.sendBet(row);
          } catch (error) {
            if (!isRefusal(error)) throw error;
            await this.discard(row);
          }
        } else if (row.state === 'pending') await this.refund(row);
        else if ((row.result.revealed as number[]).length === 0) await this.refund(row);
        else {
          await this.deps.db.orm.execute(
            sql`UPDATE house.rounds SET state = 'settling', win_minor = ${winOf(BigInt(row.amount_minor), BigInt(row.multiplier_bp)).toString()} WHERE id = ${row.id} AND state = 'open'`,
          );
          await this.paySettling((await this.load(this.deps.db.orm, sql`r.id = ${row.id}`))!);
        }
        finished++;
      } catch (error) {
        this.deps.logger.warn({ err: error, roundId: row.id }, 'round recovery failed; will retry');
      }
    }
    return finished;
  }
}
