import { sql } from 'drizzle-orm';
import { inTransaction, type OffersContext } from './context.js';
import { recordChange, updateContracts } from './store.js';

const EXPIRY_BATCH = 500;

/** Ends the offers nobody answered in time, a batch at a time; returns how many expired. */
export async function expireOffers(context: OffersContext): Promise<number> {
  let total = 0;
  for (;;) {
    const now = context.now();
    const expired = await inTransaction(context, async (tx) => {
      const ended = await updateContracts(
        tx,
        sql`state = 'expired', decided_at = ${now.toISOString()}`,
        sql`c.id IN (SELECT id FROM agent_contracts.contracts WHERE state = 'pending' AND expires_at <= ${now.toISOString()}::timestamptz
                     ORDER BY expires_at LIMIT ${EXPIRY_BATCH} FOR UPDATE SKIP LOCKED)`,
      );
      for (const contract of ended) await recordChange(tx, context.outbox, contract.view, contract.merchantCode, 'expired', now);
      return ended.length;
    });
    total += expired;
    if (expired < EXPIRY_BATCH) return total;
  }
}
