import { sql } from 'drizzle-orm';
import { onceUntilFailed, rows, type Executor } from '@wps/platform';
import { HOUR_MS } from './rollup.js';

/** One member's sums over a range. */
export interface MemberRangeSums {
  memberId: string;
  betCount: number;
  validBetMinor: bigint;
  profitMinor: bigint;
}

export type MemberSortColumn = 'betCount' | 'validBet' | 'profit';

export interface MemberRangeQuery {
  /** The agent's tree path: its team is every member whose path starts with it. */
  path: string;
  start: Date;
  end: Date;
  /** One member of the team only. */
  memberId?: string | undefined;
  /** Members whose account contains this, in any case. */
  account?: string | undefined;
  sortBy: MemberSortColumn;
  descending: boolean;
  offset: number;
  limit: number;
}

export interface MemberRangePage {
  /** The page's members in order. */
  page: MemberRangeSums[];
  /** Members of the team with anything in the range. */
  total: number;
  totals: Omit<MemberRangeSums, 'memberId'>;
}

/** Figures of up to 2^53 add up exactly as doubles; a range whose sums could pass it is read by the database. */
const EXACT_LIMIT = Number.MAX_SAFE_INTEGER;
/** Hours read per statement while loading. */
const LOAD_DAY_HOURS = 24;
const DAY_MS = 24 * HOUR_MS;
/** A page deeper than this is ordered by a full sort instead of a running best-k. */
const RUNNING_BEST_LIMIT = 2_000;
/** Team masks kept for the agents who read last. */
const MASKS_KEPT = 32;

interface TreeNode {
  path: string;
  account: string;
}

/** Plain ASCII in lower case; null for anything else. */
const asciiLower = (text: string): string | null => (/^[\x20-\x7e]*$/.test(text) ? text.toLowerCase() : null);

interface HourRow {
  member_id: string | null;
  hour: number | null;
  bet_count: number | null;
  valid_bet_minor: number | string | null;
  profit_minor: number | string | null;
  snap: string | null;
}

/**
 * The member-hours of the last `days` days held in memory as columns, for the member-profit report: a team's member
 * sums over any range inside them are one pass over typed arrays (a million member-hours in about 20 ms), where the
 * database groups the same rows in half a second or more.
 *
 * The database stays the record. Every member-hour names the transaction that last wrote it (`changed_by`); before each
 * read the columns take in the rows whose writer their last snapshot did not see, so a read sees every write committed
 * before it, from whichever process made it. A read that the columns cannot answer (still loading, a range older than
 * they hold, an account search where an account is not plain ASCII, sums past 2^53) returns null and the caller asks the database.
 */
export class MemberHourColumns {
  private ready = false;
  stopped = false;
  private loading: Promise<void> | null = null;
  /** The snapshot the columns reflect (every write it sees is in them). */
  private snapshot = '';
  /** The first hour held (hours since the epoch); older rows are dropped as the window moves on. */
  private firstHour = 0;

  // Members: slot per member id.
  private readonly slots = new Map<string, number>();
  private slotIds: string[] = [];
  /** The member's tree path; null while the member has no place in the tree. */
  private slotPaths: (string | null)[] = [];
  /** The member's account in lower case, for the account search; null when it is not plain ASCII (or not known yet). */
  private slotAccounts: (string | null)[] = [];
  private lastRowOfSlot = new Int32Array(1024).fill(-1);
  private readonly unplaced = new Set<number>();
  private nodes = new Map<string, TreeNode>();
  private masks = new Map<string, Uint8Array>();

  // Member-hours: one entry per row, chained per member from its newest.
  private size = 0;
  private rowSlot = new Int32Array(1024);
  private rowHour = new Int32Array(1024);
  private rowPrev = new Int32Array(1024);
  private rowBets = new Float64Array(1024);
  private rowValid = new Float64Array(1024);
  private rowProfit = new Float64Array(1024);

  // A read's sums per slot, reused (reads run their pass without yielding).
  private sumBets = new Float64Array(0);
  private sumValid = new Float64Array(0);
  private sumProfit = new Float64Array(0);
  private touched = new Uint8Array(0);

  private readonly loadOnce = onceUntilFailed(() => this.load());
  private refreshing: Promise<void> | null = null;
  private refreshAgain: Promise<void> | null = null;

  constructor(
    private readonly db: Executor,
    private readonly days: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts loading in the background; reads until it is done return null. */
  start(): Promise<void> {
    this.loading = this.loadOnce();
    return this.loading;
  }

  /** Stops a load under way (between two of its reads) and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.loading?.catch(() => undefined);
  }

  get loaded(): boolean {
    return this.ready;
  }

  /** Member-hours held (for figures). */
  get rowCount(): number {
    return this.size;
  }

  private windowStartHour(): number {
    const today = Math.floor(this.now().getTime() / DAY_MS) * DAY_MS;
    return Math.floor((today - (this.days + 1) * DAY_MS) / HOUR_MS);
  }

  private async load(): Promise<void> {
    const [first] = await rows<{ snap: string }>(this.db, sql`SELECT pg_current_snapshot()::text AS snap`);
    // Everything is read after this snapshot, so it holds what the snapshot sees or newer; the first refresh re-reads
    // what changed since it, newer again.
    this.snapshot = first!.snap;
    this.firstHour = this.windowStartHour();
    const placed = await rows<TreeNode & { member_id: string }>(this.db, sql`SELECT member_id::text AS member_id, path, account FROM agent_contracts.agent_tree WHERE path IS NOT NULL`);
    for (const row of placed) this.nodes.set(row.member_id, row);
    // A day a statement, oldest first; the last reads on to the newest hour there is.
    const lastHour = Math.floor(this.now().getTime() / HOUR_MS);
    for (let from = this.firstHour; from <= lastHour; from += LOAD_DAY_HOURS) {
      if (this.stopped) throw new Error('stopped');
      const until = from + LOAD_DAY_HOURS > lastHour ? sql`` : sql`AND hour < ${new Date((from + LOAD_DAY_HOURS) * HOUR_MS).toISOString()}::timestamptz`;
      const day = await rows<HourRow>(
        this.db,
        sql`SELECT member_id::text AS member_id, (extract(epoch FROM hour) / 3600)::int AS hour, bet_count, valid_bet_minor::float8 AS valid_bet_minor,
                   profit_minor::float8 AS profit_minor, NULL AS snap
              FROM agent_contracts.member_hours
             WHERE hour >= ${new Date(from * HOUR_MS).toISOString()}::timestamptz ${until}`,
      );
      for (const row of day) this.put(row);
    }
    this.nodes = new Map();
    this.ready = true;
  }

  /** Takes in what was written since the last snapshot; a call waits for a refresh that began after it was made. */
  private refresh(): Promise<void> {
    if (!this.refreshing) {
      this.refreshing = this.readChanges().finally(() => {
        this.refreshing = null;
      });
      return this.refreshing;
    }
    this.refreshAgain ??= this.refreshing
      .catch(() => undefined)
      .then(() => {
        this.refreshAgain = null;
        return this.refresh();
      });
    return this.refreshAgain;
  }

  private async readChanges(): Promise<void> {
    const since = this.snapshot;
    // One statement: the snapshot returned is the one the changed rows were read in.
    const changed = await rows<HourRow>(
      this.db,
      sql`SELECT NULL AS member_id, NULL::int AS hour, NULL::int AS bet_count, NULL::float8 AS valid_bet_minor, NULL::float8 AS profit_minor, pg_current_snapshot()::text AS snap
          UNION ALL
          SELECT member_id::text, (extract(epoch FROM hour) / 3600)::int, bet_count, valid_bet_minor::float8, profit_minor::float8, NULL
            FROM agent_contracts.member_hours
           WHERE changed_by >= pg_snapshot_xmin(${since}::pg_snapshot) AND NOT pg_visible_in_snapshot(changed_by, ${since}::pg_snapshot)`,
    );
    for (const row of changed) {
      if (row.member_id === null) this.snapshot = row.snap!;
      else this.put(row);
    }
    const unknown = [...this.unplaced].map((slot) => this.slotIds[slot]!);
    if (unknown.length > 0) {
      const placed = await rows<TreeNode & { member_id: string }>(
        this.db,
        sql`SELECT member_id::text AS member_id, path, account FROM agent_contracts.agent_tree
             WHERE member_id = ANY(${`{${unknown.join(',')}}`}::bigint[]) AND path IS NOT NULL`,
      );
      for (const row of placed) {
        const slot = this.slots.get(row.member_id)!;
        this.slotPaths[slot] = row.path;
        this.slotAccounts[slot] = asciiLower(row.account);
        this.unplaced.delete(slot);
      }
      if (placed.length > 0) this.masks.clear();
    }
    if (this.windowStartHour() - this.firstHour >= 24) this.compact();
  }

  private slotOf(memberId: string): number {
    const known = this.slots.get(memberId);
    if (known !== undefined) return known;
    const slot = this.slotIds.length;
    this.slots.set(memberId, slot);
    this.slotIds.push(memberId);
    const node = this.nodes.get(memberId);
    this.slotPaths.push(node?.path ?? null);
    this.slotAccounts.push(node ? asciiLower(node.account) : null);
    if (!node) this.unplaced.add(slot);
    if (slot >= this.lastRowOfSlot.length) {
      const grown = new Int32Array(this.lastRowOfSlot.length * 2).fill(-1);
      grown.set(this.lastRowOfSlot);
      this.lastRowOfSlot = grown;
    }
    return slot;
  }

  /** Sets a member-hour to the row's figures (a row read again replaces what was held). */
  private put(row: HourRow): void {
    const hour = Number(row.hour);
    if (hour < this.firstHour) return;
    const slot = this.slotOf(row.member_id!);
    let index = this.lastRowOfSlot[slot]!;
    while (index >= 0 && this.rowHour[index] !== hour) index = this.rowPrev[index]!;
    if (index < 0) {
      if (this.size === this.rowSlot.length) this.grow();
      index = this.size++;
      this.rowSlot[index] = slot;
      this.rowHour[index] = hour;
      this.rowPrev[index] = this.lastRowOfSlot[slot]!;
      this.lastRowOfSlot[slot] = index;
    }
    this.rowBets[index] = Number(row.bet_count);
    this.rowValid[index] = Number(row.valid_bet_minor);
    this.rowProfit[index] = Number(row.profit_minor);
  }

  private grow(): void {
    const capacity = this.rowSlot.length * 2;
    const int32 = (from: Int32Array) => {
      const to = new Int32Array(capacity);
      to.set(from);
      return to;
    };
    const float64 = (from: Float64Array) => {
      const to = new Float64Array(capacity);
      to.set(from);
      return to;
    };
    this.rowSlot = int32(this.rowSlot);
    this.rowHour = int32(this.rowHour);
    this.rowPrev = int32(this.rowPrev);
    this.rowBets = float64(this.rowBets);
    this.rowValid = float64(this.rowValid);
    this.rowProfit = float64(this.rowProfit);
  }

  /** Drops the hours that fell out of the window, keeping the rest in order and each member's chain. */
  private compact(): void {
    this.firstHour = this.windowStartHour();
    this.lastRowOfSlot.fill(-1);
    let kept = 0;
    for (let index = 0; index < this.size; index++) {
      if (this.rowHour[index]! < this.firstHour) continue;
      const slot = this.rowSlot[index]!;
      this.rowSlot[kept] = slot;
      this.rowHour[kept] = this.rowHour[index]!;
      this.rowBets[kept] = this.rowBets[index]!;
      this.rowValid[kept] = this.rowValid[index]!;
      this.rowProfit[kept] = this.rowProfit[index]!;
      this.rowPrev[kept] = this.lastRowOfSlot[slot]!;
      this.lastRowOfSlot[slot] = kept;
      kept++;
    }
    this.size = kept;
  }

  /** Which slots are in the team under `path` (kept for the last few agents, extended as members are added). */
  private maskOf(path: string): Uint8Array {
    let mask = this.masks.get(path);
    if (mask && mask.length === this.slotIds.length) return mask;
    const from = mask?.length ?? 0;
    const grown = new Uint8Array(this.slotIds.length);
    if (mask) grown.set(mask);
    for (let slot = from; slot < grown.length; slot++) grown[slot] = this.slotPaths[slot]?.startsWith(path) ? 1 : 0;
    this.masks.delete(path);
    if (this.masks.size >= MASKS_KEPT) this.masks.delete(this.masks.keys().next().value!);
    this.masks.set(path, grown);
    mask = grown;
    return mask;
  }

  /**
   * The team's members (`mask`) whose account contains `search` in any case, as PostgreSQL's lower() reads them; null
   * when a search or an account is not plain ASCII, where lower() follows the database's locale.
   */
  private searchAccounts(mask: Uint8Array, search: string): Uint8Array | null {
    const wanted = asciiLower(search);
    if (wanted === null) return null;
    const found = new Uint8Array(mask.length);
    for (let slot = 0; slot < mask.length; slot++) {
      if (mask[slot] !== 1) continue;
      const account = this.slotAccounts[slot];
      if (account === null || account === undefined) return null;
      if (account.includes(wanted)) found[slot] = 1;
    }
    return found;
  }

  /**
   * The team's members with anything in [start, end) (whole UTC hours starting in it), ordered by the column and then by
   * member id, a page of them, their count and their totals; null when the columns cannot answer.
   */
  async memberPage(query: MemberRangeQuery): Promise<MemberRangePage | null> {
    if (!this.ready) return null;
    const lo = Math.ceil(query.start.getTime() / HOUR_MS);
    const hi = Math.ceil(query.end.getTime() / HOUR_MS);
    if (lo < this.windowStartHour()) return null;
    await this.refresh();
    if (lo < this.firstHour) return null;
    return this.scan(query, lo, hi);
  }

  private scan(query: MemberRangeQuery, lo: number, hi: number): MemberRangePage | null {
    const slotCount = this.slotIds.length;
    if (this.sumBets.length < slotCount) {
      const capacity = Math.max(slotCount, this.sumBets.length * 2);
      this.sumBets = new Float64Array(capacity);
      this.sumValid = new Float64Array(capacity);
      this.sumProfit = new Float64Array(capacity);
      this.touched = new Uint8Array(capacity);
    }
    const { sumBets, sumValid, sumProfit, touched, rowSlot, rowHour, rowBets, rowValid, rowProfit } = this;
    const members: number[] = [];
    // The sum of every figure's size: while it stays within 2^53, every partial sum above was exact.
    let magnitude = 0;
    // The rows to read: one member's chain, or every row (a team's pass, the hot loop, kept free of calls).
    let only = query.memberId === undefined ? undefined : (this.slots.get(query.memberId) ?? -1);
    if (only !== undefined && only >= 0 && query.account !== undefined) {
      const [account, wanted] = [this.slotAccounts[only], asciiLower(query.account)];
      if (account === null || account === undefined || wanted === null) return null;
      if (!account.includes(wanted)) only = -1;
    }
    let mask = only === undefined ? this.maskOf(query.path) : undefined;
    if (mask !== undefined && query.account !== undefined) {
      const found = this.searchAccounts(mask, query.account);
      if (found === null) return null;
      mask = found;
    }
    let index = only === undefined ? 0 : only < 0 ? -1 : this.lastRowOfSlot[only]!;
    const size = this.size;
    while (only === undefined ? index < size : index >= 0) {
      const row = index;
      index = only === undefined ? index + 1 : this.rowPrev[index]!;
      const hour = rowHour[row]!;
      if (hour < lo || hour >= hi) continue;
      const slot = rowSlot[row]!;
      if (mask !== undefined && mask[slot] !== 1) continue;
      const valid = rowValid[row]!;
      const profit = rowProfit[row]!;
      sumBets[slot] = sumBets[slot]! + rowBets[row]!;
      sumValid[slot] = sumValid[slot]! + valid;
      sumProfit[slot] = sumProfit[slot]! + profit;
      magnitude += (valid < 0 ? -valid : valid) + (profit < 0 ? -profit : profit);
      if (touched[slot] === 0) {
        touched[slot] = 1;
        members.push(slot);
      }
    }
    // Members whose sums are all zero are left out (as the database's HAVING does).
    const found: number[] = [];
    let bets = 0;
    let valid = 0;
    let profit = 0;
    for (const slot of members) {
      touched[slot] = 0;
      if (sumBets[slot] === 0 && sumValid[slot] === 0 && sumProfit[slot] === 0) continue;
      found.push(slot);
      bets += sumBets[slot]!;
      valid += sumValid[slot]!;
      profit += sumProfit[slot]!;
    }
    const page = magnitude > EXACT_LIMIT ? null : this.order(found, query).map((slot) => this.sumsOf(slot));
    for (const slot of members) {
      sumBets[slot] = 0;
      sumValid[slot] = 0;
      sumProfit[slot] = 0;
    }
    if (page === null) return null;
    return { page, total: found.length, totals: { betCount: bets, validBetMinor: BigInt(valid), profitMinor: BigInt(profit) } };
  }

  private sumsOf(slot: number): MemberRangeSums {
    return { memberId: this.slotIds[slot]!, betCount: this.sumBets[slot]!, validBetMinor: BigInt(this.sumValid[slot]!), profitMinor: BigInt(this.sumProfit[slot]!) };
  }

  /** The page's slots: by the column (then member id, ascending, as numbers), from `offset`, at most `limit`. */
  private order(found: number[], query: MemberRangeQuery): number[] {
    const column = query.sortBy === 'betCount' ? this.sumBets : query.sortBy === 'profit' ? this.sumProfit : this.sumValid;
    const sign = query.descending ? -1 : 1;
    const ids = this.slotIds;
    const before = (a: number, b: number): number => {
      const difference = (column[a]! - column[b]!) * sign;
      if (difference !== 0) return difference;
      const idA = ids[a]!;
      const idB = ids[b]!;
      return idA.length - idB.length || (idA < idB ? -1 : idA > idB ? 1 : 0);
    };
    const wanted = query.offset + query.limit;
    if (wanted > RUNNING_BEST_LIMIT || wanted * 4 > found.length) return found.sort(before).slice(query.offset, wanted);
    // The best `wanted` so far, in order: a member goes in only when it beats the last of them.
    const best: number[] = [];
    for (const slot of found) {
      if (best.length === wanted && before(slot, best[wanted - 1]!) >= 0) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (before(best[middle]!, slot) <= 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, slot);
      if (best.length > wanted) best.pop();
    }
    return best.slice(query.offset);
  }
}
