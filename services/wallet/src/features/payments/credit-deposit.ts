import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import { ensureAccount } from '../../infra/ledger-store.js';
import type { PaymentsDeps } from './deps.js';
import { announceMainBalances, memberAccounts, movePaymentMoney } from './ledger-moves.js';
import { exceededPeriod, LIMIT_PERIODS, LIMIT_WINDOW_MS, settleLimits, type LimitPeriod } from './limits.js';
import { loadLimits, recordAction, markDepositRejected, type DepositRow } from './repository.js';

const DEPOSIT_LIMIT_EXCEEDED = 'DEPOSIT_LIMIT_EXCEEDED';

/**
 * Credits a pending deposit from the method's clearing account, or refuses it when it would pass one of the member's
 * deposit limits. The caller holds the deposit row locked; the limits row is locked here so two credits for one
 * member cannot both fit under the same limit.
 */
export async function creditDeposit(deps: Pick<PaymentsDeps, 'outbox' | 'clock'>, tx: Executor, deposit: DepositRow, actor: string): Promise<void> {
  const member = { merchantCode: deposit.merchant_code, memberId: deposit.member_id, currency: deposit.currency };
  const now = deps.clock();
  const limits = settleLimits(await loadLimits(tx, member, true), now).current;
  const amountMinor = BigInt(deposit.amount_minor);
  if (LIMIT_PERIODS.some((period) => limits[period] !== null)) {
    const since = (period: LimitPeriod) => new Date(now.getTime() - LIMIT_WINDOW_MS[period]).toISOString();
    const [credited] = await rows<Record<LimitPeriod, string>>(
      tx,
      sql`SELECT coalesce(sum(amount_minor) FILTER (WHERE decided_at > ${since('daily')}::timestamptz), 0)::text AS daily,
                 coalesce(sum(amount_minor) FILTER (WHERE decided_at > ${since('weekly')}::timestamptz), 0)::text AS weekly,
                 coalesce(sum(amount_minor), 0)::text AS monthly
          FROM wallet.deposits
          WHERE merchant_code = ${member.merchantCode} AND member_id = ${member.memberId} AND currency = ${member.currency}
            AND status = 'approved' AND decided_at > ${since('monthly')}::timestamptz`,
    );
    const inWindow = { daily: BigInt(credited!.daily), weekly: BigInt(credited!.weekly), monthly: BigInt(credited!.monthly) };
    if (exceededPeriod(limits, inWindow, amountMinor)) {
      await markDepositRejected(tx, { id: deposit.id, reason: DEPOSIT_LIMIT_EXCEEDED, actor, at: now });
      return;
    }
  }
  const clearing = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'clearing', ownerId: `deposit:${deposit.method_code}`, currency: member.currency }, true);
  const { main } = await memberAccounts(tx, member);
  const posted = await movePaymentMoney(tx, {
    merchantCode: member.merchantCode,
    cause: 'deposit',
    causeRef: `deposit:${deposit.id}`,
    actor,
    fromAccountId: clearing.id,
    toAccountId: main.id,
    currency: member.currency,
    amountMinor,
  });
  await announceMainBalances(deps.outbox, tx, member.merchantCode, posted, 'deposit', [main.id]);
  await tx.execute(
    sql`UPDATE wallet.deposits SET status = 'approved', transaction_id = ${posted.transactionId}, decided_by = ${actor}, decided_at = ${now.toISOString()}::timestamptz WHERE id = ${deposit.id}`,
  );
  await recordAction(tx, { subjectType: 'deposit', subjectId: deposit.id, action: 'approved', actor, at: deps.clock() });
}
