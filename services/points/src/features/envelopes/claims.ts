import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { BetSettled, MemberEnvelope } from '@wps/contracts';
import type { CreditedDeposit, PointsDeps } from '../module.js';
import { RewardClaims } from '../rewards/claims.js';
import { pushRewardCounts } from '../rewards/grants.js';
import { WINDOW_COLUMNS, type WindowRow } from './windows.js';

interface Claimant {
  memberId: string;
  merchantCode: string;
  currency: string;
  windowId: string;
  deviceId: string;
  ip: string;
}

const iso = (value: string | Date): string => new Date(value).toISOString();

/** What the window's rules make of the member: `active` (deposited or had a bet settled today), `vip_ok`. */
const eligibility = (memberId: string) =>
  sql`(w.eligibility = 'everyone' OR EXISTS (SELECT 1 FROM points.envelope_activity a
        WHERE a.member_id = ${memberId}
          AND a.last_active_at >= (date_trunc('day', now() AT TIME ZONE w.time_zone) AT TIME ZONE w.time_zone))) AS active,
      (w.min_vip_level IS NULL OR coalesce((SELECT v.level FROM points.vip_members v WHERE v.member_id = ${memberId}), 0) >= w.min_vip_level) AS vip_ok`;

interface Eligibility {
  active: boolean;
  vip_ok: boolean;
}

/** The member's side of red envelopes: the window to show, claims, and the activity the `active_today` rule reads. */
export class EnvelopeClaims {
  private readonly rewards: RewardClaims;
  constructor(private readonly deps: PointsDeps) {
    this.rewards = new RewardClaims(deps);
  }

  /**
   * The window for the member: an open one not claimed yet, else an open one the member claimed, else the next to open,
   * else the one that closed last (within a day).
   */
  async current(input: { memberId: string; merchantCode: string }): Promise<{ envelope: MemberEnvelope | null; serverTime: string }> {
    const [row] = await rows<WindowRow & Eligibility & { amount_minor: string | null; remaining: number }>(
      this.deps.db.orm,
      sql`SELECT ${WINDOW_COLUMNS}, s.amount_minor::text AS amount_minor, (w.count - w.claimed_count)::int AS remaining,
                 ${eligibility(input.memberId)}
          FROM points.envelope_windows w
          LEFT JOIN points.envelope_slots s ON s.window_id = w.id AND s.member_id = ${input.memberId}
          WHERE w.merchant_code = ${input.merchantCode}
            AND (w.status IN ('open', 'scheduled') OR (w.status = 'closed' AND w.ends_at > now() - interval '1 day'))
          ORDER BY CASE WHEN w.status = 'open' AND s.slot IS NULL THEN 0 WHEN w.status = 'open' THEN 1 WHEN w.status = 'scheduled' THEN 2 ELSE 3 END,
                   CASE WHEN w.status = 'closed' THEN NULL ELSE w.starts_at END ASC NULLS LAST, w.ends_at DESC, w.id
          LIMIT 1`,
    );
    const serverTime = new Date().toISOString();
    if (!row) return { envelope: null, serverTime };
    return { envelope: this.view(row, row.amount_minor, Number(row.remaining), row), serverTime };
  }

  private view(row: WindowRow, amountMinor: string | null, remaining: number, rules: Eligibility): MemberEnvelope {
    const ineligibleReason = !rules.vip_ok ? 'vip_level' : !rules.active ? 'activity' : null;
    const state: MemberEnvelope['state'] = amountMinor !== null ? 'claimed' : row.status === 'open' ? 'open' : row.status === 'scheduled' ? 'upcoming' : 'closed';
    return {
      windowId: row.id,
      title: row.title,
      state,
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      currency: row.currency,
      amountMinor,
      remaining,
      count: Number(row.count),
      eligible: ineligibleReason === null,
      ineligibleReason,
      minVipLevel: row.min_vip_level === null ? null : Number(row.min_vip_level),
      hash: row.hash,
    };
  }

  /**
   * Takes the next slot of an open window for the member, recorded as a claimed reward (source 'envelope') so
   * bonusDetails shows it, then pays it through the wallet after the commit (a failed payment is paid again by the
   * reward centre's timer with the same key). The window's row lock orders claims: two at once by one member, device
   * or address give one slot; the pool is never over-paid since each slot is taken once.
   */
  async claim(input: Claimant): Promise<{ envelope: MemberEnvelope; amountMinor: string; paid: boolean }> {
    const { db } = this.deps;
    const { window, slot, grantId } = await db.transaction(async (tx) => {
      const [window] = await rows<WindowRow & Eligibility & { open_now: boolean }>(
        tx,
        sql`SELECT ${WINDOW_COLUMNS},
                   ${eligibility(input.memberId)},
                   (w.starts_at <= now() AND w.ends_at > now()) AS open_now
            FROM points.envelope_windows w WHERE w.id = ${input.windowId} AND w.merchant_code = ${input.merchantCode}
            FOR UPDATE`,
      );
      if (!window) throw new AppError('ENVELOPE_NOT_FOUND');
      const [taken] = await rows<{ member: boolean; device: boolean; ip: boolean }>(
        tx,
        sql`SELECT bool_or(member_id = ${input.memberId}) AS member, bool_or(device_id = ${input.deviceId}) AS device, bool_or(ip = ${input.ip}) AS ip
            FROM points.envelope_slots WHERE window_id = ${input.windowId} AND member_id IS NOT NULL`,
      );
      if (taken?.member) throw new AppError('ENVELOPE_ALREADY_CLAIMED');
      if (window.status !== 'open' || !window.open_now) throw new AppError('ENVELOPE_NOT_OPEN');
      if (taken?.device) throw new AppError('ENVELOPE_DEVICE_USED');
      if (taken?.ip) throw new AppError('ENVELOPE_IP_USED');
      if (!window.vip_ok) throw new AppError('ENVELOPE_VIP_LEVEL_LOW');
      if (!window.active || window.currency !== input.currency) throw new AppError('ENVELOPE_NOT_ELIGIBLE');
      if (Number(window.claimed_count) >= Number(window.count)) throw new AppError('ENVELOPE_EMPTY');
      const slotNo = Number(window.claimed_count) + 1;
      const [slot] = await rows<{ amount_minor: string }>(tx, sql`SELECT amount_minor::text AS amount_minor FROM points.envelope_slots WHERE window_id = ${input.windowId} AND slot = ${slotNo}`);
      const [grant] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO points.reward_grants (merchant_code, member_id, source, source_ref, title, kind, currency, amount_minor, status, claimed_at)
            VALUES (${input.merchantCode}, ${input.memberId}, 'envelope', ${`window:${input.windowId}:member:${input.memberId}`}, ${window.title}, 'bonus', ${window.currency},
                    ${slot!.amount_minor}, 'claimed', now())
            RETURNING id::text AS id`,
      );
      await tx.execute(
        sql`UPDATE points.envelope_slots SET member_id = ${input.memberId}, device_id = ${input.deviceId}, ip = ${input.ip}, grant_id = ${grant!.id}, claimed_at = now()
            WHERE window_id = ${input.windowId} AND slot = ${slotNo}`,
      );
      const [updated] = await rows<WindowRow>(
        tx,
        sql`UPDATE points.envelope_windows AS w SET claimed_count = claimed_count + 1, claimed_minor = claimed_minor + ${slot!.amount_minor}::bigint
            WHERE w.id = ${input.windowId} RETURNING ${WINDOW_COLUMNS}`,
      );
      await pushRewardCounts(this.deps, tx, [input.memberId]);
      return { window: updated!, slot: slot!, grantId: grant!.id };
    });
    this.deps.wakeRelay();
    const paid = (await this.rewards.payClaimedGrants([grantId])) > 0;
    return {
      envelope: this.view(window, slot.amount_minor, Number(window.count) - Number(window.claimed_count), { active: true, vip_ok: true }),
      amountMinor: slot.amount_minor,
      paid,
    };
  }

  /** Records today's activity of members who had a valid bet settled. */
  async onBets(tx: Executor, bets: readonly BetSettled[]): Promise<void> {
    await this.record(
      tx,
      bets.filter((bet) => bet.state === 'settled' && BigInt(bet.validBetMinor) > 0n).map((bet) => ({ memberId: bet.memberId, merchantCode: bet.merchantCode, at: bet.settledAt })),
    );
  }

  /** Records today's activity of members who deposited. */
  async onDeposits(tx: Executor, deposits: readonly CreditedDeposit[]): Promise<void> {
    await this.record(
      tx,
      deposits.map((deposit) => ({ memberId: deposit.memberId, merchantCode: deposit.merchantCode, at: deposit.at.toISOString() })),
    );
  }

  private async record(tx: Executor, activity: ReadonlyArray<{ memberId: string; merchantCode: string; at: string }>): Promise<void> {
    if (activity.length === 0) return;
    const latest = new Map<string, { memberId: string; merchantCode: string; at: string }>();
    for (const entry of activity) {
      const seen = latest.get(entry.memberId);
      if (!seen || new Date(seen.at) < new Date(entry.at)) latest.set(entry.memberId, entry);
    }
    const input = JSON.stringify([...latest.values()].map((entry) => ({ member_id: entry.memberId, merchant_code: entry.merchantCode, at: entry.at })));
    await tx.execute(
      sql`INSERT INTO points.envelope_activity (member_id, merchant_code, last_active_at)
          SELECT member_id, merchant_code, at FROM jsonb_to_recordset(${input}::jsonb) AS t(member_id bigint, merchant_code text, at timestamptz)
          ON CONFLICT (member_id) DO UPDATE SET last_active_at = greatest(envelope_activity.last_active_at, EXCLUDED.last_active_at)`,
    );
  }
}
