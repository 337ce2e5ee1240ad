import {
  CompressionTypes,
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type IHeaders,
  type KafkaMessage,
  type LogEntry,
  type Message,
  type Producer,
} from 'kafkajs';
import { deadLetterTopic, eventEnvelopeSchema, type EventEnvelope } from '@wps/contracts';
import { createLogger, type Logger } from '../logger.js';
import { withTraceHeaders } from './tracing.js';
import { DEFAULT_MAX_BATCH, DEFAULT_RETRY, type DeliveredMessage, type EventBus, type OutgoingMessage, type RetryPolicy, type SubscribeOptions, type Subscription } from './types.js';
import { deliver, DeliveryStopped } from './deliver.js';
import { BatchMerger } from './merge.js';
import { keepKafkaIdleQuiet } from './kafkajs-idle.js';
import { sleep } from '../async.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** Partitions of topics this bus creates (and of their dead-letter topics). Default 4. */
  partitions?: number;
  /** Compress produced batches with gzip. Default false (CPU matters more than bandwidth on one node). */
  gzip?: boolean;
}

interface ActiveConsumer {
  consumer: Consumer;
  group: string;
  stopping: boolean;
  /** Wakes a handler sleeping between retries when the consumer stops. */
  wake: Set<() => void>;
  closed?: Promise<void>;
}

const JOIN_TIMEOUT_MS = 30_000;
const IDLE_FETCH_WAIT_MS = 1_000;
/** What a lingering consumer's fetch waits for (or its linger): about a thousand events' worth. */
const LINGER_MIN_BYTES = 1 << 20;
const TOPIC_READY_TIMEOUT_MS = 30_000;

function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!headers) return result;
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined) continue;
    result[name] = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  }
  return result;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * kafkajs logs through pino at warn and above. Routine noise goes to debug: group rebalances, and the warning about
 * limited producer retries (deliberate: a publish must fail in bounded time so the outbox relay can back off; the relay
 * republishes and consumers dedupe, so exactly-once is not what we rely on).
 */
function kafkaLogCreator(logger: Logger) {
  const child = logger.child({ component: 'kafkajs' });
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, timestamp: _timestamp, ...extra } = log;
      const fields = { namespace, ...extra };
      const routine =
        extra.type === 'REBALANCE_IN_PROGRESS' ||
        (extra.error as Error | undefined)?.name === 'ConsumerStopping' ||
        /rebalanc/i.test(String(extra.error ?? '')) ||
        /rebalanc|Limiting retries for the idempotent producer/i.test(message ?? '');
      if (routine) child.debug(fields, message);
      else if (level === logLevel.ERROR) child.error(fields, message);
      else if (level === logLevel.WARN) child.warn(fields, message);
      else child.debug(fields, message);
    };
}

/**
 * The Kafka transport (kafkajs). One idempotent producer per bus, one consumer per subscription. Handlers are retried
 * in-process with backoff; a message that still fails is produced to `<topic>.dlq` before its offset is committed, so
 * nothing is lost and a partition never stalls. Topics are created explicitly (never auto-created).
 */
export class KafkaEventBus implements EventBus {
  readonly transport = 'kafka' as const;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly logger: Logger;
  private readonly partitions: number;
  private readonly compression: CompressionTypes;
  private readonly ensured = new Map<string, Promise<void>>();
  private readonly consumers = new Set<ActiveConsumer>();
  /**
   * Envelope ids of publish calls that have not returned yet. A consumer of this bus can fetch a message before the
   * producer has processed the broker's acknowledgement; it waits for that call, so delivery always follows publish.
   */
  private readonly publishing = new Map<string, Promise<void>>();
  private connecting: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    keepKafkaIdleQuiet();
    this.logger = options.logger ?? createLogger({ service: options.clientId, level: 'warn' });
    this.partitions = options.partitions ?? 4;
    this.compression = options.gzip ? CompressionTypes.GZIP : CompressionTypes.None;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: 5_000,
      requestTimeout: 30_000,
      retry: { initialRetryTime: 100, retries: 10, maxRetryTime: 5_000 },
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(this.logger),
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      // kafkajs supports idempotence only with one request in flight per connection.
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
  }

  /** Connects the producer and the admin client; publish and subscribe call it too. */
  connect(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('event bus is closed'));
    if (!this.connecting) {
      this.connecting = Promise.all([this.producer.connect(), this.admin.connect()]).then(() => undefined);
      this.connecting.catch(() => {
        this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  async publish(messages: OutgoingMessage[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const byTopic = new Map<string, Message[]>();
    // Validate the whole call before anything is sent: an invalid envelope rejects the call.
    for (const message of messages) {
      eventEnvelopeSchema.parse(message.value);
      let list = byTopic.get(message.topic);
      if (!list) byTopic.set(message.topic, (list = []));
      list.push({ key: message.key, value: JSON.stringify(message.value), headers: withTraceHeaders(message) });
    }
    if (byTopic.size === 0) return;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    for (const message of messages) this.publishing.set(message.value.id, settled);
    try {
      await this.connect();
      await this.ensureTopics([...byTopic.keys()]);
      await this.producer.sendBatch({
        acks: -1,
        compression: this.compression,
        topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
      });
    } finally {
      for (const message of messages) if (this.publishing.get(message.value.id) === settled) this.publishing.delete(message.value.id);
      // Handlers waiting on this call run after the caller has seen publish return.
      setImmediate(settle);
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('event bus is closed');
    await this.connect();
    await this.ensureTopics(options.topics);
    const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
    const consumer = this.kafka.consumer({
      groupId: options.group,
      sessionTimeout: 10_000,
      rebalanceTimeout: 30_000,
      heartbeatInterval: 3_000,
      // A fetch returns as soon as a message is there; the wait only bounds how often an idle consumer asks. A lingering
      // consumer lets the broker hold the fetch until a batch's worth of bytes is there or the linger is over.
      maxWaitTimeInMs: options.lingerMs ? Math.min(options.lingerMs, IDLE_FETCH_WAIT_MS) : IDLE_FETCH_WAIT_MS,
      ...(options.lingerMs ? { minBytes: options.lingerBytes ?? LINGER_MIN_BYTES } : {}),
      allowAutoTopicCreation: false,
      retry: {
        initialRetryTime: 100,
        retries: 10,
        maxRetryTime: 5_000,
        // Our handler errors never leave eachMessage; what reaches kafkajs is a broker or network failure.
        restartOnFailure: async () => !this.closed && !active.stopping,
      },
    });
    const active: ActiveConsumer = { consumer, group: options.group, stopping: false, wake: new Set() };
    // The partitions' batches of one fetch, handled as one (see BatchMerger).
    const merger = options.oneBatchAtATime ? new BatchMerger(options) : undefined;
    this.consumers.add(active);
    consumer.on(consumer.events.CRASH, (event) => {
      const { error, restart } = event.payload;
      if (restart) this.logger.warn({ err: error, group: options.group }, 'kafka consumer crashed; kafkajs restarts it');
      else if (!active.stopping && !this.closed) this.logger.error({ err: error, group: options.group }, 'kafka consumer crashed and stopped');
    });
    const ready = this.waitUntilConsuming(consumer, options.group);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: options.topics, fromBeginning: options.fromBeginning ?? true });
      await consumer.run({
        partitionsConsumedConcurrently: this.partitions,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => this.handleBatch(active, options, policy, payload, merger),
      });
      await ready.promise;
    } catch (error) {
      ready.cancel();
      await this.stopConsumer(active);
      throw error;
    }
    return { close: () => this.stopConsumer(active) };
  }

  /**
   * Resolves once the consumer joined its group and, when it was given partitions, finished a first fetch: by then
   * its starting offsets are fixed, so a message published afterwards is seen even with `fromBeginning: false`.
   */
  private waitUntilConsuming(consumer: Consumer, group: string): { promise: Promise<void>; cancel: () => void } {
    const removers: Array<() => void> = [];
    let timer: NodeJS.Timeout | undefined;
    const cancel = () => {
      if (timer) clearTimeout(timer);
      for (const remove of removers.splice(0)) remove();
    };
    const promise = new Promise<void>((resolve, reject) => {
      let joined = false;
      timer = setTimeout(() => {
        cancel();
        reject(new Error(`kafka consumer for group ${group} did not join within ${JOIN_TIMEOUT_MS / 1000}s`));
      }, JOIN_TIMEOUT_MS);
      removers.push(
        consumer.on(consumer.events.GROUP_JOIN, (event) => {
          const assigned = Object.values(event.payload.memberAssignment).some((partitions) => partitions.length > 0);
          if (!assigned) {
            this.logger.warn({ group }, 'kafka consumer joined without partitions (more members than partitions)');
            cancel();
            resolve();
            return;
          }
          joined = true;
        }),
        consumer.on(consumer.events.FETCH, () => {
          if (!joined) return;
          cancel();
          resolve();
        }),
        consumer.on(consumer.events.CRASH, (event) => {
          cancel();
          reject(event.payload.error);
        }),
        consumer.on(consumer.events.STOP, () => {
          cancel();
          reject(new Error(`kafka consumer for group ${group} stopped before it joined`));
        }),
      );
    });
    promise.catch(() => undefined);
    return { promise, cancel };
  }

  /**
   * One fetched batch of a partition: valid messages go to the subscription in chunks of its batch size, invalid ones
   * to the dead-letter topic, and each offset is resolved once its message is done, so a stop or a crash mid-batch
   * redelivers only what was not (and the consumers' inboxes make a redelivered message a no-op).
   */
  private async handleBatch(active: ActiveConsumer, options: SubscribeOptions, policy: RetryPolicy, payload: EachBatchPayload, merger?: BatchMerger): Promise<void> {
    const { batch } = payload;
    const topic = batch.topic;
    const limit = options.maxBatchSize ?? DEFAULT_MAX_BATCH;
    const raw = new Map<string, KafkaMessage>();
    let chunk: DeliveredMessage[] = [];
    const hooks = {
      group: active.group,
      policy,
      stopping: () => active.stopping || this.closed || !payload.isRunning() || payload.isStale(),
      pause: (ms: number) => this.pause(active, ms),
      // Keeps the membership alive through long backoffs; a rebalance error here hands the partition over.
      heartbeat: () => payload.heartbeat(),
      deadLetter: async (message: DeliveredMessage, reason: string, attempts: number) => {
        this.logger.warn({ reason, topic, partition: message.partition, offset: message.offset, group: active.group }, 'handler failed on every attempt; dead-lettering');
        await this.deadLetter(active, topic, message.key, raw.get(message.offset)?.value ?? null, headersToStrings(raw.get(message.offset)?.headers), reason, attempts);
      },
      done: (message: DeliveredMessage) => payload.resolveOffset(message.offset),
    };
    const flush = async () => {
      if (chunk.length === 0) return;
      const messages = chunk;
      chunk = [];
      await (merger ? merger.deliver(messages, hooks) : deliver(messages, options, hooks));
      await payload.heartbeat();
    };
    for (const message of batch.messages) {
      if (hooks.stopping()) throw new DeliveryStopped();
      const headers = headersToStrings(message.headers);
      const key = message.key?.toString('utf8') ?? '';
      let value: EventEnvelope;
      try {
        value = eventEnvelopeSchema.parse(JSON.parse(message.value?.toString('utf8') ?? 'null'));
      } catch (error) {
        await flush();
        await this.deadLetter(active, topic, key, message.value, headers, `invalid envelope: ${errorMessage(error)}`, 0);
        payload.resolveOffset(message.offset);
        continue;
      }
      const publishing = this.publishing.get(value.id);
      if (publishing) await publishing;
      raw.set(message.offset, message);
      chunk.push({ topic, key, value, headers, partition: batch.partition, offset: message.offset, attempt: 1 });
      if (chunk.length >= limit) await flush();
    }
    await flush();
  }

  private pause(active: ActiveConsumer, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        active.wake.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      active.wake.add(done);
    });
  }

  /** Produces the original bytes to `<topic>.dlq`; returns only when the broker has them, before the offset commits. */
  private async deadLetter(active: ActiveConsumer, topic: string, key: string, value: Buffer | null, headers: Record<string, string>, reason: string, attempts: number): Promise<void> {
    const target = deadLetterTopic(topic);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.ensureTopics([target]);
        await this.producer.send({
          topic: target,
          acks: -1,
          compression: this.compression,
          messages: [
            {
              key,
              value,
              headers: {
                ...headers,
                'x-dlq-reason': reason.slice(0, 500),
                'x-dlq-original-topic': topic,
                'x-dlq-attempts': String(attempts),
                'x-dlq-group': active.group,
              },
            },
          ],
        });
        return;
      } catch (error) {
        // Never commit past a message that is neither handled nor parked; keep trying unless we are stopping.
        if (this.closed || active.stopping) throw new DeliveryStopped();
        this.logger.error({ err: error, topic: target, attempt }, 'could not produce to the dead-letter topic; retrying');
        await sleep(Math.min(5_000, 200 * attempt));
      }
    }
  }

  /** Creates missing topics (and their dead-letter topics) once per bus, waiting for partition leaders. */
  private async ensureTopics(topics: string[]): Promise<void> {
    const wanted = new Set<string>();
    for (const topic of topics) {
      wanted.add(topic);
      if (!topic.endsWith('.dlq')) wanted.add(deadLetterTopic(topic));
    }
    const missing = [...wanted].filter((topic) => !this.ensured.has(topic));
    if (missing.length > 0) {
      const creation = this.createTopics(missing);
      for (const topic of missing) this.ensured.set(topic, creation);
      creation.catch(() => {
        for (const topic of missing) if (this.ensured.get(topic) === creation) this.ensured.delete(topic);
      });
    }
    await Promise.all([...wanted].map((topic) => this.ensured.get(topic) ?? Promise.resolve()));
  }

  /**
   * Creates the missing topics and waits until every partition has a leader. Services start together, so another client
   * may be creating the same topics: a failed or early-returning creation is retried until the topics are ready or the
   * deadline passes.
   */
  private async createTopics(topics: string[]): Promise<void> {
    const deadline = Date.now() + TOPIC_READY_TIMEOUT_MS;
    let lastError: unknown;
    for (;;) {
      try {
        const existing = new Set(await this.admin.listTopics());
        const toCreate = topics.filter((topic) => !existing.has(topic));
        if (toCreate.length > 0) {
          await this.admin.createTopics({
            topics: toCreate.map((topic) => ({ topic, numPartitions: this.partitions, replicationFactor: 1 })),
            waitForLeaders: true,
            timeout: TOPIC_READY_TIMEOUT_MS,
          });
        }
      } catch (error) {
        lastError = error;
        this.logger.warn({ err: error, topics }, 'kafka topic creation did not finish; checking again');
      }
      try {
        const { topics: metadata } = await this.admin.fetchTopicMetadata({ topics });
        const ready = metadata.length === topics.length && metadata.every((topic) => topic.partitions.length > 0 && topic.partitions.every((p) => p.partitionErrorCode === 0 && p.leader >= 0));
        if (ready) return;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) {
        throw new Error(`kafka topics ${topics.join(', ')} have no leaders after ${TOPIC_READY_TIMEOUT_MS / 1000}s`, { cause: lastError });
      }
      await sleep(200);
    }
  }

  private stopConsumer(active: ActiveConsumer): Promise<void> {
    if (!active.closed) {
      active.stopping = true;
      for (const wake of [...active.wake]) wake();
      active.closed = active.consumer
        .disconnect()
        .catch((error) => this.logger.warn({ err: error, group: active.group }, 'kafka consumer disconnect failed'))
        .finally(() => this.consumers.delete(active));
    }
    return active.closed;
  }

  close(): Promise<void> {
    if (!this.closing) {
      this.closed = true;
      this.closing = (async () => {
        await Promise.allSettled([...this.consumers].map((active) => this.stopConsumer(active)));
        await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
      })();
    }
    return this.closing;
  }
}
