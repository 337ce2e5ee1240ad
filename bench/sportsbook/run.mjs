// The house sportsbook under load, on the embedded platform (PGlite, the in-memory bus, every service and the gateway
// in this process), in two parts:
//
// 1. Odds fan-out. `--events` (200) live events over the seven sports, `--sockets` (10,000) WebSocket clients in
//    `--client-procs` (2) child processes, each in the room `sports-<sport>` of one or two sports (as the sportsbook
//    pages join them). For `--seconds` (20) the bench hands the book `--rate` (50) odds changes a second of random live
//    events, a batch every `--batch-ms` (1,000, the feed runner's step) through `house.sportsbook.ingest`; the book
//    pushes one `odds` push per sport per batch (house outbox → relay → bus → gateway → Socket.IO room). At the
//    clients: pushes received per second and the latency from the push's `at` (when the book began applying the
//    batch) to receipt, p50 / p99; every push that a socket of its room did not receive is missed. Baseline in the same
//    run: the same pushes (recorded as the relay publishes them: same rooms, payloads and spacing) emitted by a bare
//    Socket.IO server in a process of its own to as many sockets of the same client processes, a batch's pushes
//    stamped with one `at` before the first is emitted. Both sets of sockets stay open; platform and bare runs
//    alternate, `--pairs` (2) times. The clients are lean WebSocket clients that speak the Socket.IO protocol and read
//    only a push's head (`--client lean`), or socket.io-client sockets that decode every push (`--client socket.io`).
// 2. Bet placement. `--players` (100) funded members place pre-match singles on a 1x2 market of upcoming events
//    through `POST /wps/house/sports/bets` (an Idempotency-Key each): closed loop at concurrency 1, 2, 4, … until p99
//    passes 1 s or two steps in a row add less than 10 % (the sustainable rate: the best rate of a step with p99 ≤ 1 s),
//    then an open loop at 70 % of it for `--seconds`, latency counted from each bet's scheduled start. Baseline in the
//    same run, before and after: the wallet's own signed vendor bet + win rounds over HTTP, 8 workers, closed loop (as
//    bench/lottery/run.mjs). Then the wallet's ledger is checked and every bet must be open.
//
// Usage: node --import tsx bench/sportsbook/run.mjs [--sockets 10000] [--events 200] [--rate 50] [--seconds 20]
//        [--players 100] [--batch-ms 1000] [--client-procs 2] [--pairs 2] [--client lean|socket.io] [--skip-fanout]
//        [--skip-bets] [--label <text>]
// Results go to bench/results/sportsbook.json and one line per run to bench/results/sportsbook-history.jsonl.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { fork, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..', '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);
const role = arg('role', 'main');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const load = () => loadavg().map((value) => round(value, 2));
const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

if (role === 'clients') await runClients();
else if (role === 'bare') await runBare();
else await main();

/**
 * A process of watching sockets. Told `{ connect: { url, rooms, client } }` it opens one socket per entry of `rooms`
 * (each joining its rooms with `join-table`), 100 handshakes at a time, and answers what it opened; `{ measure }`
 * starts counting `odds` pushes; `{ progress }` answers the count so far; `{ collect }` answers every receipt's
 * latency, the count and first latency per push, receipts per second and the process's CPU time; `{ disconnect }`
 * closes them all.
 */
async function runClients() {
  let sockets = [];
  let state;
  const reasons = {};
  const fresh = (feedStart) => ({ feedStart, perPush: new Map(), latencies: [], received: 0, events: 0, perSecond: [], disconnects: 0, cpu: process.cpuUsage(), startedAt: Date.now() });
  /** Counts one `odds` push of the sport `roundId` stamped `at`, carrying `events` changed events. */
  const count = (roundId, at, events) => {
    const now = Date.now();
    const latency = now - at;
    const key = `${roundId}:${at}`;
    const entry = state.perPush.get(key);
    if (entry) {
      entry[0] += 1;
      if (latency < entry[1]) entry[1] = latency;
    } else state.perPush.set(key, [1, latency]);
    state.latencies.push(latency);
    state.received += 1;
    state.events += events;
    const second = Math.floor((now - state.feedStart) / 1000);
    if (second >= 0) state.perSecond[second] = (state.perSecond[second] ?? 0) + 1;
  };
  const closed = (reason) => {
    if (state) state.disconnects += 1;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  };

  /** socket.io-client, as the web client connects: every push decoded whole. */
  const openSocketIo = async () => {
    const { io } = await import('socket.io-client');
    return (url, rooms) =>
      new Promise((resolve) => {
        const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 120_000 });
        socket.on('push', (push) => {
          if (state && push?.type === 'table' && push.data?.kind === 'odds') count(push.data.roundId, push.data.at, push.data.data?.events?.length ?? 0);
        });
        socket.on('disconnect', closed);
        socket.once('connect_error', (error) => {
          socket.close();
          resolve({ error: String(error?.description?.message ?? error?.description?.error?.message ?? error?.message ?? error) });
        });
        socket.once('connect', () => {
          void Promise.all(rooms.map((room) => new Promise((joined) => socket.timeout(120_000).emit('join-table', room, (error, ok) => joined(!error && ok === true))))).then((answers) =>
            resolve(answers.every(Boolean) ? { socket, rooms } : { error: 'join-table refused or timed out' }),
          );
        });
      });
  };

  /**
   * A lean client: a WebSocket (the `ws` library socket.io-client uses in Node) speaking Engine.IO 4 / Socket.IO 5
   * itself: `40` to connect, `42<id>["join-table",room]` with an ack, `3` for each ping; of a push it reads only the
   * head (kind, sport, `at`) and counts the events, so 10,000 of them on the server's machine cost little.
   */
  const openLean = async () => {
    const { WebSocket } = await import('ws');
    const head = /^42\["push",\{"v":\d+,"type":"table","data":\{"tableId":"[^"]*","kind":"([^"]+)","roundId":"([^"]*)","roundNo":\d+,"at":(\d+)/;
    const eventMark = Buffer.from('"eventId"');
    return (url, rooms) =>
      new Promise((resolve) => {
        const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false, skipUTF8Validation: true });
        let acks = 0;
        let opened = false;
        const timer = setTimeout(() => fail('timed out'), 120_000);
        const fail = (error) => {
          clearTimeout(timer);
          if (!opened) resolve({ error });
          opened = true;
          ws.terminate();
        };
        ws.on('error', (error) => fail(String(error.code ?? error.message)));
        ws.on('close', () => (opened ? closed('closed') : fail('closed before joining')));
        ws.on('message', (data) => {
          // Engine.IO: 0 open, 2 ping, 4 message; Socket.IO inside a message: 0 connect, 2 event, 3 ack, 4 connect error.
          if (data[0] === 0x34 && data[1] === 0x32) {
            if (!state) return;
            const match = head.exec(data.toString('latin1', 0, 200));
            if (!match || match[1] !== 'odds') return;
            let events = 0;
            for (let at = data.indexOf(eventMark); at >= 0; at = data.indexOf(eventMark, at + eventMark.length)) events += 1;
            count(match[2], Number(match[3]), events);
          } else if (data[0] === 0x32) ws.send('3');
          else if (data[0] === 0x30) ws.send('40');
          else if (data[0] === 0x34 && data[1] === 0x30) rooms.forEach((room, index) => ws.send(`42${index}${JSON.stringify(['join-table', room])}`));
          else if (data[0] === 0x34 && data[1] === 0x33) {
            if (!data.toString('latin1').endsWith('[true]')) return fail('join-table refused');
            acks += 1;
            if (acks === rooms.length) {
              clearTimeout(timer);
              opened = true;
              resolve({ socket: ws, rooms });
            }
          } else if (data[0] === 0x34 && data[1] === 0x34) fail(`connect refused: ${data.toString('utf8', 2)}`);
        });
      });
  };

  process.on('message', (message) => {
    void (async () => {
      if (message.connect) {
        const started = performance.now();
        const { url, rooms, client } = message.connect;
        const open = client === 'socket.io' ? await openSocketIo() : await openLean();
        const errors = {};
        const joined = {};
        let opened = 0;
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(100, rooms.length) }, async () => {
            while (next < rooms.length) {
              const result = await open(url, rooms[next++]);
              if (result.error) errors[result.error] = (errors[result.error] ?? 0) + 1;
              else {
                sockets.push(result.socket);
                opened += 1;
                for (const room of result.rooms) joined[room] = (joined[room] ?? 0) + 1;
              }
            }
          }),
        );
        process.send({ connected: { sockets: opened, errors, joined, ms: Math.round(performance.now() - started) } });
      } else if (message.measure) {
        state = fresh(message.measure.feedStart);
        process.send({ measuring: true });
      } else if (message.progress) {
        process.send({ progressed: state?.received ?? 0 });
      } else if (message.collect) {
        const done = state;
        state = undefined;
        const cpu = process.cpuUsage(done.cpu);
        process.send({
          collected: {
            perPush: [...done.perPush.entries()].map(([key, [count, first]]) => [key, count, first]),
            latencies: done.latencies,
            received: done.received,
            events: done.events,
            perSecond: Array.from(done.perSecond, (count) => count ?? 0),
            disconnects: done.disconnects,
            cpuMs: Math.round((cpu.user + cpu.system) / 1000),
            wallMs: Date.now() - done.startedAt,
          },
        });
      } else if (message.disconnect) {
        for (const socket of sockets) socket.close();
        sockets = [];
        process.send({ disconnected: { reasons } });
      }
    })();
  });
  process.send({ started: true });
}

/**
 * The baseline's server: a bare Socket.IO server in a process of its own (no platform, nothing else on its event loop)
 * whose `join-table` joins the room as the gateway's does. Told `{ replay: { feedStart, pushes } }` it emits each push
 * to its room at `feedStart + offset`, with `at` (and `v`, `roundNo`) set at the emit, and answers what it emitted.
 */
async function runBare() {
  const { createServer } = await import('node:http');
  const { Server } = await import('socket.io');
  const server = createServer();
  const io = new Server(server, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on('join-table', (tableId, ack) => {
      void Promise.resolve(socket.join(`table:${tableId}`)).then(() => typeof ack === 'function' && ack(true));
    });
  });
  process.on('message', (message) => {
    void (async () => {
      if (!message.replay) return;
      const cpu = process.cpuUsage();
      const pushes = [];
      // The pushes of one batch share their `at`, taken before the first of them is emitted, as the book's do.
      let batch;
      let at = 0;
      for (const push of message.replay.pushes) {
        if (push.batch !== batch) {
          batch = push.batch;
          const due = message.replay.feedStart + push.offset;
          if (due > Date.now()) await sleep(due - Date.now());
          at = Date.now();
        }
        const { tableId, kind, roundId, data } = push.event;
        // The gateway's push, fields in its order: `{ v, type, data: { tableId, kind, roundId, roundNo, at, data } }`.
        io.to(`table:${push.room}`).emit('push', { v: at, type: 'table', data: { tableId, kind, roundId, roundNo: at, at, data } });
        pushes.push({ room: push.room, at });
      }
      const used = process.cpuUsage(cpu);
      process.send({ replayed: { pushes, cpuMs: Math.round((used.user + used.system) / 1000) } });
    })();
  });
  server.listen(0, '127.0.0.1', () => process.send({ started: server.address().port }));
}

/** A helper process of `role`; `next(key)` resolves with its next message carrying `key`, also one that came before. */
function child(role) {
  const proc = fork(here, ['--role', role], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const received = [];
  const waiters = [];
  proc.on('exit', (code, signal) => {
    if (code || (signal && signal !== 'SIGTERM')) {
      console.error(`the ${role} process ended (${code ?? signal}); stopping the bench`);
      process.exit(1);
    }
  });
  proc.on('message', (message) => {
    const waiter = waiters.findIndex((entry) => entry.key in message);
    if (waiter >= 0) {
      const [entry] = waiters.splice(waiter, 1);
      entry.resolve(message[entry.key]);
    } else received.push(message);
  });
  const next = (key) => {
    const index = received.findIndex((message) => key in message);
    if (index >= 0) return Promise.resolve(received.splice(index, 1)[0][key]);
    return new Promise((resolve) => waiters.push({ key, resolve }));
  };
  return { proc, next, send: (message) => proc.send(message) };
}

async function main() {
  if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('tsx'))) (await import('tsx/esm/api')).register();
  const { startEmbedded } = await import('../../embedded/src/host.ts');
  const { SPORTS, sportsRoom } = await import('@wps/contracts');
  const { sql } = await import('drizzle-orm');
  const { api, jsonPoster } = await import('../http.mjs');
  const { summarise } = await import('../stats.mjs');

  const SOCKETS = Number(arg('sockets', '10000'));
  const EVENTS = Number(arg('events', '200'));
  const RATE = Number(arg('rate', '50'));
  const SECONDS = Number(arg('seconds', '20'));
  const PLAYERS = Number(arg('players', '100'));
  const BATCH_MS = Number(arg('batch-ms', '1000'));
  const CLIENT_PROCS = Number(arg('client-procs', '2'));
  const PAIRS = Number(arg('pairs', '2'));
  const CLIENT = arg('client', 'lean');
  const BET_EVENTS = 50;
  const STEP_SECONDS = 5;
  /** A closed-loop step whose p99 passes this is past the sustainable rate. */
  const SANE_P99_MS = 1_000;
  const WALLET_WORKERS = 8;
  const VENDOR = 'BENCHVENDOR';
  const SECRET = randomBytes(24).toString('base64url');
  const LABEL = arg('label', undefined) ?? (spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown');

  const results = {
    date: new Date().toISOString(),
    label: LABEL,
    mode: 'embedded (PGlite, in-memory bus, one process); clients in child processes',
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    options: { sockets: SOCKETS, events: EVENTS, rate: RATE, seconds: SECONDS, players: PLAYERS, batchMs: BATCH_MS, clientProcs: CLIENT_PROCS, pairs: PAIRS, client: CLIENT },
    loadAverage: { start: load() },
  };
  log(`load average ${results.loadAverage.start.join(' ')}; starting the embedded platform`);
  const platform = await startEmbedded({
    logLevel: 'silent',
    requestsPerIpPerMinute: 1_000_000,
    env: {
      HOUSE_SPORTSBOOK_FEED: 'none',
      // The house's other runners (live tables, Teen Patti tables, lottery draws) would push and settle beside the book.
      HOUSE_LIVE_RUNNERS: 'false',
      HOUSE_PVP_RUNNERS: 'false',
      HOUSE_LOTTERY_RUNNER: 'false',
      WALLET_VENDOR_SECRETS: `${VENDOR}:${SECRET}`,
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      ARGON2_MEMORY_KIB: '1024',
    },
  });
  const base = `http://127.0.0.1:${platform.port}`;
  const house = platform.instances.house;
  const execute = async (query) => {
    const answer = await platform.db.orm.execute(query);
    return answer.rows ?? answer;
  };
  const clients = [];
  try {
    // ---------------------------------------------------------------------------------------------------------------
    // The book's events. Each keeps its sequence number and prices; an odds change moves every price a little.
    const seqs = new Map();
    const nextSeq = (eventId) => {
      const seq = (seqs.get(eventId) ?? 0) + 1;
      seqs.set(eventId, seq);
      return seq;
    };
    const price = (value) => Math.max(1050, Math.min(30_000, Math.round(value)));
    const totals = { football: 10, basketball: 842, tennis: 90, cs2: 10, lol: 10, dota2: 10, valorant: 10 };
    /** The result market, an Asian handicap of −1.5 and a total, as a feed sends an event's main markets. */
    const marketsOf = (event) => [
      event.sport === 'football'
        ? {
            key: '1x2',
            spec: { type: '1x2' },
            status: 'active',
            outcomes: [
              { outcome: 'home', price: event.prices[0], active: true },
              { outcome: 'draw', price: event.prices[1], active: true },
              { outcome: 'away', price: event.prices[2], active: true },
            ],
          }
        : {
            key: 'moneyline',
            spec: { type: 'moneyline' },
            status: 'active',
            outcomes: [
              { outcome: 'home', price: event.prices[0], active: true },
              { outcome: 'away', price: event.prices[2], active: true },
            ],
          },
      {
        key: 'asian_handicap:-6',
        spec: { type: 'asian_handicap', line: -6 },
        status: 'active',
        outcomes: [
          { outcome: 'home', price: event.prices[3], active: true },
          { outcome: 'away', price: event.prices[4], active: true },
        ],
      },
      {
        key: `total:${totals[event.sport]}`,
        spec: { type: 'total', line: totals[event.sport] },
        status: 'active',
        outcomes: [
          { outcome: 'over', price: event.prices[5], active: true },
          { outcome: 'under', price: event.prices[6], active: true },
        ],
      },
    ];
    const newEvent = (sport, index, startsAt) => ({
      eventId: `bench:${sport}:${index}:${randomUUID().slice(0, 6)}`,
      sport,
      startsAt,
      prices: [2000 + Math.floor(Math.random() * 800), 3300, 3400 + Math.floor(Math.random() * 800), 1900, 1900, 1850, 1950],
      score: { home: 0, away: 0 },
    });
    const fixture = (event) => ({
      kind: 'fixture',
      eventId: event.eventId,
      seq: nextSeq(event.eventId),
      at: Date.now(),
      sport: event.sport,
      competition: `Bench ${event.sport} league`,
      home: { id: `${event.eventId}-h`, name: `Home ${event.eventId.slice(-6)}` },
      away: { id: `${event.eventId}-a`, name: `Away ${event.eventId.slice(-6)}` },
      startsAt: event.startsAt,
    });
    const oddsChange = (event, status) => ({
      kind: 'odds_change',
      eventId: event.eventId,
      seq: nextSeq(event.eventId),
      at: Date.now(),
      status,
      ...(status === 'live' ? { score: { ...event.score, clock: `${10 + (seqs.get(event.eventId) % 80)}'` } } : {}),
      markets: marketsOf(event),
    });
    const ingestAll = async (messages) => {
      for (let index = 0; index < messages.length; index += 100) await house.sportsbook.ingest(messages.slice(index, index + 100));
    };

    // ---------------------------------------------------------------------------------------------------------------
    // Part 1: odds fan-out.
    if (!flag('skip-fanout')) {
      const live = Array.from({ length: EVENTS }, (_, index) => newEvent(SPORTS[index % SPORTS.length], index, Date.now() - 1_800_000));
      await ingestAll(live.flatMap((event) => [fixture(event), oddsChange(event, 'live')]));
      const [liveCount] = await execute(sql`SELECT count(*)::int AS n FROM house.sb_events WHERE status = 'live' AND event_id LIKE 'bench:%'`);
      log(`${liveCount.n} live events over ${SPORTS.length} sports`);

      // Half the sockets watch one sport, half two; every sport's room gets the same share (2/7 of the sockets).
      const roomsOf = (index) => {
        const k = Math.floor(index / 2);
        const first = SPORTS[k % SPORTS.length];
        if (index % 2 === 0) return [sportsRoom(first)];
        return [sportsRoom(first), sportsRoom(SPORTS[(k + 1 + (Math.floor(k / SPORTS.length) % (SPORTS.length - 1))) % SPORTS.length])];
      };
      const assignment = Array.from({ length: CLIENT_PROCS }, () => []);
      for (let index = 0; index < SOCKETS; index++) assignment[index % CLIENT_PROCS].push(roomsOf(index));
      for (let index = 0; index < CLIENT_PROCS; index++) clients.push(child('clients'));
      const bare = child('bare');
      clients.push(bare);
      const clientProcs = clients.filter((client) => client !== bare);
      // The bare server's process answers its port.
      const bareUrl = `http://127.0.0.1:${(await Promise.all(clients.map((client) => client.next('started')))).at(-1)}`;

      /** Connects every client process's sockets to `url`; answers the sockets per room and what was refused. */
      const connectAll = async (url) => {
        const started = performance.now();
        clientProcs.forEach((client, index) => client.send({ connect: { url, rooms: assignment[index], client: CLIENT } }));
        const answers = await Promise.all(clientProcs.map((client) => client.next('connected')));
        const joined = {};
        const errors = {};
        for (const answer of answers) {
          for (const [room, count] of Object.entries(answer.joined)) joined[room] = (joined[room] ?? 0) + count;
          for (const [error, count] of Object.entries(answer.errors)) errors[error] = (errors[error] ?? 0) + count;
        }
        const sockets = answers.reduce((sum, answer) => sum + answer.sockets, 0);
        return { sockets, joined, errors, seconds: round((performance.now() - started) / 1000) };
      };

      /**
       * Measures one fan-out: `emitAll(feedStart)` makes the pushes (answering the list of `{ room, at }` pushed),
       * then waits until every socket of each push's room received it (or 20 s), and sums the clients' figures.
       */
      const measure = async (connection, emitAll) => {
        const feedStart = Date.now() + 200;
        clientProcs.forEach((client) => client.send({ measure: { feedStart } }));
        await Promise.all(clientProcs.map((client) => client.next('measuring')));
        const cpuBefore = process.cpuUsage();
        const eluBefore = performance.eventLoopUtilization();
        const loadBefore = load();
        const emitted = await emitAll(feedStart);
        const expected = () => emitted.pushes.reduce((sum, push) => sum + (connection.joined[push.room] ?? 0), 0);
        const drainDeadline = Date.now() + 20_000;
        for (;;) {
          clientProcs.forEach((client) => client.send({ progress: true }));
          const received = (await Promise.all(clientProcs.map((client) => client.next('progressed')))).reduce((sum, count) => sum + count, 0);
          if (received >= expected() || Date.now() > drainDeadline) break;
          await sleep(250);
        }
        const cpu = process.cpuUsage(cpuBefore);
        const elu = performance.eventLoopUtilization(eluBefore);
        const wallMs = Date.now() - feedStart;
        clientProcs.forEach((client) => client.send({ collect: true }));
        const collected = await Promise.all(clientProcs.map((client) => client.next('collected')));
        const perPush = new Map();
        for (const part of collected) {
          for (const [key, count, first] of part.perPush) {
            const entry = perPush.get(key) ?? { count: 0, first: Infinity };
            entry.count += count;
            entry.first = Math.min(entry.first, first);
            perPush.set(key, entry);
          }
        }
        let missed = 0;
        for (const push of emitted.pushes) missed += Math.max(0, (connection.joined[push.room] ?? 0) - (perPush.get(`${push.room.slice('sports-'.length)}:${push.at}`)?.count ?? 0));
        const latencies = collected.flatMap((part) => part.latencies);
        const received = collected.reduce((sum, part) => sum + part.received, 0);
        const perSecond = [];
        for (const part of collected) part.perSecond.forEach((count, second) => (perSecond[second] = (perSecond[second] ?? 0) + count));
        // Both runs are measured over the feed's window; pushes of its last batch that arrive after it still count.
        const inWindow = Array.from({ length: SECONDS - 1 }, (_, second) => perSecond[second + 1] ?? 0);
        return {
          sockets: connection.sockets,
          pushesEmitted: emitted.pushes.length,
          pushesEmittedPerSecond: round(emitted.pushes.length / SECONDS),
          expectedDeliveries: expected(),
          received,
          missed,
          deliveredPerSecond: Math.round(received / SECONDS),
          deliveredPerSecondRange: inWindow.length ? [Math.min(...inWindow), Math.max(...inWindow)] : [],
          oddsChangesDeliveredPerSecond: Math.round(collected.reduce((sum, part) => sum + part.events, 0) / SECONDS),
          latencyMs: summarise(latencies),
          firstSocketPerPushMs: summarise([...perPush.values()].map((entry) => entry.first)),
          drainedAfterMs: wallMs - SECONDS * 1000,
          disconnects: collected.reduce((sum, part) => sum + part.disconnects, 0),
          cpu: {
            benchProcessCores: round((cpu.user + cpu.system) / 1000 / wallMs, 2),
            benchEventLoopUtilisation: round(elu.utilization, 2),
            clientProcessesCores: round(collected.reduce((sum, part) => sum + part.cpuMs, 0) / wallMs, 2),
            ...(emitted.bareCpuMs === undefined ? {} : { bareProcessCores: round(emitted.bareCpuMs / wallMs, 2) }),
          },
          loadAverage: { before: loadBefore, after: load() },
          ...emitted.extra,
        };
      };

      /**
       * The platform: odds changes handed to the book in batches. Each odds push is recorded as the house's outbox
       * relay publishes it on the bus (the bus's `publish`, wrapped for the run), for the time it took to get there
       * and for the baseline to replay.
       */
      const platformRun = async (connection) => {
        const recorded = [];
        const publish = platform.bus.publish;
        platform.bus.publish = (messages) => {
          const now = Date.now();
          for (const message of messages) {
            if (message.value.type === 'house.table_event' && message.value.payload.kind === 'odds')
              recorded.push({ room: message.value.payload.tableId, event: message.value.payload, publishedAt: now });
          }
          return publish.call(platform.bus, messages);
        };
        const run = await measure(connection, async (feedStart) => {
          const ingestMs = [];
          let sent = 0;
          let carry = 0;
          for (let batch = 0; ; batch++) {
            const due = feedStart + batch * BATCH_MS;
            if (due >= feedStart + SECONDS * 1000) break;
            if (due > Date.now()) await sleep(due - Date.now());
            carry += (RATE * BATCH_MS) / 1000;
            const size = Math.floor(carry);
            carry -= size;
            // Distinct events within a batch while there are enough; a live score moves now and then.
            const picked = new Set();
            while (picked.size < Math.min(size, live.length)) picked.add(live[Math.floor(Math.random() * live.length)]);
            const messages = [...picked].map((event) => {
              event.prices = event.prices.map((value, index) => (index === 1 ? value : price(value + (Math.random() - 0.5) * 120)));
              if (Math.random() < 0.05) event.score[Math.random() < 0.5 ? 'home' : 'away'] += 1;
              return oddsChange(event, 'live');
            });
            const started = performance.now();
            await house.sportsbook.ingest(messages);
            ingestMs.push(performance.now() - started);
            sent += messages.length;
          }
          // What was ingested last reaches the bus within a relay turn or two.
          await sleep(Math.max(1_000, feedStart + SECONDS * 1000 - Date.now()));
          return {
            pushes: recorded.map((push) => ({ room: push.room, at: push.event.at })),
            extra: {
              oddsChangesSent: sent,
              oddsChangesPerSecond: round(sent / SECONDS),
              ingestBatchMs: summarise(ingestMs),
              appliedToPublishedMs: summarise(recorded.map((push) => push.publishedAt - push.event.at)),
              pushBytes: summarise(recorded.map((push) => Buffer.byteLength(JSON.stringify({ v: push.event.roundNo, type: 'table', data: push.event })))),
            },
          };
        });
        platform.bus.publish = publish;
        return { run, recorded };
      };
      /** The baseline: the bare server emits the recorded pushes to the same rooms, spaced as the book made them. */
      const bareRun = async (connection, recorded) => {
        const firstAt = recorded[0]?.event.at ?? 0;
        return measure(connection, async (feedStart) => {
          bare.send({ replay: { feedStart, pushes: recorded.map((push) => ({ offset: push.event.at - firstAt, batch: push.event.at, room: push.room, event: push.event })) } });
          const replayed = await bare.next('replayed');
          await sleep(Math.max(0, feedStart + SECONDS * 1000 - Date.now()));
          return { pushes: replayed.pushes, bareCpuMs: replayed.cpuMs, extra: {} };
        });
      };

      log(`opening ${SOCKETS} ${CLIENT} sockets from ${CLIENT_PROCS} processes to the platform, then as many to a bare Socket.IO server…`);
      const toPlatform = await connectAll(base);
      log(
        `platform: ${toPlatform.sockets} sockets in ${toPlatform.seconds} s; per room ${JSON.stringify(toPlatform.joined)}${Object.keys(toPlatform.errors).length ? `; refused ${JSON.stringify(toPlatform.errors)}` : ''}`,
      );
      const toBare = await connectAll(bareUrl);
      log(`bare: ${toBare.sockets} sockets in ${toBare.seconds} s${Object.keys(toBare.errors).length ? `; refused ${JSON.stringify(toBare.errors)}` : ''}`);
      results.fanout = { connect: { platform: toPlatform, bare: toBare }, pairs: [] };
      const show = (name, run) =>
        log(
          `  ${name}: ${run.received} pushes received (${run.deliveredPerSecond}/s, ${run.missed} missed), latency p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, first socket p50 ${run.firstSocketPerPushMs.p50} ms`,
        );
      for (let pair = 1; pair <= PAIRS; pair++) {
        await sleep(1_000);
        log(`pair ${pair}: feeding ${RATE} odds changes/s in batches every ${BATCH_MS} ms for ${SECONDS} s…`);
        const { run: onPlatform, recorded } = await platformRun(toPlatform);
        show('platform', onPlatform);
        await sleep(1_000);
        const onBare = await bareRun(toBare, recorded);
        show('bare Socket.IO', onBare);
        results.fanout.pairs.push({
          platform: onPlatform,
          bare: onBare,
          ratio: {
            deliveredPerSecond: round(onPlatform.deliveredPerSecond / onBare.deliveredPerSecond, 2),
            p50: round(onPlatform.latencyMs.p50 / Math.max(1, onBare.latencyMs.p50), 1),
            p99: round(onPlatform.latencyMs.p99 / Math.max(1, onBare.latencyMs.p99), 1),
          },
        });
      }
      for (const client of clients.splice(0)) {
        client.proc.kill('SIGTERM');
        if (client.proc.exitCode === null) await new Promise((resolve) => client.proc.once('exit', resolve));
      }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Part 2: bet placement.
    if (!flag('skip-bets')) {
      const upcoming = Array.from({ length: BET_EVENTS }, (_, index) => newEvent('football', index, Date.now() + 86_400_000));
      await ingestAll(upcoming.flatMap((event) => [fixture(event), oddsChange(event, 'not_started')]));
      const players = [];
      for (let i = 0; i < PLAYERS; i += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, PLAYERS - i) }, async () => {
            const username = `s${randomUUID().replace(/-/g, '').slice(0, 12)}`;
            const login = await api(base, 'PUT', '/wps/member/register', { username, password: 'bench12345', confirmPassword: 'bench12345', acceptTerms: true });
            await api(base, 'POST', '/wps/v2/wallets/deposit/demo', { amount: '100000.00' }, login.token, { 'idempotency-key': randomUUID() });
            players.push({ id: login.user.id, token: login.token });
          }),
        );
      }
      log(`${players.length} members funded; ${upcoming.length} upcoming football events with a 1x2 market`);

      const post = jsonPoster(256);
      const outcomes = ['home', 'draw', 'away'];
      /** One pre-match single of 1.00 at the book's price; answers the code of a refusal, or null. */
      const placeBet = async () => {
        const player = players[Math.floor(Math.random() * players.length)];
        const event = upcoming[Math.floor(Math.random() * upcoming.length)];
        const pick = Math.floor(Math.random() * 3);
        const body = JSON.stringify({ type: 'single', selections: [{ eventId: event.eventId, market: '1x2', outcome: outcomes[pick], price: event.prices[pick] }], stake: '1.00' });
        try {
          const answer = await post(`${base}/wps/house/sports/bets`, body, { authorization: `Bearer ${player.token}`, 'idempotency-key': randomUUID() });
          if (answer.status === 200) return null;
          return JSON.parse(answer.text).code ?? String(answer.status);
        } catch (error) {
          return String(error.code ?? error.message);
        }
      };
      const firstRefusal = await placeBet();
      if (firstRefusal) throw new Error(`a bet was refused: ${firstRefusal}`);

      const vendorPost = jsonPoster(64);
      const vendorCall = async (operation, payload) => {
        const body = JSON.stringify(payload);
        const timestamp = String(Date.now());
        const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
        const response = await vendorPost(`${base}/api/vendor/v1/${operation}`, body, { 'x-vendor-code': VENDOR, 'x-timestamp': timestamp, 'x-signature': signature });
        if (response.status !== 200) throw new Error(`${operation} ${response.status} ${response.text.slice(0, 200)}`);
      };
      /** The wallet bench's round: a bet, then its win that settles it (bench/wallet/run.mjs, bench/lottery/run.mjs). */
      const walletBaseline = async (seconds) => {
        const deadline = performance.now() + seconds * 1000;
        let rounds = 0;
        await Promise.all(
          Array.from({ length: WALLET_WORKERS }, async () => {
            while (performance.now() < deadline) {
              const player = players[Math.floor(Math.random() * players.length)];
              const roundId = randomUUID();
              await vendorCall('bet', { player: player.id, currency: 'MXN', transactionId: `b-${roundId}`, roundId, gameType: `SLOT_${Math.floor(Math.random() * 64)}`, amount: '1.00' });
              const win = Math.random() < 0.45 ? (Math.random() * 2).toFixed(2) : '0.00';
              await vendorCall('win', { player: player.id, currency: 'MXN', transactionId: `w-${roundId}`, roundId, betTransactionId: `b-${roundId}`, amount: win, settle: true });
              rounds++;
            }
          }),
        );
        return round(rounds / seconds);
      };

      const refusals = {};
      const refused = (code) => (refusals[code] = (refusals[code] ?? 0) + 1);
      /** Closed loop: `concurrency` bettors, each placing its next bet when the last is answered. */
      const closedLoop = async (concurrency, seconds) => {
        const deadline = performance.now() + seconds * 1000;
        const samples = [];
        let errors = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (performance.now() < deadline) {
              const started = performance.now();
              const code = await placeBet();
              if (code) {
                errors++;
                refused(code);
              } else samples.push(performance.now() - started);
            }
          }),
        );
        const latency = summarise(samples);
        return { concurrency, betsPerSecond: round(samples.length / seconds), p50: round(latency.p50), p99: round(latency.p99), errors };
      };
      /** Open loop: bets started every 1/rate s whatever the answers; latency from each one's scheduled start. */
      const openLoop = async (rate, seconds) => {
        const samples = [];
        const pending = [];
        let errors = 0;
        const total = Math.floor(rate * seconds);
        const start = performance.now();
        for (let index = 0; index < total;) {
          while (index < total && start + (index * 1000) / rate <= performance.now()) {
            const scheduled = start + (index * 1000) / rate;
            pending.push(
              placeBet().then((code) => {
                if (code) {
                  errors++;
                  refused(code);
                } else samples.push(performance.now() - scheduled);
              }),
            );
            index++;
          }
          if (index < total) await sleep(Math.max(0, Math.min(5, start + (index * 1000) / rate - performance.now())));
        }
        await Promise.all(pending);
        const latency = summarise(samples);
        return { offeredPerSecond: round(rate), betsPerSecond: round(samples.length / ((performance.now() - start) / 1000)), bets: samples.length, errors, latencyMs: latency };
      };

      const betLoad = load();
      results.walletRoundsPerSecondBefore = await walletBaseline(SECONDS / 2);
      log(`wallet baseline (before): ${results.walletRoundsPerSecondBefore} rounds/s (bet + win over HTTP, ${WALLET_WORKERS} workers)`);
      await closedLoop(4, 3);
      // Concurrency doubles until p99 passes 1 s or two steps in a row add less than 10 % to the best rate.
      const steps = [];
      let best;
      let flat = 0;
      for (const concurrency of [1, 2, 4, 8, 16, 32, 64]) {
        const step = await closedLoop(concurrency, STEP_SECONDS);
        steps.push(step);
        log(`  closed loop, ${concurrency} at once: ${step.betsPerSecond} bets/s, p50 ${step.p50} ms, p99 ${step.p99} ms, ${step.errors} refused`);
        if (step.p99 > SANE_P99_MS) break;
        flat = best && step.betsPerSecond < best.betsPerSecond * 1.1 ? flat + 1 : 0;
        if (!best || step.betsPerSecond > best.betsPerSecond) best = step;
        if (flat === 2) break;
      }
      if (!best) throw new Error('no closed-loop step kept p99 within 1 s');
      const at70 = await openLoop(best.betsPerSecond * 0.7, SECONDS);
      log(`open loop at 70 % (${at70.offeredPerSecond}/s): p50 ${round(at70.latencyMs.p50)} ms, p99 ${round(at70.latencyMs.p99)} ms, max ${round(at70.latencyMs.max)} ms, ${at70.errors} refused`);
      results.walletRoundsPerSecondAfter = await walletBaseline(SECONDS / 2);
      log(`wallet baseline (after): ${results.walletRoundsPerSecondAfter} rounds/s`);
      const walletRounds = (results.walletRoundsPerSecondBefore + results.walletRoundsPerSecondAfter) / 2;
      results.bets = {
        steps,
        sustainable: { concurrency: best.concurrency, betsPerSecond: best.betsPerSecond, p50: best.p50, p99: best.p99 },
        at70,
        refusals,
        walletRoundsPerSecond: round(walletRounds),
        ratio: round(best.betsPerSecond / walletRounds, 2),
        loadAverage: { before: betLoad, after: load() },
      };

      const ledger = await platform.clients.wallet.ledgerCheck({});
      const statuses = await execute(sql`SELECT status, count(*)::int AS n FROM house.sb_bets GROUP BY status ORDER BY status`);
      results.ledger = { imbalances: ledger.imbalances.length, negativeAccounts: ledger.negativeAccounts, sound: ledger.imbalances.length === 0 && ledger.negativeAccounts === 0 };
      results.betStatuses = Object.fromEntries(statuses.map((row) => [row.status, row.n]));
      log(`ledger ${results.ledger.sound ? 'sound' : `NOT sound: ${JSON.stringify(ledger)}`}; bets by status ${JSON.stringify(results.betStatuses)}`);
      if (!results.ledger.sound || Object.keys(results.betStatuses).some((status) => status !== 'open')) process.exitCode = 1;
    }
  } finally {
    for (const client of clients) client.proc.kill('SIGTERM');
    await platform.close();
  }
  results.loadAverage.end = load();

  console.log('\nHouse sportsbook (embedded)');
  if (results.fanout?.pairs.length) {
    const first = results.fanout.pairs[0].platform;
    console.log(
      `odds fan-out: ${first.sockets} sockets, ${EVENTS} live events, ${first.oddsChangesPerSecond} odds changes/s in ${first.pushesEmittedPerSecond} pushes/s of ~${first.pushBytes.p50} bytes`,
    );
    console.log('run                  pushes delivered/s   missed   p50 ms   p99 ms   max ms   first socket p50 ms   ingest p50 ms   on the bus p50 ms');
    results.fanout.pairs.forEach((pair, index) => {
      for (const [name, run] of [
        [`${index + 1}: platform`, pair.platform],
        [`${index + 1}: bare Socket.IO`, pair.bare],
      ]) {
        console.log(
          `${name.padEnd(20)} ${String(run.deliveredPerSecond).padStart(19)} ${String(run.missed).padStart(8)} ${String(run.latencyMs.p50).padStart(8)} ${String(run.latencyMs.p99).padStart(8)} ${String(run.latencyMs.max).padStart(8)} ${String(run.firstSocketPerPushMs.p50).padStart(21)} ${String(run.ingestBatchMs ? round(run.ingestBatchMs.p50) : '').padStart(15)} ${String(run.appliedToPublishedMs?.p50 ?? '').padStart(19)}`,
        );
      }
      console.log(`${' '.repeat(3)}platform ÷ bare: delivered/s ${pair.ratio.deliveredPerSecond}, p50 ${pair.ratio.p50}×, p99 ${pair.ratio.p99}×`);
    });
  }
  if (results.bets) {
    const bets = results.bets;
    console.log(
      `bet placement: sustainable ${bets.sustainable.betsPerSecond} bets/s (${bets.sustainable.concurrency} at once), at 70 % p50 ${round(bets.at70.latencyMs.p50)} ms, p99 ${round(bets.at70.latencyMs.p99)} ms; wallet ${bets.walletRoundsPerSecond} rounds/s; ratio ${bets.ratio}; ledger ${results.ledger.sound ? 'sound' : 'NOT sound'}`,
    );
  }
  console.log(`load average: start ${results.loadAverage.start.join(' ')}, end ${results.loadAverage.end.join(' ')}`);

  const resultsDir = path.join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'sportsbook.json'), `${JSON.stringify(results, null, 2)}\n`);
  appendFileSync(
    path.join(resultsDir, 'sportsbook-history.jsonl'),
    `${JSON.stringify({
      date: results.date,
      label: LABEL,
      options: results.options,
      fanout:
        results.fanout?.pairs.map((pair) => ({
          sockets: pair.platform.sockets,
          deliveredPerSecond: pair.platform.deliveredPerSecond,
          p50: pair.platform.latencyMs.p50,
          p99: pair.platform.latencyMs.p99,
          missed: pair.platform.missed,
          bare: { deliveredPerSecond: pair.bare.deliveredPerSecond, p50: pair.bare.latencyMs.p50, p99: pair.bare.latencyMs.p99, missed: pair.bare.missed },
          ratio: pair.ratio,
        })) ?? null,
      bets: results.bets
        ? {
            sustainable: results.bets.sustainable.betsPerSecond,
            p50At70: round(results.bets.at70.latencyMs.p50),
            p99At70: round(results.bets.at70.latencyMs.p99),
            walletRounds: results.bets.walletRoundsPerSecond,
            ratio: results.bets.ratio,
          }
        : null,
      ledgerSound: results.ledger?.sound ?? null,
      loadAverage: results.loadAverage,
    })}\n`,
  );
  process.exit(process.exitCode ?? 0);
}
