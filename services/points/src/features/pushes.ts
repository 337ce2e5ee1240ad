import type { Push, PushType } from '@wps/contracts';
import type { Executor, Outbox } from '@wps/platform';

/**
 * Sends a push through the gateways once the transaction commits: to one member, or to every socket of the brand when
 * `memberId` is null. The push's data is typed by its type (contracts `push.ts`); call `wakeRelay()` after commit.
 */
export async function sendPush<T extends PushType>(outbox: Outbox, tx: Executor, target: { merchantCode: string; memberId: string | null }, push: Push<T>): Promise<void> {
  await outbox.add(tx, 'loyalty.push', target.memberId ?? target.merchantCode, { merchantCode: target.merchantCode, memberId: target.memberId, push });
}

/** Many pushes in one statement: what a batch sends to each member it changed. */
export async function sendPushes<T extends PushType>(outbox: Outbox, tx: Executor, pushes: ReadonlyArray<{ target: { merchantCode: string; memberId: string | null }; push: Push<T> }>): Promise<void> {
  await outbox.addAll(
    tx,
    'loyalty.push',
    pushes.map(({ target, push }) => ({ key: target.memberId ?? target.merchantCode, payload: { merchantCode: target.merchantCode, memberId: target.memberId, push } })),
  );
}
