import { deadLetterTopic, eventEnvelopeSchema, type EventEnvelope } from '@wps/contracts';
import { DEFAULT_MAX_BATCH, DEFAULT_RETRY, partitionFor, type DeliveredMessage, type EventBus, type OutgoingMessage, type RetryPolicy, type SubscribeOptions, type Subscription } from './types.js';
import { sleep } from '../async.js';
import { withTraceHeaders } from './tracing.js';
import { deliver, DeliveryStopped } from './deliver.js';

interface StoredMessage {
  key: string;
  /** Serialised as Kafka would, so a consumer never shares objects with the producer. */
  value: string;
  headers: Record<string, string>;
}

interface PartitionLog {
  base: number;
  messages: StoredMessage[];
}

interface Member {
  options: SubscribeOptions;
  retry: RetryPolicy;
}

interface Group {
  name: string;
  topics: Set<string>;
  members: Member[];
  cursors: Map<string, number>;
  running: Set<string>;
}

/**
 * The in-process transport. It keeps Kafka's semantics where services can tell the difference: delivery is
 * asynchronous, messages with one key stay in order, each consumer group sees every message once per group, and a
 * failing handler is retried with backoff and then parked on the dead-letter topic.
 */
export class InMemoryEventBus implements EventBus {
  readonly transport = 'memory' as const;
  private readonly topics = new Map<string, PartitionLog[]>();
  private readonly groups = new Map<string, Group>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  /**
   * `retain`: messages kept per partition after every group has read them, like a broker's retention, so a group that
   * subscribes later from the beginning (a service started after another published) still reads them.
   */
  constructor(private readonly options: { partitions?: number; retain?: number } = {}) {}

  private partitions(topic: string): PartitionLog[] {
    let log = this.topics.get(topic);
    if (!log) {
      log = Array.from({ length: this.options.partitions ?? 8 }, () => ({ base: 0, messages: [] }));
      this.topics.set(topic, log);
    }
    return log;
  }

  async publish(messages: OutgoingMessage[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const touched = new Set<string>();
    for (const message of messages) {
      eventEnvelopeSchema.parse(message.value);
      const log = this.partitions(message.topic);
      const partition = partitionFor(message.key, log.length);
      log[partition]!.messages.push({ key: message.key, value: JSON.stringify(message.value), headers: withTraceHeaders(message) });
      touched.add(`${message.topic}\u0000${partition}`);
    }
    for (const entry of touched) {
      const [topic, partition] = entry.split('\u0000') as [string, string];
      for (const group of this.groups.values()) if (group.topics.has(topic)) this.kick(group, topic, Number(partition));
      this.trim(topic, Number(partition));
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    let group = this.groups.get(options.group);
    if (!group) {
      group = { name: options.group, topics: new Set(), members: [], cursors: new Map(), running: new Set() };
      this.groups.set(options.group, group);
    }
    for (const topic of options.topics) {
      const log = this.partitions(topic);
      if (!group.topics.has(topic)) {
        group.topics.add(topic);
        log.forEach((partition, index) => {
          const start = options.fromBeginning === false ? partition.base + partition.messages.length : partition.base;
          if (!group.cursors.has(`${topic}:${index}`)) group.cursors.set(`${topic}:${index}`, start);
        });
      }
    }
    const member: Member = { options, retry: { ...DEFAULT_RETRY, ...options.retry } };
    group.members.push(member);
    const joined = group;
    for (const topic of options.topics) this.partitions(topic).forEach((_, index) => this.kick(joined, topic, index));
    return {
      close: async () => {
        joined.members = joined.members.filter((candidate) => candidate !== member);
      },
    };
  }

  private kick(group: Group, topic: string, partition: number): void {
    const worker = `${topic}:${partition}`;
    if (group.running.has(worker) || group.members.length === 0 || this.closed) return;
    group.running.add(worker);
    const linger = group.members[partition % group.members.length]!.options.lingerMs ?? 0;
    const run = new Promise<void>((resolve) => (linger > 0 ? setTimeout(resolve, linger) : setImmediate(resolve)))
      .then(() => this.drain(group, topic, partition))
      .finally(() => {
        group.running.delete(worker);
        this.inFlight.delete(run);
        const log = this.partitions(topic)[partition]!;
        if (!this.closed && group.members.length > 0 && (group.cursors.get(worker) ?? 0) < log.base + log.messages.length) this.kick(group, topic, partition);
      });
    this.inFlight.add(run);
  }

  /** Hands the partition's waiting messages to the group, a batch at a time, moving the cursor as each is done. */
  private async drain(group: Group, topic: string, partition: number): Promise<void> {
    const cursorKey = `${topic}:${partition}`;
    const log = this.partitions(topic)[partition]!;
    for (;;) {
      if (this.closed || group.members.length === 0) return;
      const offset = group.cursors.get(cursorKey) ?? log.base;
      const member = group.members[partition % group.members.length]!;
      const limit = member.options.maxBatchSize ?? DEFAULT_MAX_BATCH;
      const waiting = log.messages.slice(offset - log.base, offset - log.base + limit);
      if (waiting.length === 0) return;
      const batch: DeliveredMessage[] = [];
      for (const [index, stored] of waiting.entries()) {
        const parsed = eventEnvelopeSchema.safeParse(JSON.parse(stored.value));
        if (!parsed.success) {
          // An invalid envelope ends the batch; on its own it is parked and passed over.
          if (batch.length === 0) {
            await this.deadLetter(topic, stored, 'invalid envelope', 0);
            group.cursors.set(cursorKey, offset + 1);
          }
          break;
        }
        batch.push({ topic, key: stored.key, value: parsed.data, headers: { ...stored.headers }, partition, offset: String(offset + index), attempt: 1 });
      }
      if (batch.length === 0) continue;
      try {
        await deliver(batch, member.options, {
          group: group.name,
          policy: member.retry,
          stopping: () => this.closed || !group.members.includes(member),
          pause: (ms) => sleep(ms),
          deadLetter: (message, reason, attempts) => this.deadLetter(topic, waiting[Number(message.offset) - offset]!, reason, attempts, group.name),
          done: (message) => group.cursors.set(cursorKey, Number(message.offset) + 1),
        });
      } catch (error) {
        if (error instanceof DeliveryStopped) return;
        throw error;
      }
      this.trim(topic, partition);
    }
  }

  private async deadLetter(topic: string, stored: StoredMessage, reason: string, attempts: number, group?: string): Promise<void> {
    const value = JSON.parse(stored.value) as EventEnvelope;
    const headers: Record<string, string> = { ...stored.headers, 'x-dlq-reason': reason.slice(0, 500), 'x-dlq-original-topic': topic, 'x-dlq-attempts': String(attempts) };
    if (group) headers['x-dlq-group'] = group;
    const log = this.partitions(deadLetterTopic(topic));
    const partition = partitionFor(stored.key, log.length);
    if (eventEnvelopeSchema.safeParse(value).success) {
      log[partition]!.messages.push({ key: stored.key, value: stored.value, headers });
      for (const candidate of this.groups.values()) if (candidate.topics.has(deadLetterTopic(topic))) this.kick(candidate, deadLetterTopic(topic), partition);
    }
  }

  /** Drops messages every subscribed group has consumed, beyond a retained tail of the newest ones. */
  private trim(topic: string, partition: number): void {
    const log = this.partitions(topic)[partition]!;
    let keepFrom = log.base + log.messages.length - (this.options.retain ?? 10_000);
    for (const group of this.groups.values()) {
      if (!group.topics.has(topic)) continue;
      keepFrom = Math.min(keepFrom, group.cursors.get(`${topic}:${partition}`) ?? log.base);
    }
    const drop = Math.min(keepFrom - log.base, log.messages.length);
    if (drop >= 1024 || (drop > 0 && drop === log.messages.length)) {
      log.messages.splice(0, drop);
      log.base += drop;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
  }
}
