import { sql } from 'drizzle-orm';
import { formatMinor, type DepositLimits } from '@wps/contracts';
import { wakeRelay, type MemberRef, type PaymentsDeps } from './deps.js';
import { changeLimits, LIMIT_PERIODS, settleLimits, type LimitPeriod, type LimitState } from './limits.js';
import { requestedLimits } from './payment-rules.js';
import { loadLimits } from './repository.js';

/** The member's own deposit limits (responsible gaming): reading them, and asking for a change. */

function limitsView(state: LimitState, currency: string): DepositLimits {
  const format = (value: bigint | null | undefined) => (value === null || value === undefined ? null : formatMinor(value, currency));
  const view: DepositLimits = { daily: format(state.current.daily), weekly: format(state.current.weekly), monthly: format(state.current.monthly) };
  if (state.pending) {
    const pending: NonNullable<DepositLimits['pending']> = { effectiveAt: state.pending.effectiveAt.toISOString() };
    for (const period of LIMIT_PERIODS) if (period in state.pending.values) pending[period] = format(state.pending.values[period]);
    view.pending = pending;
  }
  return view;
}

/** A change whose cooling-off has passed shows as applied even before anything writes it back. */
export async function depositLimits(deps: Pick<PaymentsDeps, 'db' | 'clock'>, member: MemberRef): Promise<DepositLimits> {
  return limitsView(settleLimits(await loadLimits(deps.db.orm, member, false), deps.clock()), member.currency);
}

/**
 * Tightening applies at once, loosening after WALLET_DEPOSIT_LIMIT_COOLING_OFF_HOURS (see limits.ts). The change is
 * announced (`deposit_limits.changed`), so the member finds a letter about it in the inbox.
 */
export async function setDepositLimits(
  deps: Pick<PaymentsDeps, 'db' | 'config' | 'clock' | 'outbox' | 'relay'>,
  input: MemberRef & Partial<Record<LimitPeriod, string | null>>,
): Promise<DepositLimits> {
  const requested = requestedLimits(input, input.currency);
  const view = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const next = changeLimits(await loadLimits(tx, input, true), requested, now, deps.config.WALLET_DEPOSIT_LIMIT_COOLING_OFF_HOURS * 3_600_000);
    const minor = (value: bigint | null) => (value === null ? null : value.toString());
    const pending = next.pending ? JSON.stringify(Object.fromEntries(Object.entries(next.pending.values).map(([period, value]) => [period, minor(value ?? null)]))) : null;
    await tx.execute(
      sql`INSERT INTO wallet.deposit_limits (merchant_code, member_id, currency, daily_minor, weekly_minor, monthly_minor, pending, pending_effective_at, updated_at)
          VALUES (${input.merchantCode}, ${input.memberId}, ${input.currency}, ${minor(next.current.daily)}::bigint, ${minor(next.current.weekly)}::bigint,
                  ${minor(next.current.monthly)}::bigint, ${pending}::jsonb, ${next.pending?.effectiveAt.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz)
          ON CONFLICT (merchant_code, member_id, currency) DO UPDATE SET daily_minor = EXCLUDED.daily_minor, weekly_minor = EXCLUDED.weekly_minor,
            monthly_minor = EXCLUDED.monthly_minor, pending = EXCLUDED.pending, pending_effective_at = EXCLUDED.pending_effective_at, updated_at = EXCLUDED.updated_at`,
    );
    const limits = limitsView(next, input.currency);
    await deps.outbox.add(tx, 'deposit_limits.changed', input.memberId, {
      memberId: input.memberId,
      merchantCode: input.merchantCode,
      currency: input.currency,
      limits,
      changedAt: now.toISOString(),
    });
    return limits;
  });
  wakeRelay(deps);
  return view;
}
