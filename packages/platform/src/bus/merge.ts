import { deliver, type DeliveryHooks } from './deliver.js';
import { consumeBatchInSpan } from './tracing.js';
import type { DeliveredMessage, SubscribeOptions } from './types.js';

interface Waiting {
  messages: DeliveredMessage[];
  hooks: DeliveryHooks;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * One batch at a time for a whole subscription, gathered from every partition: the partitions' batches that arrive
 * together (one fetch brings them all) go to the batch handler as one call, in one transaction, and batches that
 * arrive while it runs wait and go together in the next call. A merged call that fails is not retried as a whole: each
 * partition's part then goes its own way through `deliver`, one after the other, with its retries and its dead
 * letters, so a poison message still holds up only its own partition.
 */
export class BatchMerger {
  private waiting: Waiting[] = [];
  private running = false;
  private scheduled = false;

  constructor(private readonly options: SubscribeOptions) {}

  /** Resolves once `messages` are done (each passed to `hooks.done`), like `deliver`. */
  deliver(messages: DeliveredMessage[], hooks: DeliveryHooks): Promise<void> {
    if (messages.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ messages, hooks, resolve, reject });
      this.kick();
    });
  }

  /** The next call starts once the current one is over, after the partitions handled together have all arrived. */
  private kick(): void {
    if (this.running || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.runNext();
    });
  }

  private async runNext(): Promise<void> {
    if (this.running) return;
    const parts = this.waiting.splice(0);
    if (parts.length === 0) return;
    this.running = true;
    try {
      await this.run(parts);
    } finally {
      this.running = false;
      this.kick();
    }
  }

  private async run(parts: Waiting[]): Promise<void> {
    const { batchHandler } = this.options;
    if (batchHandler && parts.length > 1 && !parts.some((part) => part.hooks.stopping())) {
      const all = parts.flatMap((part) => part.messages);
      try {
        await consumeBatchInSpan(
          parts[0]!.hooks.group,
          all.map((message) => ({ ...message, attempt: 1 })),
          batchHandler,
        );
        for (const part of parts) {
          for (const message of part.messages) part.hooks.done?.(message);
          part.resolve();
        }
        return;
      } catch {
        // Each partition's part on its own, below.
      }
    }
    for (const part of parts) {
      try {
        await deliver(part.messages, this.options, part.hooks);
        part.resolve();
      } catch (error) {
        part.reject(error);
      }
    }
  }
}
