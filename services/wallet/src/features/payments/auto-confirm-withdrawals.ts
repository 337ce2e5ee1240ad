import { sql } from 'drizzle-orm';
import { rows, type Logger } from '@wps/platform';
import type { PaymentsDeps } from './deps.js';
import { recordAction } from './repository.js';

const SWEEP_BATCH = 500;

/**
 * Paid withdrawals nobody confirmed within the brand's minutes count as received. Rows are claimed with SKIP LOCKED,
 * so several wallet instances can sweep at once without touching the same row.
 */
export async function autoConfirmWithdrawals(deps: Pick<PaymentsDeps, 'db' | 'config' | 'clock'>): Promise<{ confirmed: number }> {
  const now = deps.clock().toISOString();
  return deps.db.transaction(async (tx) => {
    const confirmed = await rows<{ id: string }>(
      tx,
      sql`UPDATE wallet.withdrawals SET status = 'confirmed', confirm_result = 'received', received_amount_minor = amount_minor, auto_confirmed = true, confirmed_at = ${now}::timestamptz
          WHERE id IN (
            SELECT w.id FROM wallet.withdrawals w
            LEFT JOIN wallet.withdrawal_settings s ON s.merchant_code = w.merchant_code AND s.currency = w.currency
            WHERE w.status = 'paid'
              AND w.paid_at <= ${now}::timestamptz - make_interval(mins => coalesce(s.autoconfirm_minutes, ${deps.config.WALLET_WITHDRAWAL_AUTOCONFIRM_MINUTES}))
            ORDER BY w.paid_at LIMIT ${SWEEP_BATCH}
            FOR UPDATE OF w SKIP LOCKED)
          RETURNING id`,
    );
    for (const { id } of confirmed) await recordAction(tx, { subjectType: 'withdrawal', subjectId: id, action: 'auto_confirmed', actor: 'system:auto-confirm', at: deps.clock() });
    return { confirmed: confirmed.length };
  });
}

/** Runs the auto-confirm sweep every `intervalMs`; stop() waits for a sweep in flight. */
export function startAutoConfirmSweep(deps: Pick<PaymentsDeps, 'db' | 'config' | 'clock'>, intervalMs: number, logger: Logger): { stop(): Promise<void> } {
  let inFlight: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = autoConfirmWithdrawals(deps)
      .then(({ confirmed }) => confirmed > 0 && logger.info({ confirmed }, 'withdrawals auto-confirmed'))
      .catch((error: unknown) => logger.warn({ err: error }, 'auto-confirm sweep failed; will retry'))
      .finally(() => {
        inFlight = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
