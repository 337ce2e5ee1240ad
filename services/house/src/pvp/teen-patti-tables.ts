import { sql } from 'drizzle-orm';
import { AppError, rows, type Database, type Executor, type Logger, type Outbox } from '@wps/platform';
import {
  formatMinor,
  parseMajor,
  PVP_GAME_CODE,
  PVP_GAME_TYPE,
  PVP_RAKE_BP,
  pvpRakeMinor,
  pvpTableIdSchema,
  type houseTeenPattiRpcMethods,
  type HouseTableEvent,
  type PvpHandProof,
  type PvpTableState,
  type RpcHandlers,
} from '@wps/contracts';
import { hashServerSeed, newServerSeed } from '../fairness/seeds.js';
import type { LiveWallet } from '../live/wallet.js';
import { TableLeaseRunner } from '../tables/table-lease.js';
import { isWalletAnswer, withWalletRetries } from '../tables/wallet-retries.js';
import { DEFAULT_PVP_TABLES, type HousePvpConfig } from './config.js';
import { allowedActions, dealHands, decide, handDeck, type Decision, type HandLimits } from './rules.js';
import {
  findActionByRequest,
  findHand,
  findHandByNo,
  findPvpTable,
  handActions,
  handPlayers,
  handProof,
  handState,
  handView,
  HAND_COLUMNS,
  latestHand,
  maskAccount,
  openHand,
  tableSeats,
  tableView,
  type HandPlayerRow,
  type HandRow,
  type PvpTableRow,
} from './store.js';

export interface TeenPattiDeps {
  db: Database;
  /** The house schema's outbox (the live tables' one): table events leave in the transaction that changes the hand. */
  outbox: Outbox;
  wakeRelay: () => void;
  /** The signed seamless-wallet calls of ../live/wallet.ts, which let a call name its game type (PVP). */
  wallet: LiveWallet;
  logger: Logger;
  config: HousePvpConfig;
}

type Handlers = RpcHandlers<typeof houseTeenPattiRpcMethods>;
type PlayerInput = { memberId: string; merchantCode: string; currency: string; account: string };

/** The lease is renewed well before it runs out rather than on every tick: an idle table costs a few reads a second. */
const LEASE_RENEW_MS = 5_000;
const HISTORY_SIZE = 10;
/** How long past the turn deadline a stake may stay unconfirmed before the hand is given up and refunded. */
const STUCK_STAKE_MS = 60_000;

/** Wallet ids are derived from the hand: a repeated call (a retry, a recovery) moves money at most once. */
export const pvpWalletRoundId = (handId: string, memberId: string): string => `hp:${handId}:${memberId}`;
export const pvpBetTransactionId = (handId: string, seq: number): string => `hp-bet:${handId}:${seq}`;
export const pvpWinTransactionId = (handId: string, memberId: string): string => `hp-win:${handId}:${memberId}`;
export const pvpRollbackTransactionId = (betTransactionId: string): string => `hp-rb:${betTransactionId}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The Teen Patti tables of the house vendor. Every instance serves sit, stand and act; each table's clock (the
 * countdown, dealing, turn timeouts) is kept by whichever instance holds the table's lease, the same pattern as the
 * live tables. A hand cut short by a restart has every stake refunded by the next lease holder; a decided one is paid.
 */
export class TeenPattiTables {
  private readonly leases: TableLeaseRunner;

  constructor(private readonly deps: TeenPattiDeps) {
    this.leases = new TableLeaseRunner({ db: deps.db, logger: deps.logger, table: 'house.pvp_tables', renewMs: LEASE_RENEW_MS, failureMessage: 'teen patti table failed; recovering' });
  }

  async ensureTables(): Promise<void> {
    for (const table of DEFAULT_PVP_TABLES) {
      await this.deps.db.orm.execute(sql`
        INSERT INTO house.pvp_tables (table_id, name, boot, max_stake, pot_limit, seats, client_seed)
        VALUES (${table.tableId}, ${table.name}, ${table.boot}, ${table.maxStake}, ${table.potLimit}, ${table.seats}, ${table.clientSeed})
        ON CONFLICT (table_id) DO NOTHING`);
    }
  }

  async start(): Promise<void> {
    await this.ensureTables();
    if (!this.deps.config.HOUSE_PVP_RUNNERS) return;
    this.leases.start(
      DEFAULT_PVP_TABLES.map((table) => table.tableId),
      { recover: (tableId) => this.recover(tableId), turn: (tableId) => this.tick(tableId), restMs: () => this.deps.config.HOUSE_PVP_TICK_MS },
    );
  }

  stop(): Promise<void> {
    return this.leases.stop();
  }

  /** Wakes the runners: something changed that their clock should look at now rather than at the next tick. */
  private nudge(): void {
    this.leases.wakeAll();
  }

  private async emit(tx: Executor, tableId: string, kind: HouseTableEvent['kind'], hand: { hand_id: string; hand_no: number } | null, data: Record<string, unknown>) {
    const at = Date.now();
    await this.deps.outbox.add(tx, 'house.table_event', tableId, { tableId, kind, roundId: hand?.hand_id ?? '', roundNo: hand?.hand_no ?? 0, at, data: { game: 'teen-patti', ...data } });
  }

  private limits(table: PvpTableRow, currency: string): HandLimits {
    return { maxStakeMinor: parseMajor(table.max_stake, currency)!, potLimitMinor: parseMajor(table.pot_limit, currency)!, maxStakeText: formatMinor(parseMajor(table.max_stake, currency)!, currency) };
  }

  private withRetries<T>(what: string, call: () => Promise<T>): Promise<T> {
    return withWalletRetries(this.deps.logger, what, call);
  }

  // ---- the table's clock ----

  /** A hand found open when the lease is taken was cut short: refunded unless already decided (then paid). */
  private async recover(tableId: string): Promise<void> {
    const hand = await openHand(this.deps.db.orm, tableId);
    if (!hand) return;
    if (hand.status === 'settling') await this.settle(hand.hand_id);
    else await this.refund(hand.hand_id);
  }

  private async tick(tableId: string): Promise<void> {
    const hand = await openHand(this.deps.db.orm, tableId);
    if (hand) {
      if (hand.status === 'settling') return this.settle(hand.hand_id);
      if (hand.status === 'booting') return this.refund(hand.hand_id);
      if (hand.pending_seq === null && hand.turn_seat !== null && hand.turn_deadline_ms !== null && Date.now() >= hand.turn_deadline_ms) await this.timeOut(hand);
      // A stake whose request died on its way to the wallet would hold the hand forever: it is refunded instead.
      else if (hand.pending_seq !== null && hand.turn_deadline_ms !== null && Date.now() >= hand.turn_deadline_ms + STUCK_STAKE_MS) await this.refund(hand.hand_id);
      return;
    }
    const table = (await findPvpTable(this.deps.db.orm, tableId))!;
    const seats = await tableSeats(this.deps.db.orm, tableId);
    if (seats.length >= 2) {
      if (table.starts_ms === null) {
        const startsAt = Date.now() + this.deps.config.HOUSE_PVP_START_SECONDS * 1000;
        await this.deps.db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE house.pvp_tables SET starts_at = ${iso(startsAt)}::timestamptz WHERE table_id = ${tableId}`);
          await this.emit(tx, tableId, 'bets', null, { pvp: 'countdown', startsAt });
        });
        this.deps.wakeRelay();
      } else if (Date.now() >= table.starts_ms) {
        await this.startHand(tableId);
      }
    } else if (table.starts_ms !== null) {
      await this.deps.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE house.pvp_tables SET starts_at = NULL WHERE table_id = ${tableId}`);
        await this.emit(tx, tableId, 'bets', null, { pvp: 'countdown', startsAt: null });
      });
      this.deps.wakeRelay();
    }
  }

  /** Deals a hand to everyone seated: the boots are taken first; a player whose boot is refused is stood up. */
  private async startHand(tableId: string): Promise<void> {
    const serverSeed = newServerSeed();
    const created = await this.deps.db.transaction(async (tx) => {
      const table = (await findPvpTable(tx, tableId, true))!;
      const seats = await tableSeats(tx, tableId);
      if (seats.length < 2) return undefined;
      // The table plays in the currency of its first seat (sitting refuses another currency).
      const currency = seats[0]!.currency;
      const players = seats.filter((seat) => seat.currency === currency);
      const dealer = players.find((seat) => seat.seat_no > table.dealer_seat) ?? players[0]!;
      const from = players.indexOf(dealer) + 1;
      const inTurnOrder = [...players.slice(from), ...players.slice(0, from)];
      const handNo = table.next_hand_no;
      const handId = `${tableId}.${handNo}`;
      const boot = parseMajor(table.boot, currency)!;
      const hands = dealHands(handDeck(serverSeed, table.client_seed, handNo), inTurnOrder.length);
      await tx.execute(sql`UPDATE house.pvp_tables SET next_hand_no = next_hand_no + 1, dealer_seat = ${dealer.seat_no}, starts_at = NULL WHERE table_id = ${tableId}`);
      await tx.execute(sql`INSERT INTO house.pvp_hands (hand_id, table_id, hand_no, status, currency, dealer_seat, stake_minor, server_seed, seed_hash, client_seed, next_seq)
        VALUES (${handId}, ${tableId}, ${handNo}, 'booting', ${currency}, ${dealer.seat_no}, ${boot.toString()}, ${serverSeed}, ${hashServerSeed(serverSeed)}, ${table.client_seed}, ${inTurnOrder.length + 1})`);
      for (const [order, seat] of inTurnOrder.entries()) {
        await tx.execute(sql`INSERT INTO house.pvp_hand_players (hand_id, seat_no, turn_order, member_id, merchant_code, currency, player, cards, status)
          VALUES (${handId}, ${seat.seat_no}, ${order}, ${seat.member_id}, ${seat.merchant_code}, ${currency}, ${seat.player}, ${JSON.stringify(hands[order])}::jsonb, 'active')`);
        await tx.execute(sql`INSERT INTO house.pvp_actions (hand_id, seq, seat_no, member_id, kind, amount_minor, status, wallet_tx)
          VALUES (${handId}, ${order + 1}, ${seat.seat_no}, ${seat.member_id}, 'boot', ${boot.toString()}, 'pending', ${pvpBetTransactionId(handId, order + 1)})`);
      }
      return { handId, handNo, boot, currency, players: inTurnOrder, table };
    });
    if (!created) return;
    const { handId, handNo, boot, currency, players, table } = created;

    const refused: number[] = [];
    await Promise.all(
      players.map(async (seat, order) => {
        const transactionId = pvpBetTransactionId(handId, order + 1);
        try {
          await this.deps.wallet.bet({ player: seat.member_id, currency, transactionId, roundId: pvpWalletRoundId(handId, seat.member_id), gameType: PVP_GAME_TYPE, gameCode: PVP_GAME_CODE, amount: formatMinor(boot, currency) });
        } catch (error) {
          if (!isWalletAnswer(error)) {
            // Nobody knows whether the debit landed: it is rolled back (a late debit is then refused).
            await this.withRetries('rollback', () => this.deps.wallet.rollback({ player: seat.member_id, currency, transactionId: pvpRollbackTransactionId(transactionId), betTransactionId: transactionId, roundId: pvpWalletRoundId(handId, seat.member_id) })).catch(() => undefined);
          }
          this.deps.logger.info({ handId, seat: seat.seat_no, err: error }, 'boot refused; the player is stood up');
          refused.push(seat.seat_no);
        }
      }),
    );
    const booted = players.filter((seat) => !refused.includes(seat.seat_no));
    if (booted.length < 2) {
      await this.deps.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE house.pvp_actions SET status = 'refunded' WHERE hand_id = ${handId} AND seat_no = ANY(${`{${refused.join(',')}}`}::int[])`);
        await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${tableId} AND seat_no = ANY(${`{${refused.join(',')}}`}::int[])`);
      });
      await this.refund(handId);
      return;
    }
    const now = Date.now();
    const deadline = now + this.deps.config.HOUSE_PVP_TURN_SECONDS * 1000;
    await this.deps.db.transaction(async (tx) => {
      if (refused.length) {
        const list = `{${refused.join(',')}}`;
        await tx.execute(sql`UPDATE house.pvp_actions SET status = 'refunded' WHERE hand_id = ${handId} AND seat_no = ANY(${list}::int[])`);
        await tx.execute(sql`UPDATE house.pvp_hand_players SET status = 'refunded' WHERE hand_id = ${handId} AND seat_no = ANY(${list}::int[])`);
        await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${tableId} AND seat_no = ANY(${list}::int[])`);
      }
      await tx.execute(sql`UPDATE house.pvp_actions SET status = 'done' WHERE hand_id = ${handId} AND status = 'pending'`);
      await tx.execute(sql`UPDATE house.pvp_hand_players SET staked_minor = ${boot.toString()} WHERE hand_id = ${handId} AND status = 'active'`);
      await tx.execute(sql`UPDATE house.pvp_hands SET status = 'playing', pot_minor = ${(boot * BigInt(booted.length)).toString()}, turn_seat = ${booted[0]!.seat_no},
          turn_deadline = ${iso(deadline)}::timestamptz WHERE hand_id = ${handId}`);
      const hand = { hand_id: handId, hand_no: handNo };
      await this.emit(tx, tableId, 'round-opened', hand, {
        pvp: 'hand-started',
        seedHash: hashServerSeed(serverSeed),
        clientSeed: table.client_seed,
        seats: booted.map((seat) => seat.seat_no),
        turnSeat: booted[0]!.seat_no,
        turnDeadline: deadline,
        pot: formatMinor(boot * BigInt(booted.length), currency),
        serverTime: now,
      });
    });
    this.deps.wakeRelay();
  }

  /** The player to act let the clock run out: the server packs them (and they are stood up when the hand ends). */
  private async timeOut(seen: HandRow): Promise<void> {
    const ended = await this.deps.db.transaction(async (tx) => {
      const hand = await findHand(tx, seen.hand_id, true);
      if (!hand || hand.status !== 'playing' || hand.pending_seq !== null || hand.turn_seat === null || hand.turn_deadline_ms === null || Date.now() < hand.turn_deadline_ms) return false;
      const players = await handPlayers(tx, hand.hand_id);
      const table = (await findPvpTable(tx, hand.table_id))!;
      const decision = decide(handState(hand, players), hand.turn_seat, 'timeout', this.limits(table, hand.currency));
      const seat = players.find((player) => player.seat_no === hand.turn_seat)!;
      await tx.execute(sql`UPDATE house.pvp_hand_players SET timed_out = true WHERE hand_id = ${hand.hand_id} AND seat_no = ${seat.seat_no}`);
      await this.recordAction(tx, hand, seat, decision, null, 'done');
      return this.apply(tx, hand, decision);
    });
    this.deps.wakeRelay();
    if (ended) await this.settle(seen.hand_id);
  }

  private async recordAction(tx: Executor, hand: HandRow, seat: HandPlayerRow, decision: Decision, requestId: string | null, status: 'pending' | 'done'): Promise<number> {
    const seq = hand.next_seq;
    const walletTx = decision.amountMinor > 0n ? pvpBetTransactionId(hand.hand_id, seq) : null;
    await tx.execute(sql`INSERT INTO house.pvp_actions (hand_id, seq, seat_no, member_id, kind, amount_minor, request_id, status, wallet_tx)
      VALUES (${hand.hand_id}, ${seq}, ${seat.seat_no}, ${seat.member_id}, ${decision.kind}, ${decision.amountMinor.toString()}, ${requestId}, ${status}, ${walletTx})`);
    await tx.execute(sql`UPDATE house.pvp_hands SET next_seq = next_seq + 1 WHERE hand_id = ${hand.hand_id}`);
    hand.next_seq = seq + 1;
    return seq;
  }

  /** Writes a decision into the hand (the stake was paid, or nothing was due) and tells the table. True when it ended the hand. */
  private async apply(tx: Executor, hand: HandRow, decision: Decision): Promise<boolean> {
    const { next, ended } = decision;
    const deadline = ended ? null : Date.now() + this.deps.config.HOUSE_PVP_TURN_SECONDS * 1000;
    for (const player of next.players) {
      await tx.execute(sql`UPDATE house.pvp_hand_players SET staked_minor = ${player.stakedMinor.toString()}, status = ${player.status}
          WHERE hand_id = ${hand.hand_id} AND seat_no = ${player.seatNo} AND status IN ('active', 'packed')`);
    }
    await tx.execute(sql`UPDATE house.pvp_hands SET stake_minor = ${next.stakeMinor.toString()}, pot_minor = ${next.potMinor.toString()}, turn_seat = ${next.turnSeat},
        turn_deadline = ${deadline === null ? null : iso(deadline)}::timestamptz, pending_seq = NULL WHERE hand_id = ${hand.hand_id}`);
    await this.emit(tx, hand.table_id, 'bets', hand, {
      pvp: 'action',
      seatNo: decision.seatNo,
      action: decision.kind,
      amount: formatMinor(decision.amountMinor, hand.currency),
      pot: formatMinor(next.potMinor, hand.currency),
      stake: formatMinor(next.stakeMinor, hand.currency),
      turnSeat: next.turnSeat,
      turnDeadline: deadline,
    });
    if (!ended) return false;
    const pot = next.potMinor;
    const rake = pvpRakeMinor(pot);
    const payout = pot - rake;
    await tx.execute(sql`UPDATE house.pvp_hand_players SET status = CASE WHEN seat_no = ${ended.winnerSeat} THEN 'won' ELSE 'lost' END,
        payout_minor = CASE WHEN seat_no = ${ended.winnerSeat} THEN ${payout.toString()}::bigint ELSE 0 END,
        shown = seat_no = ANY(${`{${ended.shownSeats.join(',')}}`}::int[]) WHERE hand_id = ${hand.hand_id} AND status IN ('active', 'packed')`);
    await tx.execute(sql`UPDATE house.pvp_hands SET status = 'settling', winner_seat = ${ended.winnerSeat}, ended_by = ${ended.by}, rake_minor = ${rake.toString()},
        payout_minor = ${payout.toString()}, turn_seat = NULL, turn_deadline = NULL WHERE hand_id = ${hand.hand_id}`);
    const shown = (await handPlayers(tx, hand.hand_id)).filter((player) => player.shown).map((player) => ({ seatNo: player.seat_no, cards: player.cards }));
    await this.emit(tx, hand.table_id, 'result', hand, {
      pvp: 'result',
      winnerSeat: ended.winnerSeat,
      endedBy: ended.by,
      shown,
      pot: formatMinor(pot, hand.currency),
      rake: formatMinor(rake, hand.currency),
      payout: formatMinor(payout, hand.currency),
    });
    return true;
  }

  /** Pays a decided hand: one win for the winner (pot − rake), a zero win closing each other player's wallet round. */
  private async settle(handId: string): Promise<void> {
    const hand = await findHand(this.deps.db.orm, handId);
    if (!hand || hand.status !== 'settling') return;
    const players = (await handPlayers(this.deps.db.orm, handId)).filter((player) => player.status === 'won' || player.status === 'lost');
    for (const player of players) {
      await this.withRetries('win', () =>
        this.deps.wallet.win({
          player: player.member_id,
          currency: player.currency,
          transactionId: pvpWinTransactionId(handId, player.member_id),
          roundId: pvpWalletRoundId(handId, player.member_id),
          amount: formatMinor(BigInt(player.payout_minor), player.currency),
          settle: true,
        }),
      );
    }
    const done = await this.deps.db.transaction(async (tx) => {
      const [settled] = await rows<HandRow>(tx, sql`UPDATE house.pvp_hands SET status = 'settled', settled_at = now() WHERE hand_id = ${handId} AND status = 'settling' RETURNING ${HAND_COLUMNS}`);
      if (!settled) return false;
      // A player the clock packed is not left to pay boots while away.
      const away = players.filter((player) => player.timed_out).map((player) => player.member_id);
      if (away.length) await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${hand.table_id} AND member_id = ANY(${`{${away.join(',')}}`}::text[])`);
      await this.emit(tx, hand.table_id, 'settled', hand, {
        pvp: 'settled',
        winnerSeat: settled.winner_seat,
        endedBy: settled.ended_by,
        pot: formatMinor(BigInt(settled.pot_minor), hand.currency),
        rake: formatMinor(BigInt(settled.rake_minor ?? '0'), hand.currency),
        payout: formatMinor(BigInt(settled.payout_minor ?? '0'), hand.currency),
        serverSeed: settled.server_seed,
        stoodUp: away.length,
      });
      return true;
    });
    if (done) this.deps.logger.debug({ handId, pot: hand.pot_minor }, 'teen patti hand settled');
    this.deps.wakeRelay();
    this.nudge();
  }

  /** Rolls back every stake of a hand (each debit once, however often this runs) and closes it as refunded. */
  private async refund(handId: string): Promise<void> {
    const hand = await findHand(this.deps.db.orm, handId);
    if (!hand || hand.status === 'settled' || hand.status === 'refunded') return;
    const players = await handPlayers(this.deps.db.orm, handId);
    const stakes = await rows<{ seq: number; member_id: string; wallet_tx: string }>(
      this.deps.db.orm,
      sql`SELECT seq, member_id, wallet_tx FROM house.pvp_actions WHERE hand_id = ${handId} AND wallet_tx IS NOT NULL AND status IN ('pending', 'done')`,
    );
    for (const stake of stakes) {
      const player = players.find((row) => row.member_id === stake.member_id)!;
      await this.withRetries('rollback', () =>
        this.deps.wallet.rollback({ player: stake.member_id, currency: player.currency, transactionId: pvpRollbackTransactionId(stake.wallet_tx), betTransactionId: stake.wallet_tx, roundId: pvpWalletRoundId(handId, stake.member_id) }),
      ).catch((error: unknown) => {
        // Refused means there is nothing to refund: the debit never landed or was already rolled back.
        if (!isWalletAnswer(error)) throw error;
      });
      await this.deps.db.orm.execute(sql`UPDATE house.pvp_actions SET status = 'refunded' WHERE hand_id = ${handId} AND seq = ${stake.seq}`);
    }
    await this.deps.db.transaction(async (tx) => {
      const [refunded] = await rows<{ hand_id: string }>(
        tx,
        sql`UPDATE house.pvp_hands SET status = 'refunded', ended_by = 'refund', rake_minor = 0, payout_minor = 0, turn_seat = NULL, turn_deadline = NULL,
            pending_seq = NULL, settled_at = now() WHERE hand_id = ${handId} AND status NOT IN ('settled', 'refunded') RETURNING hand_id`,
      );
      if (!refunded) return;
      await tx.execute(sql`UPDATE house.pvp_hand_players SET status = 'refunded' WHERE hand_id = ${handId}`);
      await tx.execute(sql`UPDATE house.pvp_tables SET starts_at = NULL WHERE table_id = ${hand.table_id}`);
      await this.emit(tx, hand.table_id, 'settled', hand, { pvp: 'refunded', serverSeed: hand.server_seed });
    });
    this.deps.logger.warn({ handId }, 'teen patti hand refunded');
    this.deps.wakeRelay();
  }

  // ---- the player API ----

  private async requireTable(tableId: string): Promise<PvpTableRow> {
    const table = pvpTableIdSchema.safeParse(tableId).success ? await findPvpTable(this.deps.db.orm, tableId) : undefined;
    if (!table) throw new AppError('PVP_TABLE_NOT_FOUND', { field: 'tableId' });
    return table;
  }

  private async sit(input: Parameters<Handlers['pvpSit']>[0]): Promise<{ seatNo: number }> {
    const table = await this.requireTable(input.tableId);
    const boot = parseMajor(table.boot, input.currency)!;
    const balance = await this.deps.wallet.balance({ player: input.memberId, currency: input.currency });
    if (parseMajor(balance.balance, input.currency)! < boot) throw new AppError('PVP_BELOW_BOOT', { params: { boot: formatMinor(boot, input.currency) } });
    const seatNo = await this.deps.db.transaction(async (tx) => {
      await findPvpTable(tx, table.table_id, true);
      const seats = await tableSeats(tx, table.table_id);
      if (seats.some((seat) => seat.member_id === input.memberId)) throw new AppError('PVP_ALREADY_SEATED');
      if (seats.length >= table.seats) throw new AppError('PVP_TABLE_FULL');
      if (seats.length && seats[0]!.currency !== input.currency) throw new AppError('PVP_TABLE_CURRENCY');
      const taken = new Set(seats.map((seat) => seat.seat_no));
      if (input.seatNo !== undefined && (input.seatNo > table.seats || taken.has(input.seatNo))) throw new AppError('PVP_SEAT_TAKEN', { field: 'seatNo' });
      const seat = input.seatNo ?? Array.from({ length: table.seats }, (_, index) => index + 1).find((candidate) => !taken.has(candidate))!;
      await tx.execute(sql`INSERT INTO house.pvp_seats (table_id, seat_no, member_id, merchant_code, currency, player)
        VALUES (${table.table_id}, ${seat}, ${input.memberId}, ${input.merchantCode}, ${input.currency}, ${maskAccount(input.account)})`);
      await this.emit(tx, table.table_id, 'bets', null, { pvp: 'seated', seatNo: seat });
      return seat;
    });
    this.deps.wakeRelay();
    this.nudge();
    return { seatNo };
  }

  /** Standing up during a hand packs the player first. */
  private async stand(input: Parameters<Handlers['pvpStand']>[0]): Promise<{ stood: boolean }> {
    const table = await this.requireTable(input.tableId);
    const ended = await this.deps.db.transaction(async (tx) => {
      await findPvpTable(tx, table.table_id, true);
      const [seat] = await rows<{ seat_no: number }>(tx, sql`SELECT seat_no FROM house.pvp_seats WHERE table_id = ${table.table_id} AND member_id = ${input.memberId}`);
      if (!seat) throw new AppError('PVP_NOT_SEATED');
      let handEnded: string | null = null;
      const open = await openHand(tx, table.table_id);
      if (open && open.status === 'playing') {
        const hand = (await findHand(tx, open.hand_id, true))!;
        const players = await handPlayers(tx, hand.hand_id);
        const mine = players.find((player) => player.member_id === input.memberId && player.status === 'active');
        if (mine) {
          // The player's own stake is on its way to the wallet: standing waits for it.
          if (hand.pending_seq !== null) throw new AppError('PVP_NOT_YOUR_TURN');
          const decision = decide(handState(hand, players), mine.seat_no, 'leave', this.limits(table, hand.currency));
          await this.recordAction(tx, hand, mine, decision, null, 'done');
          if (await this.apply(tx, hand, decision)) handEnded = hand.hand_id;
        }
      }
      await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${table.table_id} AND member_id = ${input.memberId}`);
      await this.emit(tx, table.table_id, 'bets', null, { pvp: 'stood', seatNo: seat.seat_no });
      return handEnded;
    });
    this.deps.wakeRelay();
    if (ended) await this.settle(ended);
    this.nudge();
    return { stood: true };
  }

  private async act(input: Parameters<Handlers['pvpAct']>[0]) {
    const table = await this.requireTable(input.tableId);
    const answered = (row: { seq: number; kind: Decision['kind']; amount_minor: string }, currency: string) => ({
      seq: row.seq,
      kind: row.kind,
      amount: formatMinor(BigInt(row.amount_minor), currency),
      replayed: true,
    });
    const replay = await findActionByRequest(this.deps.db.orm, input.handId, input.memberId, input.requestId);
    if (replay && replay.status !== 'pending') return answered(replay, input.currency);

    const first = await this.deps.db.transaction(async (tx) => {
      const hand = await findHand(tx, input.handId, true);
      if (!hand || hand.table_id !== table.table_id || hand.status !== 'playing') throw new AppError('PVP_HAND_CLOSED', { field: 'handId' });
      const again = await findActionByRequest(tx, hand.hand_id, input.memberId, input.requestId);
      if (again) return { replayed: again as NonNullable<typeof again>, hand };
      const players = await handPlayers(tx, hand.hand_id);
      const mine = players.find((player) => player.member_id === input.memberId);
      if (!mine) {
        const seated = await rows(tx, sql`SELECT 1 FROM house.pvp_seats WHERE table_id = ${table.table_id} AND member_id = ${input.memberId}`);
        throw new AppError(seated.length ? 'PVP_NOT_IN_HAND' : 'PVP_NOT_SEATED');
      }
      if (mine.status !== 'active') throw new AppError('PVP_NOT_IN_HAND');
      if (hand.pending_seq !== null || hand.turn_seat !== mine.seat_no) throw new AppError('PVP_NOT_YOUR_TURN');
      const decision = decide(handState(hand, players), mine.seat_no, input.action, this.limits(table, hand.currency));
      const paying = decision.amountMinor > 0n;
      const seq = await this.recordAction(tx, hand, mine, decision, input.requestId, paying ? 'pending' : 'done');
      if (paying) {
        await tx.execute(sql`UPDATE house.pvp_hands SET pending_seq = ${seq} WHERE hand_id = ${hand.hand_id}`);
        return { hand, decision, seq, mine, ended: false };
      }
      return { hand, decision, seq, mine, ended: await this.apply(tx, hand, decision) };
    });
    if (first.replayed) {
      const replayed = first.replayed;
      // The same request is still paying: its answer is the first one's once it lands.
      for (let waited = 0; replayed.status === 'pending' && waited < 5_000; waited += 100) {
        await sleep(100);
        const now = await findActionByRequest(this.deps.db.orm, input.handId, input.memberId, input.requestId);
        if (!now) throw new AppError('PVP_HAND_CLOSED');
        if (now.status !== 'pending') return answered(now, first.hand.currency);
      }
      return answered(replayed, first.hand.currency);
    }
    const { hand, decision, seq, mine } = first;
    let ended = first.ended;
    if (decision.amountMinor > 0n) {
      const transactionId = pvpBetTransactionId(hand.hand_id, seq);
      const roundId = pvpWalletRoundId(hand.hand_id, mine.member_id);
      const forget = () =>
        this.deps.db.transaction(async (tx) => {
          await tx.execute(sql`DELETE FROM house.pvp_actions WHERE hand_id = ${hand.hand_id} AND seq = ${seq} AND status = 'pending'`);
          await tx.execute(sql`UPDATE house.pvp_hands SET pending_seq = NULL WHERE hand_id = ${hand.hand_id} AND pending_seq = ${seq}`);
        });
      try {
        await this.deps.wallet.bet({ player: mine.member_id, currency: mine.currency, transactionId, roundId, gameType: PVP_GAME_TYPE, gameCode: PVP_GAME_CODE, amount: formatMinor(decision.amountMinor, mine.currency) });
      } catch (error) {
        if (isWalletAnswer(error)) {
          await forget();
          throw error;
        }
        await this.deps.wallet
          .rollback({ player: mine.member_id, currency: mine.currency, transactionId: pvpRollbackTransactionId(transactionId), betTransactionId: transactionId, roundId })
          .then(forget, () => undefined);
        throw new AppError('PVP_WALLET_UNAVAILABLE', { cause: error });
      }
      ended = await this.deps.db.transaction(async (tx) => {
        const current = await findHand(tx, hand.hand_id, true);
        // A recovery refunded the hand while the debit was on its way; the refund rolled this stake back too.
        if (!current || current.status !== 'playing' || current.pending_seq !== seq) throw new AppError('PVP_HAND_CLOSED', { field: 'handId' });
        await tx.execute(sql`UPDATE house.pvp_actions SET status = 'done' WHERE hand_id = ${hand.hand_id} AND seq = ${seq}`);
        return this.apply(tx, current, decision);
      });
    }
    this.deps.wakeRelay();
    if (ended) await this.settle(hand.hand_id);
    else this.nudge();
    return { seq, kind: decision.kind, amount: formatMinor(decision.amountMinor, hand.currency), replayed: false };
  }

  private async state(tableId: string, memberId: string | undefined): Promise<PvpTableState> {
    const table = await this.requireTable(tableId);
    const db = this.deps.db.orm;
    const seats = await tableSeats(db, table.table_id);
    const hand = await latestHand(db, table.table_id);
    const players = hand ? await handPlayers(db, hand.hand_id) : [];
    const actions = hand ? await handActions(db, hand.hand_id) : [];
    const history = await rows<HandRow & { winner: string | null }>(
      db,
      sql`SELECT ${HAND_COLUMNS}, (SELECT player FROM house.pvp_hand_players p WHERE p.hand_id = h.hand_id AND p.seat_no = h.winner_seat) AS winner
          FROM house.pvp_hands h WHERE table_id = ${table.table_id} AND status IN ('settled', 'refunded') ORDER BY hand_no DESC LIMIT ${HISTORY_SIZE}`,
    );
    const mySeat = memberId ? (seats.find((seat) => seat.member_id === memberId)?.seat_no ?? null) : null;
    const mine = memberId ? players.find((player) => player.member_id === memberId) : undefined;
    const canAct =
      hand && mine && hand.status === 'playing' && hand.pending_seq === null && mine.status === 'active'
        ? allowedActions(handState(hand, players), mine.seat_no, this.limits(table, hand.currency))
        : [];
    return {
      table: tableView(table, this.deps.config.HOUSE_PVP_TURN_SECONDS),
      seats: seats.map((seat) => ({ seatNo: seat.seat_no, player: seat.player, mine: seat.member_id === memberId })),
      startsAt: table.starts_ms,
      hand: hand ? handView(hand, players, actions, memberId) : null,
      mySeat,
      myCards: mine ? mine.cards : null,
      canAct,
      history: history.map((row) => ({
        handId: row.hand_id,
        handNo: row.hand_no,
        status: row.status,
        currency: row.currency,
        pot: formatMinor(BigInt(row.pot_minor), row.currency),
        rake: formatMinor(BigInt(row.rake_minor ?? '0'), row.currency),
        winnerSeat: row.winner_seat,
        winner: row.winner,
        endedBy: row.ended_by,
        seedHash: row.seed_hash,
        serverSeed: row.server_seed,
      })),
      serverTime: Date.now(),
    };
  }

  /** A finished hand's seed and result; a hand still in play keeps its seed (and so its cards) secret. */
  private async proof(tableId: string, handNo: number): Promise<PvpHandProof> {
    const table = await this.requireTable(tableId);
    const hand = Number.isSafeInteger(handNo) && handNo > 0 ? await findHandByNo(this.deps.db.orm, table.table_id, handNo) : undefined;
    if (!hand) throw new AppError('PVP_HAND_NOT_FOUND', { field: 'handNo' });
    if (hand.status !== 'settled' && hand.status !== 'refunded') throw new AppError('PVP_HAND_NOT_FINISHED', { field: 'handNo' });
    return handProof(hand, await handPlayers(this.deps.db.orm, hand.hand_id), await handActions(this.deps.db.orm, hand.hand_id));
  }

  private async rooms() {
    const found = await rows<PvpTableRow & { seated: number; playing: boolean }>(
      this.deps.db.orm,
      sql`SELECT t.table_id, t.name, t.boot, t.max_stake, t.seats,
            (SELECT count(*)::int FROM house.pvp_seats s WHERE s.table_id = t.table_id) AS seated,
            EXISTS (SELECT 1 FROM house.pvp_hands h WHERE h.table_id = t.table_id AND h.status IN ('booting', 'playing', 'settling')) AS playing
          FROM house.pvp_tables t ORDER BY t.table_id`,
    );
    return found.map((row) => ({ roomId: row.table_id, name: row.name, gameCode: PVP_GAME_CODE, boot: row.boot, maxStake: row.max_stake, seats: row.seats, seated: row.seated, playing: row.playing, rakeBp: PVP_RAKE_BP }));
  }

  handlers(): Handlers {
    return {
      pvpRooms: () => this.rooms(),
      pvpTableState: ({ tableId, memberId }) => this.state(tableId, memberId),
      pvpSit: (input) => this.sit(input),
      pvpStand: (input) => this.stand(input),
      pvpAct: (input) => this.act(input),
      pvpHandProof: ({ tableId, handNo }) => this.proof(tableId, handNo),
    };
  }
}
