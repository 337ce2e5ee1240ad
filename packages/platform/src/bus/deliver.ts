import { backoffMs, type DeliveredMessage, type RetryPolicy, type SubscribeOptions } from './types.js';
import { consumeBatchInSpan, consumeInSpan } from './tracing.js';

/** Thrown while the subscription is stopping: the message at hand is neither handled nor parked, so it is redelivered. */
export class DeliveryStopped extends Error {
  constructor() {
    super('consumer is stopping');
    this.name = 'ConsumerStopping';
  }
}

export interface DeliveryHooks {
  group: string;
  policy: RetryPolicy;
  stopping(): boolean;
  /** Waits between attempts; returns early when the subscription stops. */
  pause(ms: number): Promise<void>;
  /** Keeps the group membership alive during long retries (Kafka). */
  heartbeat?(): Promise<void>;
  /** Parks a message that failed every attempt; returns once it is safely stored. */
  deadLetter(message: DeliveredMessage, reason: string, attempts: number): Promise<void>;
  /** Called in order as messages are done (handled or parked), so the transport can move its position. */
  done?(message: DeliveredMessage): void;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Whole-batch attempts before a failing batch is split into single messages. */
const WHOLE_BATCH_ATTEMPTS = 2;

/**
 * Hands one partition's messages (in offset order) to a subscription. A batch subscriber gets them at once; when that
 * fails twice, each message goes alone through the retry policy, and one that still fails is dead-lettered, so a
 * poison message never holds up its partition nor takes its neighbours with it. Throws `DeliveryStopped` when the
 * subscription stops before every message is done.
 */
export async function deliver(messages: DeliveredMessage[], options: SubscribeOptions, hooks: DeliveryHooks): Promise<void> {
  if (messages.length === 0) return;
  const { batchHandler } = options;
  if (batchHandler && messages.length > 1) {
    for (let attempt = 1; attempt <= Math.min(WHOLE_BATCH_ATTEMPTS, hooks.policy.maxAttempts); attempt++) {
      if (hooks.stopping()) throw new DeliveryStopped();
      try {
        await consumeBatchInSpan(
          hooks.group,
          messages.map((message) => ({ ...message, attempt })),
          batchHandler,
        );
        for (const message of messages) hooks.done?.(message);
        return;
      } catch {
        if (hooks.stopping()) throw new DeliveryStopped();
        await hooks.pause(backoffMs(hooks.policy, attempt));
        await hooks.heartbeat?.();
      }
    }
  }
  const single = options.handler ?? ((message: DeliveredMessage) => batchHandler!([message]));
  for (const message of messages) {
    let lastError: unknown;
    let handled = false;
    for (let attempt = 1; attempt <= hooks.policy.maxAttempts; attempt++) {
      if (hooks.stopping()) throw new DeliveryStopped();
      try {
        await consumeInSpan(hooks.group, { ...message, headers: { ...message.headers }, attempt }, single);
        handled = true;
        break;
      } catch (error) {
        lastError = error;
      }
      if (hooks.stopping()) throw new DeliveryStopped();
      if (attempt < hooks.policy.maxAttempts) {
        await hooks.pause(backoffMs(hooks.policy, attempt));
        if (hooks.stopping()) throw new DeliveryStopped();
        await hooks.heartbeat?.();
      }
    }
    if (!handled) await hooks.deadLetter(message, errorMessage(lastError), hooks.policy.maxAttempts);
    hooks.done?.(message);
  }
}
