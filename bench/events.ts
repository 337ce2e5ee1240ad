/**
 * Event throughput through the whole path: write → outbox (same transaction) → relay → bus → consumer group.
 *
 *   npx tsx bench/events.ts [--transport memory|kafka|both] [--events N] [--batch 500,2000] [--writers W (kafka run, default 8)]
 *
 * memory: PGlite in memory + the in-memory bus. kafka: PostgreSQL (DATABASE_URL) + Kafka (KAFKA_BROKERS), both taken
 * from the environment or from infra/.state/env (`bash infra/start.sh`); the Kafka run also measures a raw kafkajs
 * baseline (producer sendBatch → consumer, no outbox) and reports the ratio. Results: bench/results/events-<t>.json.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import type { EventEnvelope } from '@wps/contracts';
import { InMemoryEventBus } from '../packages/platform/src/bus/memory.js';
import type { EventBus } from '../packages/platform/src/bus/types.js';
import { migrate, openPglite, openPostgres, OUTBOX_QUIET, type Database } from '../packages/platform/src/db.js';
import { createLogger } from '../packages/platform/src/logger.js';
import { Outbox } from '../packages/platform/src/outbox.js';

type Transport = 'memory' | 'kafka';

interface RunResult {
  label: string;
  events: number;
  relayBatch?: number;
  writers?: number;
  writeRate?: number;
  endToEndRate: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  duplicates: number;
  /** CPU time of this Node process (writers, relay, consumer) as a share of one core over the run. */
  nodeCpuPercent: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logger = createLogger({ service: 'bench-events', level: process.env.LOG_LEVEL ?? 'warn' });
const SCHEMA = 'bench_events';
const PER_TRANSACTION = 100;
const KEYS = 64;
const CONSUME_TIMEOUT_MS = 180_000;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

/** Environment first, then infra/.state/env written by infra/start.sh. */
function infraEnv(name: string): string | undefined {
  if (process.env[name]) return process.env[name];
  const file = path.join(root, 'infra', '.state', 'env');
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] === name) return match[2]!.replace(/^["']|["']$/g, '');
  }
  return undefined;
}

const cpuPercent = (since: NodeJS.CpuUsage, seconds: number): number => {
  const used = process.cpuUsage(since);
  return Math.round(((used.user + used.system) / 1e6 / seconds) * 100);
};

const percentile = (sorted: number[], p: number): number => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

/** A generic, valid envelope of a bench-only event type (not in the contracts' catalogue). */
function benchEnvelope(n: number): EventEnvelope {
  const key = `account-${n % KEYS}`;
  return {
    id: randomUUID(),
    type: 'bench.happened',
    version: 1,
    occurredAt: new Date().toISOString(),
    source: 'bench',
    key,
    payload: { n, account: key, amountMinor: String(1000 + (n % 977)), currency: 'CNY', note: 'bench event of a typical size' },
  };
}

/** Counts distinct ids and per-event latency (occurredAt → consumed). */
class Tally {
  readonly seen = new Set<string>();
  readonly latencies: number[] = [];
  duplicates = 0;
  last = 0;
  private resolveDone: (() => void) | undefined;
  readonly done: Promise<void>;
  constructor(private readonly expected: number) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }
  record(envelope: { id: string; occurredAt: string }): void {
    const now = Date.now();
    if (this.seen.has(envelope.id)) {
      this.duplicates++;
      return;
    }
    this.seen.add(envelope.id);
    this.latencies.push(now - Date.parse(envelope.occurredAt));
    this.last = now;
    if (this.seen.size === this.expected) this.resolveDone?.();
  }
  async wait(what: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: consumed ${this.seen.size} of ${this.expected} within ${CONSUME_TIMEOUT_MS / 1000}s`)), CONSUME_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
  summary(): Pick<RunResult, 'latencyP50Ms' | 'latencyP99Ms' | 'latencyMaxMs' | 'duplicates'> {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return { latencyP50Ms: percentile(sorted, 50), latencyP99Ms: percentile(sorted, 99), latencyMaxMs: sorted[sorted.length - 1] ?? 0, duplicates: this.duplicates };
  }
}

/**
 * One run: writers fill the outbox in transactions of PER_TRANSACTION while the relay publishes and a group consumes.
 * In `drain` mode the outbox is filled first with no relay running (as after a crash or an outage of the bus), and
 * the rate is measured from the relay's start to the last event consumed: the relay and consumer's own capacity.
 */
async function outboxRun(options: { label: string; db: Database; bus: EventBus; events: number; relayBatch: number; writers: number; topics?: string[]; drain?: boolean }): Promise<RunResult> {
  const { db, bus, events, relayBatch, writers } = options;
  await db.orm.execute(sql.raw(`TRUNCATE "${SCHEMA}".outbox`));
  const topic = `bench.events.${randomUUID().slice(0, 8)}`;
  options.topics?.push(topic, `${topic}.dlq`);
  const outbox = new Outbox(SCHEMA, 'bench');
  const tally = new Tally(events);
  const subscription = await bus.subscribe({
    group: `bench-${randomUUID().slice(0, 8)}`,
    topics: [topic],
    batchHandler: async (messages) => {
      for (const message of messages) tally.record(message.value);
    },
  });
  const relay = outbox.relay(db, bus, logger, { batchSize: relayBatch, pollIntervalMs: 50 });
  if (!options.drain) relay.start();

  const transactions = Math.ceil(events / PER_TRANSACTION);
  let nextTransaction = 0;
  const cpu = process.cpuUsage();
  const start = Date.now();
  const writer = async () => {
    for (;;) {
      const t = nextTransaction++;
      if (t >= transactions) return;
      await db.transaction(async (tx) => {
        // Like the wallet's vendor calls, the writer wakes its own relay, so it skips the cross-process notification.
        await tx.execute(sql.raw(`SELECT ${OUTBOX_QUIET}`));
        for (let n = t * PER_TRANSACTION; n < Math.min(events, (t + 1) * PER_TRANSACTION); n++) await outbox.addEnvelope(tx, topic, benchEnvelope(n));
      });
      relay.wake();
      // Each transaction stands for one request. PGlite runs queries without leaving the microtask queue, so a tight
      // loop would starve timers and setImmediate (the relay's poll, the in-memory bus's delivery) until it ends.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  try {
    await Promise.all(Array.from({ length: writers }, writer));
    const written = Date.now();
    if (options.drain) relay.start();
    await tally.wait(options.label);
    const seconds = (tally.last - (options.drain ? written : start)) / 1000;
    return {
      nodeCpuPercent: cpuPercent(cpu, seconds),
      label: options.label,
      events,
      relayBatch,
      writers,
      writeRate: Math.round(events / ((written - start) / 1000)),
      endToEndRate: Math.round(events / seconds),
      seconds,
      ...tally.summary(),
    };
  } finally {
    await relay.stop();
    await subscription.close();
  }
}

/** Raw kafkajs: the same messages straight from a producer (sendBatch, same chunk size as the relay) to a consumer. */
async function rawKafkaRun(options: { brokers: string[]; events: number; chunk: number }): Promise<RunResult> {
  const { brokers, events, chunk } = options;
  const kafka = new Kafka({ clientId: 'bench-raw', brokers, logLevel: logLevel.ERROR });
  const admin = kafka.admin();
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  const topic = `bench.raw.${randomUUID().slice(0, 8)}`;
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 4, replicationFactor: 1 }], waitForLeaders: true });
  await producer.connect();
  const consumer = kafka.consumer({ groupId: `bench-raw-${randomUUID().slice(0, 8)}`, sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 100, allowAutoTopicCreation: false });
  const tally = new Tally(events);
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({
    partitionsConsumedConcurrently: 4,
    eachMessage: async ({ message }) => tally.record(JSON.parse(message.value!.toString('utf8')) as EventEnvelope),
  });
  await joined;
  const cpu = process.cpuUsage();
  const start = Date.now();
  try {
    for (let from = 0; from < events; from += chunk) {
      const messages = [];
      for (let n = from; n < Math.min(events, from + chunk); n++) {
        const envelope = benchEnvelope(n);
        messages.push({ key: envelope.key, value: JSON.stringify(envelope) });
      }
      await producer.sendBatch({ acks: -1, topicMessages: [{ topic, messages }] });
    }
    const written = Date.now();
    await tally.wait('raw kafka');
    const seconds = (tally.last - start) / 1000;
    return {
      nodeCpuPercent: cpuPercent(cpu, seconds),
      label: `kafka raw (sendBatch ${chunk})`,
      events,
      writeRate: Math.round(events / ((written - start) / 1000)),
      endToEndRate: Math.round(events / seconds),
      seconds,
      ...tally.summary(),
    };
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  }
}

function printTable(title: string, results: RunResult[]): void {
  const header = ['run', 'events', 'write/s', 'end-to-end/s', 'seconds', 'p50 ms', 'p99 ms', 'max ms', 'dupes', 'node cpu'];
  const lines = results.map((r) => [
    r.label,
    String(r.events),
    r.writeRate === undefined ? '-' : String(r.writeRate),
    String(r.endToEndRate),
    r.seconds.toFixed(2),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.latencyMaxMs),
    String(r.duplicates),
    `${r.nodeCpuPercent}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

function save(transport: Transport, data: unknown): void {
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `events-${transport}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`results written to ${path.relative(root, file)}`);
}

async function benchMemory(events: number, batches: number[]): Promise<void> {
  const db = await openPglite();
  const bus = new InMemoryEventBus();
  const results: RunResult[] = [];
  try {
    await migrate(db, SCHEMA);
    for (const relayBatch of batches) {
      results.push(await outboxRun({ label: `memory outbox (relay batch ${relayBatch})`, db, bus, events, relayBatch, writers: 1 }));
    }
  } finally {
    await bus.close();
    await db.close();
  }
  printTable(`Events, memory transport (PGlite in memory, in-memory bus), ${events} events, ${PER_TRANSACTION} per transaction`, results);
  save('memory', { transport: 'memory', at: new Date().toISOString(), node: process.version, eventsPerTransaction: PER_TRANSACTION, runs: results });
}

async function benchKafka(events: number, batches: number[], writers: number): Promise<void> {
  const url = infraEnv('DATABASE_URL');
  const brokers = infraEnv('KAFKA_BROKERS')
    ?.split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  if (!url || !brokers?.length) throw new Error('the kafka run needs DATABASE_URL and KAFKA_BROKERS (environment or infra/.state/env from `bash infra/start.sh`)');
  const { KafkaEventBus } = await import('../packages/platform/src/bus/kafka.js');
  const db = await openPostgres(url, { poolMax: writers + 4, applicationName: 'bench-events' });
  const bus = new KafkaEventBus({ brokers, clientId: 'bench-events', logger });
  const results: RunResult[] = [];
  const topics: string[] = [];
  try {
    await db.orm.execute(sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`));
    await migrate(db, SCHEMA);
    await bus.connect();
    for (const relayBatch of batches) {
      results.push(await outboxRun({ label: `kafka outbox (relay batch ${relayBatch})`, db, bus, events, relayBatch, writers, topics }));
    }
    const drainBatch = Math.max(...batches);
    const drain = await outboxRun({ label: `kafka outbox drain (relay batch ${drainBatch})`, db, bus, events, relayBatch: drainBatch, writers, topics, drain: true });
    const raw = await rawKafkaRun({ brokers, events, chunk: Math.max(...batches) });
    results.push(drain, raw);
  } finally {
    await bus.close();
    const admin = new Kafka({ clientId: 'bench-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin
      .connect()
      .then(() => admin.deleteTopics({ topics }))
      .catch(() => undefined)
      .finally(() => admin.disconnect());
    await db.orm.execute(sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`)).catch(() => undefined);
    await db.close();
  }
  const raw = results[results.length - 1]!;
  const best = results.slice(0, -2).reduce((a, b) => (b.endToEndRate > a.endToEndRate ? b : a));
  const ratio = Number((best.endToEndRate / raw.endToEndRate).toFixed(2));
  printTable(`Events, kafka transport (PostgreSQL + Kafka), ${events} events, ${PER_TRANSACTION} per transaction, ${writers} writers`, results);
  const drainRun = results[results.length - 2]!;
  console.log(`outbox drain (relay + bus + consumer alone) / raw kafkajs = ${drainRun.endToEndRate} / ${raw.endToEndRate} = ${(drainRun.endToEndRate / raw.endToEndRate).toFixed(2)}`);
  console.log(`best outbox path / raw kafkajs = ${best.endToEndRate} / ${raw.endToEndRate} = ${ratio}  (goal: >= 5000 events/s end to end: ${best.endToEndRate >= 5000 ? 'met' : 'NOT met'})`);
  save('kafka', { transport: 'kafka', at: new Date().toISOString(), node: process.version, eventsPerTransaction: PER_TRANSACTION, writers, runs: results, outboxToRawRatio: ratio });
}

async function main(): Promise<void> {
  const transport = argument('transport') ?? 'both';
  if (!['memory', 'kafka', 'both'].includes(transport)) throw new Error(`--transport must be memory, kafka or both, not ${transport}`);
  const eventsArg = argument('events');
  const batches = (argument('batch') ?? '500,2000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const writers = Number(argument('writers') ?? 8);
  if (transport === 'memory' || transport === 'both') await benchMemory(Number(eventsArg ?? 20_000), batches);
  if (transport === 'kafka' || transport === 'both') await benchKafka(Number(eventsArg ?? 50_000), batches, writers);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
