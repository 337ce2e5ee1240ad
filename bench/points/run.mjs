// Loyalty under the money path's load, in a cluster (PostgreSQL, Redis, Kafka, every service as its own process):
//   rate:  settled bets are published on `bets.v1` at twice the wallet bench's measured bet rate (its last spread
//          capacity in bench/results/wallet.json, or --rate), the way the wallet publishes them: one envelope per
//          bet, keyed by bet, with a share of corrections (a higher revision) and cancellations;
//   lag:   every second, how far each of the points service's bets consumers is behind the topic's end (`points.bets`:
//          points, VIP, red envelopes, promotions, referrals, raffles and rebates in one transaction per batch;
//          `points.mission-bets`: mission progress and the leaderboard). One keeps up when the lag of the last seconds
//          is no larger than that of the first ones and it is drained soon after the load stops;
//   push:  five times a second the same bet is published for a watching member whose socket is open; the time from its
//          publication to the member's `missions` push whose score counts it (its progress and rank on the
//          leaderboard) is the leaderboard push latency (goal p99 ≤ 250 ms).
// The load runs for --warmup seconds before anything is measured, so that start-up (JIT, first plans, the consumers'
// first fetches) does not land in the figures. Results go to bench/results/points.json.
// Usage: node --import tsx bench/points/run.mjs [--seconds 60] [--warmup 5] [--rate <bets/s>] [--members 100] [--groups <g,…>]
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRunDatabase, startInfra, startServices, stopInfra } from '../../scripts/lib/cluster.mjs';
import { statementMeter } from '../pg-statements.mjs';
import { summarise } from '../stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const SECONDS = Number(arg('seconds', '60'));
const WARMUP_SECONDS = Number(arg('warmup', '5'));
/** The points service's consumers of settled bets, whose lag is sampled (`--groups a,b` for a build with others). */
const GROUPS = arg('groups', 'points.bets,points.mission-bets').split(',');
const MEMBERS = Number(arg('members', '100'));
/** Corrections and cancellations among the published bets. */
const REVISED_SHARE = 0.02;
const CANCELLED_SHARE = 0.01;
const PROBES_PER_SECOND = 5;
/** Each probe's bet (valid bet in minor units), higher than the others' so that the watcher leads the leaderboard. */
const PROBE_BET_MINOR = 75_000;
const PUSH_TIMEOUT_MS = 10_000;
const OPERATOR_TOKEN = randomBytes(24).toString('base64url');
const GAME_TYPES = ['RNG', 'LIVE', 'SPORTS', 'FISH', 'PVP', 'ESPORTS'];

const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round = (n) => Math.round(n * 10) / 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function walletRate() {
  try {
    const wallet = JSON.parse(readFileSync(path.join(root, 'bench', 'results', 'wallet.json'), 'utf8'));
    return wallet.spread?.capacity?.betsPerSecond ?? null;
  } catch {
    return null;
  }
}

async function api(base, method, url, body, token) {
  const response = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!json.success) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.value;
}

async function main() {
  const { Kafka, logLevel } = await import('kafkajs');
  const { io } = await import('socket.io-client');
  const { createEnvelope } = await import('../../packages/platform/src/outbox.ts');
  const measuredWalletRate = walletRate();
  const RATE = Number(arg('rate', String(Math.round(2 * (measuredWalletRate ?? 150)))));
  const results = { at: new Date().toISOString(), seconds: SECONDS, members: MEMBERS, walletBetsPerSecond: measuredWalletRate, rate: RATE };

  const infra = startInfra();
  const database = await createRunDatabase(infra.DATABASE_URL);
  let services;
  const sockets = [];
  try {
    services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn', env: { OPERATOR_TOKEN } });
    const base = services.gatewayUrl;
    // The weekly leaderboard ranks by turnover, so the watcher's score is the sum of its probes' valid bets.
    const operator = { authorization: `Operator ${OPERATOR_TOKEN}`, 'x-operator': 'bench', 'content-type': 'application/json' };
    const current = await (await fetch(`${base}/operator/v1/merchants/DEMO/missions`, { headers: operator })).json();
    const { timeZone, size, currency, prizes } = current.value.settings;
    const changed = await fetch(`${base}/operator/v1/merchants/DEMO/mission-settings`, {
      method: 'PUT',
      headers: operator,
      body: JSON.stringify({ timeZone, metric: 'turnover', size, currency, prizes }),
    });
    if (!changed.ok) throw new Error(`mission settings: ${changed.status} ${await changed.text()}`);
    log(`registering ${MEMBERS} members`);
    const members = [];
    for (let i = 0; i < MEMBERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, MEMBERS - i) }, async () => {
          const username = `p${randomUUID().replace(/-/g, '').slice(0, 12)}`;
          const login = await api(base, 'PUT', '/wps/member/register', { username, password: 'bench12345', confirmPassword: 'bench12345', acceptTerms: true });
          return { id: login.user.id, account: login.user.account, token: login.token };
        }),
      );
      members.push(...batch);
    }
    const watcher = members[0];
    // Wall clock to this process's monotonic clock, to place the service's write time among the bench's.
    const clockOffset = Date.now() - performance.now();
    const arrivals = [];
    const socket = io(base, { auth: { token: watcher.token }, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    // The watcher's own standing (scope `progress`), with the score it carries; the brand-wide top N is not its answer.
    // `v` is the points service's clock (ms) when it wrote the push in the batch's transaction.
    socket.on('push', (push) => {
      if (push?.type === 'missions' && push.data?.scope === 'progress') arrivals.push({ at: performance.now(), score: BigInt(push.data.own.score), written: push.v - clockOffset });
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

    const kafka = new Kafka({ clientId: 'bench-points', brokers: infra.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    const admin = kafka.admin();
    await Promise.all([producer.connect(), admin.connect()]);
    /** Each group's lag behind the topic's end, in events. */
    const lagOf = async () => {
      // The groups' offsets first: the topic's end read after them is never behind them.
      const committed = await Promise.all(GROUPS.map((groupId) => admin.fetchOffsets({ groupId, topics: ['bets.v1'] })));
      const ends = await admin.fetchTopicOffsets('bets.v1');
      const end = ends.reduce((sum, p) => sum + Number(p.offset), 0);
      return Object.fromEntries(GROUPS.map((group, index) => [group, end - committed[index][0].partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0)]));
    };

    const bet = (member, validBetMinor, extra = {}) => {
      const betId = extra.betId ?? `bench-${randomUUID()}`;
      const payload = {
        betId,
        vendor: 'BENCH',
        roundId: betId,
        gameType: GAME_TYPES[Math.floor(Math.random() * GAME_TYPES.length)],
        gameCode: null,
        memberId: member.id,
        merchantCode: 'DEMO',
        account: member.account,
        agentPath: null,
        currency: 'MXN',
        betAmountMinor: String(validBetMinor),
        validBetMinor: String(validBetMinor),
        winAmountMinor: '0',
        adjustAmountMinor: '0',
        state: 'settled',
        revision: 0,
        settledAt: new Date().toISOString(),
        ...extra,
      };
      const envelope = createEnvelope('bet.settled', betId, payload, 'bench');
      return { key: betId, value: JSON.stringify(envelope), payload };
    };
    const send = (messages) => producer.send({ topic: 'bets.v1', acks: -1, messages: messages.map(({ key, value }) => ({ key, value })) });

    /**
     * Publishes RATE bets a second of the other members (not the watcher) for `seconds`, with some revised or cancelled;
     * answers the bets and the messages (revisions included).
     */
    const load = async (seconds) => {
      const from = performance.now();
      let due = 0;
      let messages = 0;
      while (performance.now() - from < seconds * 1000) {
        const count = Math.floor(((performance.now() - from) / 1000) * RATE) - due;
        if (count > 0) {
          const batch = [];
          for (let i = 0; i < count; i++) {
            const member = members[1 + Math.floor(Math.random() * (members.length - 1))];
            const first = bet(member, 100 + Math.floor(Math.random() * 20_000));
            batch.push(first);
            const roll = Math.random();
            if (roll < REVISED_SHARE) batch.push(bet(member, 100 + Math.floor(Math.random() * 20_000), { betId: first.payload.betId, roundId: first.payload.roundId, revision: 1 }));
            else if (roll < REVISED_SHARE + CANCELLED_SHARE)
              batch.push(bet(member, 0, { betId: first.payload.betId, roundId: first.payload.roundId, revision: 1, state: 'cancelled', betAmountMinor: '0' }));
          }
          due += count;
          messages += batch.length;
          await send(batch);
        }
        await sleep(20);
      }
      return { bets: due, messages };
    };

    log(`publishing ${RATE} settled bets/s for ${WARMUP_SECONDS} s of warm-up, then ${SECONDS} s measured (wallet bench: ${measuredWalletRate ?? 'not measured'} bets/s)`);
    await load(WARMUP_SECONDS);
    const statements = await statementMeter(infra.DATABASE_URL, database.url, Number(process.env.TOP ?? 15));
    const lag = [];
    const probes = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      void lagOf().then((value) => lag.push({ second: Math.round((performance.now() - started) / 1000), lag: value }));
    }, 1_000);
    // Every probe is the same bet, so each adds the same turnover to the watcher's score: the push that answers probe k
    // is the first whose score counts k probes, whichever partitions they took.
    const prober = setInterval(() => {
      const probe = bet(watcher, PROBE_BET_MINOR, { gameType: 'RNG' });
      probes.push({ at: performance.now() });
      void send([probe]);
    }, 1_000 / PROBES_PER_SECOND);
    const { bets: sent, messages: published } = await load(SECONDS);
    clearInterval(prober);
    const loadEnded = performance.now();
    let drainedMs = null;
    while (performance.now() - loadEnded < 60_000) {
      if (Object.values(await lagOf()).every((behind) => behind === 0)) {
        drainedMs = round(performance.now() - loadEnded);
        break;
      }
      await sleep(100);
    }
    clearInterval(sampler);
    await sleep(PUSH_TIMEOUT_MS / 5);
    results.postgres = await statements(published);

    // Each probe's latency: from its publication to the first push whose score (the watcher's turnover) counts it.
    const latencies = probes.map((probe, index) => {
      const arrival = arrivals.find((push) => push.at >= probe.at && push.score >= BigInt(PROBE_BET_MINOR) * BigInt(index + 1));
      return arrival === undefined || arrival.at - probe.at > PUSH_TIMEOUT_MS ? null : { total: arrival.at - probe.at, written: arrival.written - probe.at };
    });
    const window = (group, from, to) => lag.filter((sample) => sample.second > from && sample.second <= to).map((sample) => sample.lag[group]);
    const mean = (values) => (values.length ? round(values.reduce((a, b) => a + b, 0) / values.length) : NaN);
    results.published = published;
    results.achievedRate = round(sent / SECONDS);
    results.lag = Object.fromEntries(
      GROUPS.map((group) => [
        group,
        { firstTenSecondsMean: mean(window(group, 0, 10)), lastTenSecondsMean: mean(window(group, SECONDS - 10, SECONDS)), max: Math.max(...lag.map((sample) => sample.lag[group])) },
      ]),
    );
    results.drainedMsAfterLoad = drainedMs;
    results.keepsUp = drainedMs !== null && drainedMs < 5_000 && GROUPS.every((group) => results.lag[group].lastTenSecondsMean <= Math.max(results.lag[group].firstTenSecondsMean * 1.5, RATE));
    const answered = latencies.filter((value) => value !== null);
    results.push = { ...summarise(answered.map((value) => value.total)), missed: latencies.length - answered.length, probes: probes.length };
    // The part until the points service wrote the push (Kafka, the linger, the batches before it and its own batch);
    // the rest is the commit, the relay, Kafka again, the gateway and the socket.
    results.push.written = summarise(answered.map((value) => value.written));
    results.lagSeries = lag;
    results.probeSeries = latencies.map((value, index) => ({
      second: Math.round((probes[index].at - started) / 100) / 10,
      total: value && Math.round(value.total),
      written: value && Math.round(value.written),
    }));

    console.log('');
    console.log(`settled bets published: ${results.published} (${results.achievedRate} bets/s for ${SECONDS} s; target ${RATE}, twice the wallet bench)`);
    for (const group of GROUPS) {
      const { firstTenSecondsMean, lastTenSecondsMean, max } = results.lag[group];
      console.log(`${group} lag (events): first 10 s mean ${firstTenSecondsMean}, last 10 s mean ${lastTenSecondsMean}, max ${max}`);
    }
    console.log(`drained ${drainedMs ?? 'NOT'} ms after the load`);
    console.log(`keeps up: ${results.keepsUp ? 'yes' : 'NO'}`);
    console.log(
      `leaderboard push after a bet: p50 ${round(results.push.p50)} p99 ${round(results.push.p99)} max ${round(results.push.max)} ms over ${probes.length} probes, missed ${results.push.missed}; p99 ≤ 250 ms: ${results.push.p99 <= 250 ? 'yes' : 'NO'}`,
    );
    console.log(`  of which until the points service wrote it: p50 ${round(results.push.written.p50)} p99 ${round(results.push.written.p99)} ms`);
    if (results.postgres) {
      console.log(`PostgreSQL per published bet: ${results.postgres.callsPerOperation} statements, ${results.postgres.msPerOperation} ms; the costliest:`);
      for (const row of results.postgres.statements) console.log(`  ${row.msPerOperation.toFixed(3)} ms ${row.callsPerOperation.toFixed(2)}× ${row.query}`);
    }
    await Promise.all([producer.disconnect(), admin.disconnect()]);
  } finally {
    for (const socket of sockets) socket.disconnect();
    await services?.stop();
    await database.drop().catch(() => undefined);
    if (process.env.KEEP_INFRA !== '1') stopInfra();
  }
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'points.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.exit(0);
}

await main();
