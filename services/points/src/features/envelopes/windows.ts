import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { EnvelopeVerification, EnvelopeWindow, PushData } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { sendPush } from '../pushes.js';
import { splitHash, splitPool, splittable } from './split.js';

export interface WindowRow {
  id: string;
  merchant_code: string;
  title: string;
  currency: string;
  starts_at: string;
  ends_at: string;
  pool_minor: string;
  count: number;
  min_minor: string;
  max_minor: string;
  eligibility: EnvelopeWindow['eligibility'];
  min_vip_level: number | null;
  time_zone: string;
  daily: boolean;
  series: string;
  status: EnvelopeWindow['status'];
  seed: string | null;
  hash: string | null;
  claimed_count: number;
  claimed_minor: string;
  created_by: string;
}

export const WINDOW_COLUMNS = sql.raw(`w.id::text AS id, w.merchant_code, w.title, w.currency, w.starts_at, w.ends_at, w.pool_minor::text AS pool_minor,
  w.count, w.min_minor::text AS min_minor, w.max_minor::text AS max_minor, w.eligibility, w.min_vip_level, w.time_zone, w.daily, w.series, w.status,
  w.seed, w.hash, w.claimed_count, w.claimed_minor::text AS claimed_minor, w.created_by`);

const iso = (value: string | Date): string => new Date(value).toISOString();

export function toWindow(row: WindowRow): EnvelopeWindow {
  return {
    windowId: row.id,
    title: row.title,
    status: row.status,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    currency: row.currency,
    poolMinor: row.pool_minor,
    count: Number(row.count),
    minMinor: row.min_minor,
    maxMinor: row.max_minor,
    eligibility: row.eligibility,
    minVipLevel: row.min_vip_level === null ? null : Number(row.min_vip_level),
    daily: row.daily,
    claimedCount: Number(row.claimed_count),
    claimedMinor: row.claimed_minor,
    hash: row.hash,
    createdBy: row.created_by,
  };
}

const ruleOf = (row: Pick<WindowRow, 'pool_minor' | 'count' | 'min_minor' | 'max_minor'>) => ({
  poolMinor: BigInt(row.pool_minor),
  count: Number(row.count),
  minMinor: BigInt(row.min_minor),
  maxMinor: BigInt(row.max_minor),
});

/** A window to schedule; `series` ties the daily copies of one window together. */
export interface NewWindow {
  merchantCode: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  currency: string;
  poolMinor: bigint;
  count: number;
  minMinor: bigint;
  maxMinor: bigint;
  eligibility: EnvelopeWindow['eligibility'];
  minVipLevel?: number | null;
  timeZone: string;
  daily: boolean;
  series?: string;
  createdBy: string;
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Red-envelope windows: scheduling, opening (the split is decided and committed by hash), closing (the seed revealed). */
export class EnvelopeWindows {
  constructor(private readonly deps: PointsDeps) {}

  /** Schedules a window; one that starts now or earlier opens at once. Refuses what cannot be split or has ended. */
  async create(input: NewWindow): Promise<EnvelopeWindow> {
    const rule = { poolMinor: input.poolMinor, count: input.count, minMinor: input.minMinor, maxMinor: input.maxMinor };
    if (!splittable(rule) || input.endsAt <= input.startsAt || input.endsAt.getTime() <= Date.now() || !validZone(input.timeZone)) throw new AppError('ENVELOPE_WINDOW_INVALID');
    const [row] = await this.deps.db.transaction((tx) => this.insert(tx, input));
    if (!row) throw new AppError('ENVELOPE_WINDOW_INVALID');
    if (input.startsAt.getTime() <= Date.now()) await this.tick();
    return toWindow((await this.get(input.merchantCode, row.id))!);
  }

  /** Inserts a window unless its series already has one starting then (a repeated seed or daily copy). */
  insert(tx: Executor, input: NewWindow): Promise<WindowRow[]> {
    return rows<WindowRow>(
      tx,
      sql`INSERT INTO points.envelope_windows AS w (merchant_code, title, currency, starts_at, ends_at, pool_minor, count, min_minor, max_minor, eligibility, min_vip_level, time_zone, daily, series, created_by)
          VALUES (${input.merchantCode}, ${input.title}, ${input.currency}, ${input.startsAt.toISOString()}, ${input.endsAt.toISOString()}, ${input.poolMinor.toString()},
                  ${input.count}, ${input.minMinor.toString()}, ${input.maxMinor.toString()}, ${input.eligibility}, ${input.minVipLevel ?? null}::int, ${input.timeZone}, ${input.daily},
                  ${input.series ?? randomBytes(12).toString('hex')}, ${input.createdBy})
          ON CONFLICT (merchant_code, series, starts_at) DO NOTHING
          RETURNING ${WINDOW_COLUMNS}`,
    );
  }

  async get(merchantCode: string, windowId: string): Promise<WindowRow | undefined> {
    const [row] = await rows<WindowRow>(this.deps.db.orm, sql`SELECT ${WINDOW_COLUMNS} FROM points.envelope_windows w WHERE w.id = ${windowId} AND w.merchant_code = ${merchantCode}`);
    return row;
  }

  async list(merchantCode: string): Promise<{ list: EnvelopeWindow[] }> {
    const list = await rows<WindowRow>(
      this.deps.db.orm,
      sql`SELECT ${WINDOW_COLUMNS} FROM points.envelope_windows w WHERE w.merchant_code = ${merchantCode} ORDER BY w.starts_at DESC, w.id DESC LIMIT 200`,
    );
    return { list: list.map(toWindow) };
  }

  /** Cancels a scheduled or open window: no more claims; what was claimed stays paid; an open window's seed is revealed. */
  async cancel(merchantCode: string, windowId: string): Promise<EnvelopeWindow> {
    const row = await this.deps.db.transaction(async (tx) => {
      const [current] = await rows<WindowRow>(tx, sql`SELECT ${WINDOW_COLUMNS} FROM points.envelope_windows w WHERE w.id = ${windowId} AND w.merchant_code = ${merchantCode} FOR UPDATE`);
      if (!current) throw new AppError('ENVELOPE_NOT_FOUND');
      if (current.status === 'closed' || current.status === 'cancelled') throw new AppError('ENVELOPE_WINDOW_CLOSED');
      const [cancelled] = await rows<WindowRow>(
        tx,
        sql`UPDATE points.envelope_windows AS w SET status = 'cancelled', closed_at = now(),
              -- A scheduled window never had a split: it commits to none.
              hash = coalesce(w.hash, 'none')
            WHERE w.id = ${windowId} RETURNING ${WINDOW_COLUMNS}`,
      );
      if (current.status === 'open') await this.announce(tx, cancelled!, 'closed');
      return cancelled!;
    });
    this.deps.wakeRelay();
    return toWindow(row);
  }

  /**
   * The timer's work: opens the windows whose start has come (deciding and committing their split, pushing the opening
   * to the brand) and closes the ones that ended (revealing the seed, pushing the close, scheduling a daily window's
   * next day). Several instances may run it: each window is taken under its row lock, skipping the ones taken.
   */
  async tick(): Promise<void> {
    const { db } = this.deps;
    // Most ticks find nothing to do: one indexed read, no transaction.
    const [due] = await rows<{ id: string }>(
      db.orm,
      sql`SELECT id::text AS id FROM points.envelope_windows
          WHERE (status = 'scheduled' AND starts_at <= now()) OR (status = 'open' AND ends_at <= now()) LIMIT 1`,
    );
    if (!due) return;
    const changed = await db.transaction(async (tx) => {
      const due = await rows<WindowRow>(
        tx,
        sql`SELECT ${WINDOW_COLUMNS} FROM points.envelope_windows w
            WHERE (w.status = 'scheduled' AND w.starts_at <= now()) OR (w.status = 'open' AND w.ends_at <= now())
            ORDER BY w.starts_at LIMIT 50 FOR UPDATE SKIP LOCKED`,
      );
      for (const window of due) {
        if (window.status === 'scheduled') await this.open(tx, window);
        else await this.close(tx, window);
      }
      return due.length;
    });
    if (changed > 0) this.deps.wakeRelay();
  }

  private async open(tx: Executor, window: WindowRow): Promise<void> {
    const seed = randomBytes(32).toString('hex');
    const amounts = splitPool(seed, ruleOf(window));
    const hash = splitHash(seed, amounts);
    const slots = JSON.stringify(amounts.map((amount, index) => ({ slot: index + 1, amount_minor: amount.toString() })));
    await tx.execute(
      sql`INSERT INTO points.envelope_slots (window_id, slot, amount_minor)
          SELECT ${window.id}, slot, amount_minor FROM jsonb_to_recordset(${slots}::jsonb) AS t(slot int, amount_minor bigint)`,
    );
    const [opened] = await rows<WindowRow>(
      tx,
      sql`UPDATE points.envelope_windows AS w SET status = 'open', seed = ${seed}, hash = ${hash}, opened_at = now() WHERE w.id = ${window.id} RETURNING ${WINDOW_COLUMNS}`,
    );
    if (new Date(window.ends_at).getTime() <= Date.now()) await this.close(tx, opened!);
    else await this.announce(tx, opened!, 'open');
  }

  private async close(tx: Executor, window: WindowRow): Promise<void> {
    const [closed] = await rows<WindowRow>(tx, sql`UPDATE points.envelope_windows AS w SET status = 'closed', closed_at = now() WHERE w.id = ${window.id} RETURNING ${WINDOW_COLUMNS}`);
    await this.announce(tx, closed!, 'closed');
    if (!window.daily) return;
    // The next day's copy, skipping days the service was not running for.
    const starts = new Date(window.starts_at).getTime();
    const ends = new Date(window.ends_at).getTime();
    const days = Math.max(1, Math.floor((Date.now() - ends) / 86_400_000) + 1);
    const shift = days * 86_400_000;
    await this.insert(tx, {
      merchantCode: window.merchant_code,
      title: window.title,
      startsAt: new Date(starts + shift),
      endsAt: new Date(ends + shift),
      currency: window.currency,
      ...ruleOf(window),
      eligibility: window.eligibility,
      minVipLevel: window.min_vip_level,
      timeZone: window.time_zone,
      daily: true,
      series: window.series,
      createdBy: window.created_by,
    });
  }

  private async announce(tx: Executor, window: WindowRow, state: 'open' | 'closed'): Promise<void> {
    const [version] = await rows<{ v: string }>(tx, sql`SELECT nextval('points.envelope_push_versions')::text AS v`);
    const data: PushData<'envelope'> = { windowId: window.id, state, title: window.title, startsAt: iso(window.starts_at), endsAt: iso(window.ends_at), hash: window.hash };
    await sendPush(this.deps.outbox, tx, { merchantCode: window.merchant_code, memberId: null }, { v: Number(version!.v), type: 'envelope', data });
  }

  /** The split of a window, verifiable: the hash from the opening; the seed and amounts once it is over. */
  async verify(merchantCode: string, windowId: string): Promise<EnvelopeVerification> {
    const window = await this.get(merchantCode, windowId);
    if (!window) throw new AppError('ENVELOPE_NOT_FOUND');
    const over = window.status === 'closed' || window.status === 'cancelled';
    const amounts =
      over && window.seed
        ? (await rows<{ amount_minor: string }>(this.deps.db.orm, sql`SELECT amount_minor::text AS amount_minor FROM points.envelope_slots WHERE window_id = ${windowId} ORDER BY slot`)).map(
            (row) => row.amount_minor,
          )
        : null;
    return {
      windowId: window.id,
      status: window.status,
      poolMinor: window.pool_minor,
      count: Number(window.count),
      minMinor: window.min_minor,
      maxMinor: window.max_minor,
      hash: window.hash === 'none' ? null : window.hash,
      seed: over ? window.seed : null,
      amounts,
      claimedCount: Number(window.claimed_count),
      claimedMinor: window.claimed_minor,
    };
  }
}
