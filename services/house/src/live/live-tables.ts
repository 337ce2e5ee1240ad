import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, rows, type Database, type Executor, type Logger, type Outbox } from '@wps/platform';
import { formatMinor, parseMajor, type houseLiveRpcMethods, type HouseTableEvent, type LiveBet, type LiveHistoryEntry, type LiveRoundProof, type LiveTable, type LiveTableState, type RpcHandlers } from '@wps/contracts';
import { chainLinks, CHAIN_LENGTH, newChainStart, OutcomeStream, roundSeed, sha256Hex } from './fairness-chain.js';
import { BP, drawResult, msToReachX100, multiplierX100At, returnBp, validSpot } from './games.js';
import { DEFAULT_TABLES, WALLET_GAME_TYPE, type HouseLiveConfig } from './config.js';
import { betView, findRound, findTable, historyView, normaliseRound, ROUND_COLUMNS, roundView, tableView, type BetRow, type RoundRow, type TableRow } from './store.js';
import { rollbackTransactionId, walletRoundId, winTransactionId, type LiveWallet } from './wallet.js';
import { TableLeaseRunner } from '../tables/table-lease.js';
import { isWalletAnswer, withWalletRetries } from '../tables/wallet-retries.js';

export interface LiveTablesDeps {
  db: Database;
  /** The house schema's outbox; table events go out through it in the transaction that changes the round. */
  outbox: Outbox;
  /** Tells the outbox relay that rows were committed, so pushes leave at once instead of at the next poll. */
  wakeRelay: () => void;
  /** Wakes the relay and resolves once what was committed is on the bus (or after the timeout). */
  flushRelay: (timeoutMs?: number) => Promise<void>;
  wallet: LiveWallet;
  logger: Logger;
  config: HouseLiveConfig;
  schema: string;
}

const HISTORY_SIZE = 20;
/** How long closing waits for bets whose wallet debit is still on its way before refunding them. */
const PENDING_GRACE_MS = 2_000;
const SETTLE_CONCURRENCY = 16;
/** How long settlement waits for the result push to leave before it starts anyway. */
const RESULT_FLUSH_MS = 500;

type Handlers = RpcHandlers<typeof houseLiveRpcMethods>;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let index = 0; index < items.length; index += size) await Promise.all(items.slice(index, index + size).map(work));
}

/**
 * The shared-round tables of the house vendor. Every instance serves bets and cash-outs; the rounds of each table are
 * run by whichever instance holds the table's lease, so two instances never run the same table, and a round cut short
 * by a restart is settled (result drawn) or refunded by the next lease holder.
 */
export class LiveTables {
  private readonly chains = new Map<string, { start: string; links: string[] }>();
  private readonly leases: TableLeaseRunner;

  constructor(private readonly deps: LiveTablesDeps) {
    this.leases = new TableLeaseRunner({ db: deps.db, logger: deps.logger, table: `${deps.schema}.live_tables`, failureMessage: 'live table round failed; recovering' });
  }

  private get running(): boolean {
    return this.leases.running;
  }

  private table(name: string) {
    return sql.raw(`${this.deps.schema}.${name}`);
  }

  /** Creates the default tables once; a table's seed chain is made here and its head published from the start. */
  async ensureTables(): Promise<void> {
    for (const table of DEFAULT_TABLES) {
      const start = newChainStart();
      const head = chainLinks(start, CHAIN_LENGTH).at(-1)!;
      await this.deps.db.orm.execute(sql`
        INSERT INTO ${this.table('live_tables')} (table_id, game, game_code, min_bet, max_bet, betting_seconds, client_seed, chain_start, chain_head, chain_length)
        VALUES (${table.tableId}, ${table.game}, ${table.gameCode}, ${table.minBet}, ${table.maxBet}, ${table.bettingSeconds}, ${table.clientSeed}, ${start}, ${head}, ${CHAIN_LENGTH})
        ON CONFLICT (table_id) DO NOTHING`);
    }
  }

  async start(): Promise<void> {
    await this.ensureTables();
    if (!this.deps.config.HOUSE_LIVE_RUNNERS) return;
    const only = this.deps.config.HOUSE_LIVE_TABLES.split(',').map((id) => id.trim()).filter(Boolean);
    const tableIds = DEFAULT_TABLES.map((table) => table.tableId).filter((tableId) => !only.length || only.includes(tableId));
    // The lease is renewed before every round and checked again at each of its steps.
    this.leases.start(tableIds, { recover: (tableId) => this.recover(tableId), turn: (tableId) => this.playRound(tableId) });
  }

  async stop(): Promise<void> {
    await this.leases.stop();
  }

  private pause(ms: number): Promise<void> {
    return this.leases.pause(ms);
  }

  private lease(tableId: string): Promise<boolean> {
    return this.leases.lease(tableId);
  }

  private bettingSeconds(table: TableRow): number {
    return this.deps.config.HOUSE_LIVE_BETTING_SECONDS ?? table.betting_seconds;
  }

  private async emit(tx: Executor, round: { table_id: string; round_id: string; round_no: number }, kind: HouseTableEvent['kind'], data: Record<string, unknown>, at = Date.now()) {
    await this.deps.outbox.add(tx, 'house.table_event', round.table_id, { tableId: round.table_id, kind, roundId: round.round_id, roundNo: round.round_no, at, data });
  }

  private linksFor(table: TableRow): string[] {
    const cached = this.chains.get(table.table_id);
    if (cached?.start === table.chain_start) return cached.links;
    const links = chainLinks(table.chain_start, table.chain_length);
    this.chains.set(table.table_id, { start: table.chain_start, links });
    return links;
  }

  /** Opens the next round: its seed from the chain, its result drawn and kept private until it is announced. */
  private async openRound(tableId: string): Promise<RoundRow> {
    const round = await this.deps.db.transaction(async (tx) => {
      let table = (await findTable(tx, this.deps.schema, tableId, true))!;
      if (table.next_round_no - table.chain_first_round >= table.chain_length) {
        const start = newChainStart();
        const head = chainLinks(start, CHAIN_LENGTH).at(-1)!;
        await tx.execute(
          sql`UPDATE ${this.table('live_tables')} SET chain_start = ${start}, chain_head = ${head}, chain_length = ${CHAIN_LENGTH}, chain_first_round = next_round_no WHERE table_id = ${tableId}`,
        );
        table = (await findTable(tx, this.deps.schema, tableId, true))!;
      }
      const roundNo = table.next_round_no;
      const { serverSeed, seedHash } = roundSeed(this.linksFor(table), roundNo - table.chain_first_round);
      const drawn = drawResult(table.game, new OutcomeStream(serverSeed, table.client_seed, roundNo));
      const now = Date.now();
      const closes = now + Math.round(this.bettingSeconds(table) * 1000);
      const roundId = `${tableId}.${roundNo}`;
      await tx.execute(sql`UPDATE ${this.table('live_tables')} SET next_round_no = next_round_no + 1 WHERE table_id = ${tableId}`);
      const [row] = await rows<RoundRow>(
        tx,
        sql`INSERT INTO ${this.table('live_rounds')} (round_id, table_id, round_no, status, opens_at, closes_at, seed_hash, server_seed, drawn, odds, growth)
            VALUES (${roundId}, ${tableId}, ${roundNo}, 'betting', ${new Date(now).toISOString()}::timestamptz, ${new Date(closes).toISOString()}::timestamptz,
                    ${seedHash}, ${serverSeed}, ${JSON.stringify(drawn.result)}::jsonb, ${drawn.odds ? JSON.stringify(drawn.odds) : null}::jsonb,
                    ${table.game === 'crash' ? this.deps.config.HOUSE_LIVE_CRASH_GROWTH : null})
            RETURNING ${ROUND_COLUMNS}`,
      );
      const opened = normaliseRound(row!);
      await this.emit(tx, opened, 'round-opened', { round: roundView(opened), serverTime: now }, now);
      return opened;
    });
    this.deps.wakeRelay();
    return round;
  }

  private async playRound(tableId: string): Promise<void> {
    const table = (await findTable(this.deps.db.orm, this.deps.schema, tableId))!;
    const round = await this.openRound(tableId);
    await this.pause(round.closes_ms - Date.now());
    if (!this.running || !(await this.lease(tableId))) return;
    await this.closeBetting(round);
    if (table.game === 'crash') {
      await this.runCrash(round);
    } else {
      await this.pause(this.deps.config.HOUSE_LIVE_REVEAL_MS);
      if (!this.running || !(await this.lease(tableId))) return;
      await this.announce(round);
    }
    await this.settle(round.round_id);
    await this.pause(this.deps.config.HOUSE_LIVE_PAUSE_MS);
  }

  /** Bets whose debit is still on its way get a moment to land; the rest are refunded (the wallet refuses a late one). */
  private async closeBetting(round: RoundRow): Promise<void> {
    const deadline = Date.now() + PENDING_GRACE_MS;
    while (Date.now() < deadline) {
      const [pending] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM ${this.table('live_bets')} WHERE round_id = ${round.round_id} AND status = 'pending'`);
      if (!pending?.n) break;
      await sleep(50);
    }
    await this.refundBets(round.round_id, ['pending']);
    const now = Date.now();
    await this.deps.db.transaction(async (tx) => {
      if (round.growth !== null) {
        await tx.execute(sql`UPDATE ${this.table('live_rounds')} SET status = 'running', started_at = ${new Date(now).toISOString()}::timestamptz WHERE round_id = ${round.round_id}`);
        round.status = 'running';
        round.started_ms = now;
      }
      await this.emit(tx, round, 'betting-closed', { status: round.status, startedAt: round.started_ms, growth: round.growth, serverTime: now }, now);
    });
    this.deps.wakeRelay();
  }

  /** Crash: the curve runs, ticks go out, auto cash-outs are taken as the curve passes them, then the bust. */
  private async runCrash(round: RoundRow): Promise<void> {
    const growth = round.growth!;
    const crashX100 = round.drawn.crashX100 as number;
    const bustAt = round.started_ms! + msToReachX100(crashX100, growth);
    while (this.running) {
      const now = Date.now();
      if (now >= bustAt) break;
      await this.pause(Math.min(this.deps.config.HOUSE_LIVE_TICK_MS, bustAt - now));
      if (!this.running || !(await this.lease(round.table_id))) return;
      const at = Date.now();
      if (at >= bustAt) break;
      const x100 = multiplierX100At(at - round.started_ms!, growth);
      await this.deps.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE ${this.table('live_bets')} SET status = 'cashed', cashout_x100 = auto_cashout_x100, payout_minor = amount_minor * auto_cashout_x100 / 100
                             WHERE round_id = ${round.round_id} AND status = 'placed' AND auto_cashout_x100 <= ${x100}`);
        await this.emit(tx, round, 'tick', { multiplier: (x100 / 100).toFixed(2), elapsedMs: at - round.started_ms! }, at);
      });
      this.deps.wakeRelay();
    }
    if (!this.running) return;
    await this.announce(round);
  }

  /** The result is made public: the decision time goes with it, so clients can measure how late it reached them. */
  private async announce(round: RoundRow): Promise<void> {
    const at = Date.now();
    await this.deps.db.transaction(async (tx) => {
      if (round.drawn.crashX100 !== undefined) {
        await tx.execute(sql`UPDATE ${this.table('live_bets')} SET status = 'cashed', cashout_x100 = auto_cashout_x100, payout_minor = amount_minor * auto_cashout_x100 / 100
                             WHERE round_id = ${round.round_id} AND status = 'placed' AND auto_cashout_x100 <= ${round.drawn.crashX100 as number}`);
      }
      await tx.execute(
        sql`UPDATE ${this.table('live_rounds')} SET status = 'drawn', result = drawn, decided_at = ${new Date(at).toISOString()}::timestamptz WHERE round_id = ${round.round_id}`,
      );
      await this.emit(tx, round, 'result', { result: round.drawn, serverSeed: round.server_seed, seedHash: round.seed_hash }, at);
    });
    // Settlement floods the database with wallet work right after this; on one embedded database the relay would queue
    // behind it and every watcher would see the result late, so the result leaves first. Embedded PGlite answers in
    // promise callbacks alone, which would keep the in-memory bus's delivery (a macrotask) waiting until settlement is
    // done: one turn of the event loop lets the push out to the sockets first.
    await this.deps.flushRelay(RESULT_FLUSH_MS);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private withRetries<T>(what: string, call: () => Promise<T>): Promise<T> {
    return withWalletRetries(this.deps.logger, what, call);
  }

  /** Refunds the bets of a round in the given states: each debit rolled back once, however often this runs. */
  private async refundBets(roundId: string, states: readonly BetRow['status'][]): Promise<void> {
    const taken = await rows<BetRow>(
      this.deps.db.orm,
      sql`UPDATE ${this.table('live_bets')} SET status = 'refunding' WHERE round_id = ${roundId} AND status = ANY(${`{${[...states, 'refunding'].join(',')}}`}::text[]) RETURNING *`,
    );
    const debits = new Map<string, BetRow>();
    for (const bet of taken) debits.set(bet.wallet_bet_tx, bet);
    await inBatches([...debits.values()], SETTLE_CONCURRENCY, async (bet) => {
      await this.withRetries('rollback', () =>
        this.deps.wallet.rollback({
          player: bet.member_id,
          currency: bet.currency,
          transactionId: rollbackTransactionId(bet.wallet_bet_tx),
          betTransactionId: bet.wallet_bet_tx,
          roundId: walletRoundId(roundId, bet.member_id),
        }),
      ).catch((error: unknown) => {
        // Refused means there is nothing to refund (the debit never landed, or was already rolled back).
        if (!isWalletAnswer(error)) throw error;
      });
      await this.deps.db.orm.execute(sql`UPDATE ${this.table('live_bets')} SET status = 'refunded' WHERE wallet_bet_tx = ${bet.wallet_bet_tx} AND status = 'refunding'`);
    });
  }

  /** Pays one player's round: one win (zero for a loss) that settles the player's wallet round. */
  private async payMember(round: RoundRow, memberId: string, currency: string, payoutMinor: bigint) {
    return this.withRetries('win', () =>
      this.deps.wallet.win({
        player: memberId,
        currency,
        transactionId: winTransactionId(round.round_id, memberId),
        roundId: walletRoundId(round.round_id, memberId),
        amount: formatMinor(payoutMinor, currency),
        settle: true,
      }),
    );
  }

  /** Settles every open bet of a drawn round through the wallet, then closes the round and publishes its history. */
  private async settle(roundId: string): Promise<void> {
    const round = await findRound(this.deps.db.orm, this.deps.schema, roundId);
    if (!round || round.status !== 'drawn' || !round.result) return;
    const table = (await findTable(this.deps.db.orm, this.deps.schema, round.table_id))!;
    const bets = await rows<BetRow>(this.deps.db.orm, sql`SELECT * FROM ${this.table('live_bets')} WHERE round_id = ${roundId} AND status IN ('placed', 'cashed', 'won', 'lost', 'push')`);
    const byMember = new Map<string, BetRow[]>();
    for (const bet of bets) byMember.set(bet.member_id, [...(byMember.get(bet.member_id) ?? []), bet]);
    let staked = 0n;
    let paid = 0n;
    await inBatches([...byMember.entries()], SETTLE_CONCURRENCY, async ([memberId, memberBets]) => {
      const outcomes = memberBets.map((bet) => {
        const amount = BigInt(bet.amount_minor);
        if (table.game === 'crash') {
          const payout = bet.status === 'placed' ? 0n : BigInt(bet.payout_minor);
          return { bet, payout, status: payout > 0n ? 'won' : 'lost' };
        }
        const bp = returnBp(table.game, bet.spot, round.result!, round.odds);
        const payout = (amount * BigInt(bp)) / BigInt(BP);
        return { bet, payout, status: bp === BP ? 'push' : payout > 0n ? 'won' : 'lost' };
      });
      const total = outcomes.reduce((sum, outcome) => sum + outcome.payout, 0n);
      await this.payMember(round, memberId, memberBets[0]!.currency, total);
      await this.deps.db.transaction(async (tx) => {
        for (const outcome of outcomes) {
          await tx.execute(sql`UPDATE ${this.table('live_bets')} SET status = ${outcome.status}, payout_minor = ${outcome.payout.toString()} WHERE bet_id = ${outcome.bet.bet_id}`);
        }
      });
      staked += memberBets.reduce((sum, bet) => sum + BigInt(bet.amount_minor), 0n);
      paid += total;
    });
    const at = Date.now();
    await this.deps.db.transaction(async (tx) => {
      const [settled] = await rows<RoundRow>(
        tx,
        sql`UPDATE ${this.table('live_rounds')} SET status = 'settled', settled_at = ${new Date(at).toISOString()}::timestamptz WHERE round_id = ${roundId} AND status = 'drawn' RETURNING ${ROUND_COLUMNS}`,
      );
      if (settled) await this.emit(tx, round, 'settled', { history: historyView(normaliseRound(settled)), players: byMember.size, bets: bets.length }, at);
    });
    this.deps.logger.debug({ roundId, staked: staked.toString(), paid: paid.toString() }, 'live round settled');
    this.deps.wakeRelay();
  }

  /** A round cut short: settled when its result was announced, refunded otherwise (crash cash-outs taken are paid). */
  private async recover(tableId: string): Promise<void> {
    const open = await rows<RoundRow>(
      this.deps.db.orm,
      sql`SELECT ${ROUND_COLUMNS} FROM ${this.table('live_rounds')} WHERE table_id = ${tableId} AND status IN ('betting', 'running', 'drawn') ORDER BY round_no`,
    );
    for (const raw of open) {
      const round = normaliseRound(raw);
      if (round.status === 'drawn') {
        await this.settle(round.round_id);
        continue;
      }
      await this.refundBets(round.round_id, ['pending', 'placed']);
      const cashed = await rows<BetRow>(this.deps.db.orm, sql`SELECT * FROM ${this.table('live_bets')} WHERE round_id = ${round.round_id} AND status IN ('cashed', 'won')`);
      for (const bet of cashed) {
        await this.payMember(round, bet.member_id, bet.currency, BigInt(bet.payout_minor));
        await this.deps.db.orm.execute(sql`UPDATE ${this.table('live_bets')} SET status = 'won' WHERE bet_id = ${bet.bet_id}`);
      }
      const at = Date.now();
      await this.deps.db.transaction(async (tx) => {
        const [refunded] = await rows<RoundRow>(
          tx,
          sql`UPDATE ${this.table('live_rounds')} SET status = 'refunded', settled_at = now() WHERE round_id = ${round.round_id} RETURNING ${ROUND_COLUMNS}`,
        );
        await this.emit(tx, round, 'settled', { history: historyView(normaliseRound(refunded!)), refunded: true }, at);
      });
      this.deps.logger.warn({ roundId: round.round_id }, 'live round cut short was refunded');
    }
    this.deps.wakeRelay();
  }

  // ---- the player API ----

  private async requireTable(tableId: string): Promise<TableRow> {
    const table = z.string().regex(/^[a-z0-9-]{1,40}$/).safeParse(tableId).success ? await findTable(this.deps.db.orm, this.deps.schema, tableId) : undefined;
    if (!table) throw new AppError('LIVE_TABLE_NOT_FOUND', { field: 'tableId' });
    return table;
  }

  private async history(tableId: string, limit: number): Promise<LiveHistoryEntry[]> {
    const found = await rows<RoundRow>(
      this.deps.db.orm,
      sql`SELECT ${ROUND_COLUMNS} FROM ${this.table('live_rounds')} WHERE table_id = ${tableId} AND status IN ('settled', 'refunded') ORDER BY round_no DESC LIMIT ${limit}`,
    );
    return found.map((row) => historyView(normaliseRound(row)));
  }

  private async tables(): Promise<LiveTable[]> {
    const found = await rows<TableRow>(this.deps.db.orm, sql`SELECT * FROM ${this.table('live_tables')} ORDER BY table_id`);
    return found.map((row) => tableView(row, this.bettingSeconds(row)));
  }

  handlers(): Handlers {
    return {
      liveTables: () => this.tables(),
      liveHistory: async ({ tableId, limit }) => {
        await this.requireTable(tableId);
        return this.history(tableId, limit);
      },
      liveTableState: async ({ tableId, memberId }): Promise<LiveTableState> => {
        const table = await this.requireTable(tableId);
        const [current] = await rows<RoundRow>(
          this.deps.db.orm,
          sql`SELECT ${ROUND_COLUMNS} FROM ${this.table('live_rounds')} WHERE table_id = ${tableId} ORDER BY round_no DESC LIMIT 1`,
        );
        const round = current ? normaliseRound(current) : undefined;
        const myBets =
          round && memberId
            ? await rows<BetRow>(this.deps.db.orm, sql`SELECT * FROM ${this.table('live_bets')} WHERE round_id = ${round.round_id} AND member_id = ${memberId} ORDER BY created_at`)
            : [];
        return {
          table: tableView(table, this.bettingSeconds(table)),
          round: round ? roundView(round) : null,
          history: await this.history(tableId, HISTORY_SIZE),
          myBets: myBets.map(betView),
          serverTime: Date.now(),
        };
      },
      liveMyBets: async ({ tableId, memberId, limit }) => {
        await this.requireTable(tableId);
        const found = await rows<BetRow>(
          this.deps.db.orm,
          sql`SELECT * FROM ${this.table('live_bets')} WHERE table_id = ${tableId} AND member_id = ${memberId} ORDER BY created_at DESC LIMIT ${limit}`,
        );
        return found.map(betView);
      },
      liveRoundProof: ({ tableId, roundNo }) => this.roundProof(tableId, roundNo),
      placeLiveBets: (input) => this.placeBets(input),
      liveCashout: (input) => this.cashout(input),
    };
  }

  /** A settled round's seed, chain links and result; refused for a round still in play, whose seed must stay secret. */
  private async roundProof(tableId: string, roundNo: number): Promise<LiveRoundProof> {
    const table = await this.requireTable(tableId);
    const found = await rows<RoundRow>(
      this.deps.db.orm,
      sql`SELECT ${ROUND_COLUMNS} FROM ${this.table('live_rounds')} WHERE table_id = ${tableId} AND round_no IN (${roundNo}, ${roundNo + 1})`,
    );
    const round = found.map(normaliseRound).find((row) => row.round_no === roundNo);
    if (!round) throw new AppError('LIVE_ROUND_NOT_FOUND', { field: 'roundNo' });
    if (round.status !== 'settled' || round.server_seed === null) throw new AppError('LIVE_ROUND_NOT_SETTLED', { field: 'roundNo' });
    const next = found.find((row) => row.round_no === roundNo + 1);
    // Chains all have the table's chain length and follow one another, so a chain starts every `chain_length` rounds.
    const startsChain = (no: number) => (no - table.chain_first_round) % table.chain_length === 0;
    const inCurrentChain = roundNo >= table.chain_first_round;
    return {
      tableId,
      game: table.game,
      roundId: round.round_id,
      roundNo,
      clientSeed: table.client_seed,
      serverSeed: round.server_seed,
      seedHash: round.seed_hash,
      nextSeedHash: next && !startsChain(next.round_no) ? next.seed_hash : null,
      chainHead: inCurrentChain ? table.chain_head : null,
      chainDistance: inCurrentChain ? roundNo - table.chain_first_round + 1 : null,
      result: round.result,
      odds: round.odds,
      settledAt: round.settled_ms,
    };
  }

  private async placeBets(input: Parameters<Handlers['placeLiveBets']>[0]) {
    const table = await this.requireTable(input.tableId);
    const min = parseMajor(table.min_bet, input.currency)!;
    const max = parseMajor(table.max_bet, input.currency)!;
    const params = { min: formatMinor(min, input.currency), max: formatMinor(max, input.currency) };
    const bets = input.bets.map((bet, index) => {
      if (!validSpot(table.game, bet.spot)) throw new AppError('LIVE_BET_SPOT_INVALID', { field: `bets.${index}.spot` });
      const amount = parseMajor(bet.amount, input.currency);
      if (amount === undefined || amount < min || amount > max) throw new AppError('LIVE_BET_LIMITS', { field: `bets.${index}.amount`, params });
      return { spot: bet.spot, amount };
    });
    let autoX100: number | null = null;
    if (table.game === 'crash') {
      if (bets.length !== 1) throw new AppError('LIVE_ONE_BET_PER_ROUND', { field: 'bets' });
      if (input.autoCashout !== undefined) {
        autoX100 = Math.round(Number(input.autoCashout) * 100);
        if (!(autoX100 >= 101)) throw new AppError('VALIDATION_FAILED', { field: 'autoCashout' });
      }
    }
    const total = bets.reduce((sum, bet) => sum + bet.amount, 0n);
    // The table limits bound what one player stakes in a round, whichever way it is split.
    const already = await rows<{ staked: string | null }>(
      this.deps.db.orm,
      sql`SELECT sum(amount_minor)::text AS staked FROM ${this.table('live_bets')} WHERE round_id = ${input.roundId} AND member_id = ${input.memberId} AND status IN ('pending', 'placed')`,
    );
    if (BigInt(already[0]?.staked ?? '0') + total > max) throw new AppError('LIVE_BET_LIMITS', { field: 'bets', params });

    const walletTx = `hl-bet:${randomUUID()}`;
    const rowsToInsert = bets.map((bet) => ({ betId: randomUUID(), ...bet }));
    const round = await this.deps.db.transaction(async (tx) => {
      const found = await findRound(tx, this.deps.schema, input.roundId, true);
      if (!found || found.table_id !== table.table_id || found.status === 'settled' || found.status === 'refunded') throw new AppError('LIVE_ROUND_CLOSED', { field: 'roundId' });
      if (found.status !== 'betting' || Date.now() >= found.closes_ms) throw new AppError('LIVE_BETTING_CLOSED', { field: 'roundId' });
      for (const bet of rowsToInsert) {
        try {
          await tx.execute(sql`INSERT INTO ${this.table('live_bets')} (bet_id, round_id, table_id, member_id, merchant_code, currency, spot, amount_minor, status, auto_cashout_x100, wallet_bet_tx)
            VALUES (${bet.betId}, ${found.round_id}, ${table.table_id}, ${input.memberId}, ${input.merchantCode}, ${input.currency}, ${bet.spot}, ${bet.amount.toString()}, 'pending', ${autoX100}, ${walletTx})`);
        } catch (error) {
          if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505' || /unique|duplicate/i.test(String(error))) {
            throw new AppError('LIVE_ONE_BET_PER_ROUND', { field: 'bets' });
          }
          throw error;
        }
      }
      return found;
    });
    const wallet = walletRoundId(round.round_id, input.memberId);
    const forget = () => this.deps.db.orm.execute(sql`DELETE FROM ${this.table('live_bets')} WHERE wallet_bet_tx = ${walletTx} AND status = 'pending'`);
    let answer;
    try {
      answer = await this.deps.wallet.bet({
        player: input.memberId,
        currency: input.currency,
        transactionId: walletTx,
        roundId: wallet,
        gameType: WALLET_GAME_TYPE[table.game],
        gameCode: table.game_code,
        amount: formatMinor(total, input.currency),
      });
    } catch (error) {
      if (isWalletAnswer(error)) {
        await forget();
        throw error;
      }
      // Nobody knows whether the debit landed: roll it back (the wallet refuses the debit if it arrives later).
      await this.deps.wallet
        .rollback({ player: input.memberId, currency: input.currency, transactionId: rollbackTransactionId(walletTx), betTransactionId: walletTx, roundId: wallet })
        .then(forget, () => undefined);
      throw new AppError('LIVE_WALLET_UNAVAILABLE', { cause: error });
    }
    const confirmed = await rows<BetRow>(
      this.deps.db.orm,
      sql`UPDATE ${this.table('live_bets')} SET status = 'placed' WHERE wallet_bet_tx = ${walletTx} AND status = 'pending' RETURNING *`,
    );
    // Closing refunded the debit while it was on its way: the bet did not make it into the round.
    if (confirmed.length === 0) throw new AppError('LIVE_BETTING_CLOSED', { field: 'roundId' });
    const at = Date.now();
    await this.deps.db.transaction((tx) =>
      this.emit(tx, round, 'bets', { count: confirmed.length, spots: confirmed.map((bet) => bet.spot), amount: formatMinor(total, input.currency), currency: input.currency }, at),
    );
    this.deps.wakeRelay();
    return { bets: confirmed.map(betView), balance: answer.balance, currency: answer.currency };
  }

  private async cashout(input: Parameters<Handlers['liveCashout']>[0]) {
    const table = await this.requireTable(input.tableId);
    if (table.game !== 'crash') throw new AppError('LIVE_CASHOUT_UNAVAILABLE', { field: 'tableId' });
    const at = Date.now();
    const { round, bet } = await this.deps.db.transaction(async (tx) => {
      const found = await findRound(tx, this.deps.schema, input.roundId, true);
      if (!found || found.table_id !== table.table_id || found.status !== 'running' || found.started_ms === null) throw new AppError('LIVE_ROUND_CLOSED', { field: 'roundId' });
      const x100 = multiplierX100At(at - found.started_ms, found.growth!);
      if (x100 >= (found.drawn.crashX100 as number)) throw new AppError('LIVE_ROUND_CLOSED', { field: 'roundId' });
      const [taken] = await rows<BetRow>(
        tx,
        sql`UPDATE ${this.table('live_bets')} SET status = 'cashed', cashout_x100 = LEAST(${x100}, coalesce(auto_cashout_x100, ${x100})),
              payout_minor = amount_minor * LEAST(${x100}, coalesce(auto_cashout_x100, ${x100})) / 100
            WHERE round_id = ${found.round_id} AND member_id = ${input.memberId} AND status = 'placed' RETURNING *`,
      );
      if (!taken) throw new AppError('LIVE_CASHOUT_UNAVAILABLE', { field: 'roundId' });
      await this.emit(tx, found, 'cashout', { multiplier: (taken.cashout_x100! / 100).toFixed(2) }, at);
      return { round: found, bet: taken };
    });
    this.deps.wakeRelay();
    const answer = await this.payMember(round, input.memberId, bet.currency, BigInt(bet.payout_minor));
    const [won] = await rows<BetRow>(this.deps.db.orm, sql`UPDATE ${this.table('live_bets')} SET status = 'won' WHERE bet_id = ${bet.bet_id} RETURNING *`);
    return { bet: betView(won!) as LiveBet, balance: answer.balance, currency: answer.currency };
  }
}
