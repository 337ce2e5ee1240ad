import { formatMinor } from '@wps/contracts';
import type { Executor, Outbox } from '@wps/platform';
import type { PostedLeg } from '../infra/ledger-store.js';

/** Every member leg of a posted transaction announces the new balance through the outbox (the gateway pushes it). */
export async function announceBalances(outbox: Outbox, tx: Executor, merchantCode: string, transactionId: string, cause: string, legs: PostedLeg[]): Promise<void> {
  for (const leg of legs) {
    if (leg.ownerType !== 'member') continue;
    await outbox.add(tx, 'balance.changed', leg.ownerId, {
      memberId: leg.ownerId,
      merchantCode,
      currency: leg.currency,
      balanceMinor: leg.balanceAfterMinor.toString(),
      balance: formatMinor(leg.balanceAfterMinor, leg.currency),
      version: leg.version,
      transactionId,
      cause,
    });
  }
}
