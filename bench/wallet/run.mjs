// The wallet under vendor load, in one run:
//   P  = pgbench TPC-B transactions/s on the same PostgreSQL (the baseline);
//   spread: bet + win rounds through the signed vendor API over many players and many house accounts;
//   hot:    the same, with every bet on one vendor game type (one house account, spread over its shards);
// each: the sustainable rate (closed loop), then p50 / p99 / p99.9 at 70 % of it (open loop, fixed arrivals), and
//   how long after a settling win's answer the player's socket gets the balance push (bench/wallet/push.mjs);
//   embedded: the same rounds on PGlite in one process, rounds/s, against what PGlite itself does in TPC-B
//   transactions/s in the same run (the embedded ratio).
// Ends with one summary table; results go to bench/results/wallet.json and one line per run to wallet-history.jsonl.
//   --bonuses: every player holds a bonus that is wagering (granted through the operator API), so every vendor call
//   reads it and every settled round is counted by the wallet's wagering consumer; the run then also reports how long
//   the consumer took, after the last round, to have counted every settled round (it keeps pace when that is short).
// Usage: node bench/wallet/run.mjs [--seconds 15] [--players 200] [--workers 16] [--warmup 10] [--label <text>]
//        [--skip-embedded] [--skip-cluster] [--bonuses]
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, jsonPoster } from '../http.mjs';
import { createRunDatabase, startInfra, startServices, stopInfra } from '../../scripts/lib/cluster.mjs';
import { summarise } from '../stats.mjs';
import { cpuMeter } from '../cpu.mjs';
import { statementMeter } from '../pg-statements.mjs';
import { connectPushClients } from './push.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);
const SECONDS = Number(arg('seconds', '15'));
const PLAYERS = Number(arg('players', '200'));
const WORKERS = Number(arg('workers', '16'));
const WARMUP_SECONDS = Number(arg('warmup', '10'));
/** What the run measured (a commit, a change being tried); it names the run's line in the history. */
const LABEL = arg('label', undefined) ?? (spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown');
const VENDOR = 'BENCHVENDOR';
const SECRET = randomBytes(24).toString('base64url');
const BONUSES = flag('bonuses');
const OPERATOR_TOKEN = randomBytes(24).toString('base64url');
/** The bonus every player holds with --bonuses: 50.00. */
const BONUS_MINOR = 5_000;

const post = jsonPoster(256);

/** A signed vendor call; gives its latency, when its answer arrived (`performance.now()`) and the answer's text. */
async function vendorCall(base, operation, payload) {
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  const started = performance.now();
  const response = await post(`${base}/api/vendor/v1/${operation}`, body, { 'x-vendor-code': VENDOR, 'x-timestamp': timestamp, 'x-signature': signature });
  const at = performance.now();
  if (response.status !== 200) throw new Error(`${operation} ${response.status} ${response.text.slice(0, 200)}`);
  return { ms: at - started, at, text: response.text };
}

/** Registers players and funds each with play money through the demo deposit; each is `{ id, token }`. */
async function makePlayers(base, count) {
  const players = [];
  const make = async () => {
    const username = `w${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const login = await api(base, 'PUT', '/wps/member/register', { username, password: 'bench12345', confirmPassword: 'bench12345', acceptTerms: true });
    await api(base, 'POST', '/wps/v2/wallets/deposit/demo', { amount: '100000.00' }, login.token, { 'idempotency-key': randomUUID() });
    players.push({ id: login.user.id, token: login.token });
  };
  for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: Math.min(8, count - i) }, make));
  return players;
}

/**
 * One round: a bet, then its win, which settles the round. With `pushes`, the win's answer (its new balance and when
 * it arrived) is handed over, to be paired with the balance push the player's socket gets for it.
 */
async function round(base, players, gameTypeFor, latencies, pushes) {
  const player = players[Math.floor(Math.random() * players.length)];
  const roundId = randomUUID();
  const gameType = gameTypeFor();
  const betId = `b-${roundId}`;
  const bet = await vendorCall(base, 'bet', { player: player.id, currency: 'MXN', transactionId: betId, roundId, gameType, amount: '1.00' });
  latencies.push(bet.ms);
  const win = Math.random() < 0.45 ? (Math.random() * 2).toFixed(2) : '0.00';
  const settle = await vendorCall(base, 'win', { player: player.id, currency: 'MXN', transactionId: `w-${roundId}`, roundId, betTransactionId: betId, amount: win, settle: true });
  latencies.push(settle.ms);
  if (pushes) {
    const answer = JSON.parse(settle.text).value;
    // A win that moved no money (a lost round, or a win that rounds to 0) has no ledger transaction and no push.
    // The vendor is answered cash plus the bonus while one wagers; the balance push is the cash alone. Stakes of 1.00
    // never reach the bench bonus (cash first), so the cash is the answer less the bonus.
    const cash = BONUSES ? (Math.round(Number(answer.balance) * 100) - BONUS_MINOR) / 100 : undefined;
    pushes.answered(player.id, cash === undefined ? answer.balance : cash.toFixed(2), settle.at, Boolean(answer.ledgerTransactionId));
  }
}

async function closedLoop(base, players, gameTypeFor, seconds, workers) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  let rounds = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        try {
          await round(base, players, gameTypeFor, latencies);
          rounds++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { betsPerSecond: Math.round((rounds / seconds) * 10) / 10, errors, latency: summarise(latencies) };
}

/**
 * Fixed arrivals at `rate` rounds per second, independent of how fast answers come (no coordinated omission). With
 * `pushes` (a window of bench/wallet/push.mjs), also the balance-push latency of every settling win.
 */
async function openLoop(base, players, gameTypeFor, seconds, rate, pushes) {
  const latencies = [];
  const pending = [];
  let errors = 0;
  const start = performance.now();
  const total = Math.floor(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(round(base, players, gameTypeFor, latencies, pushes).catch(() => errors++));
  }
  await Promise.all(pending);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p999 = sorted[Math.min(sorted.length - 1, Math.ceil(0.999 * sorted.length) - 1)] ?? NaN;
  const result = { rate, errors, latency: { ...summarise(latencies), p999: Math.round(p999 * 100) / 100 }, over1s: latencies.filter((ms) => ms > 1000).length };
  // Pushes still on their way when the last answer came get 5 s more; those that never come are counted as missed.
  if (pushes) result.push = await pushes.finish(5_000);
  return result;
}

/** Every player gets a bonus that stays wagering for the whole run: 50.00 at 100×, stakes of 1.00 come from cash. */
async function grantBonuses(base, players) {
  const headers = { authorization: `Operator ${OPERATOR_TOKEN}`, 'x-operator': 'bench' };
  for (let i = 0; i < players.length; i += 8) {
    await Promise.all(
      players.slice(i, i + 8).map((player) =>
        api(
          base,
          'POST',
          `/operator/v1/members/${player.id}/bonuses`,
          { amount: (BONUS_MINOR / 100).toFixed(2), currency: 'MXN', title: 'Bench bonus', terms: { multiple: 100, days: 30 } },
          undefined,
          {
            ...headers,
            'idempotency-key': randomUUID(),
          },
        ),
      ),
    );
  }
  console.log(`${players.length} bonuses wagering`);
}

/** How long after the last answer the wagering consumer has counted every settled round (each bet holds a bonus). */
async function wageringDrain(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const [{ settled }] = (await client.query(`SELECT count(*)::int AS settled FROM wallet.rounds WHERE state = 'settled'`)).rows;
    let counted = 0;
    while (performance.now() - started < 60_000) {
      counted = (await client.query(`SELECT count(*)::int AS n FROM wallet.bonus_wagers`)).rows[0].n;
      if (counted >= settled) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { settled, counted, drainMs: Math.round(performance.now() - started) };
  } finally {
    await client.end();
  }
}

let serviceChildren;
const SERVICE_NAMES = ['gateway', 'wallet', 'games', 'identity', 'agent-contracts', 'points', 'notices', 'house'];

let statementsOf;
/** The players' sockets (bench/wallet/push.mjs), connected for the whole cluster run. */
let pushClients;

async function scenario(label, base, players, gameTypeFor) {
  const meter = cpuMeter(serviceChildren, SERVICE_NAMES);
  const statements = statementsOf ? await statementsOf() : undefined;
  const capacity = await closedLoop(base, players, gameTypeFor, SECONDS, WORKERS);
  capacity.cpuMsPerRound = meter(capacity.betsPerSecond * SECONDS);
  capacity.postgresStatements = await statements?.(capacity.betsPerSecond * SECONDS);
  if (capacity.postgresStatements) {
    const { msPerOperation, callsPerOperation, statements: top } = capacity.postgresStatements;
    console.log(`${label.padEnd(8)} PostgreSQL per round: ${callsPerOperation} statements, ${msPerOperation} ms executing; top:`);
    for (const row of top.slice(0, 8)) console.log(`           ${String(row.callsPerOperation).padStart(5)} × ${String(row.msPerOperation).padStart(7)} ms  ${row.query.slice(0, 110)}`);
  }
  console.log(
    `${label.padEnd(8)} CPU per round (ms): ${Object.entries(capacity.cpuMsPerRound)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ')}`,
  );
  const at70 = await openLoop(base, players, gameTypeFor, SECONDS, Math.max(1, capacity.betsPerSecond * 0.7), pushClients?.record());
  console.log(
    `${label.padEnd(8)} sustainable ${capacity.betsPerSecond} rounds/s (errors ${capacity.errors}); at 70 % (${at70.rate.toFixed(1)}/s): p50 ${at70.latency.p50} ms, p99 ${at70.latency.p99} ms, p99.9 ${at70.latency.p999} ms, max ${at70.latency.max} ms, >1 s: ${at70.over1s}, errors ${at70.errors}`,
  );
  if (at70.push) {
    const push = at70.push;
    console.log(
      `${label.padEnd(8)} balance push after the win's answer: p50 ${push.p50} ms, p99 ${push.p99} ms, max ${push.max} ms, min ${push.min} ms (${push.beforeAnswer} before the answer), ${push.n} paired, missed ${push.missed}; ${push.silentWins} zero wins (no push)`,
    );
  }
  return { capacity, at70 };
}

const spreadGameType = () => `SLOT_${Math.floor(Math.random() * 64)}`;
const hotGameType = () => 'SLOT_HOT';
const results = { date: new Date().toISOString(), label: LABEL, seconds: SECONDS, players: PLAYERS, workers: WORKERS };

function pgbench(adminUrl) {
  const url = new URL(adminUrl);
  const bin = '/usr/lib/postgresql/15/bin/pgbench';
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const base = ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username)];
  spawnSync(path.join(path.dirname(bin), 'createdb'), [...base, 'wps_pgbench'], { env, stdio: 'ignore' });
  const init = spawnSync(bin, [...base, '-i', '-s', '10', '-q', 'wps_pgbench'], { env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(bin, [...base, '-c', String(WORKERS), '-j', '2', '-T', String(SECONDS), '-M', 'prepared', 'wps_pgbench'], { env, encoding: 'utf8' });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!match) throw new Error(`pgbench output not understood: ${run.stdout}${run.stderr}`);
  spawnSync(path.join(path.dirname(bin), 'dropdb'), [...base, 'wps_pgbench'], { env, stdio: 'ignore' });
  return Number(match[1]);
}

if (!flag('skip-cluster')) {
  const infra = startInfra();
  const database = await createRunDatabase(infra.DATABASE_URL);
  let services;
  try {
    results.pgbenchTps = pgbench(infra.DATABASE_URL);
    console.log(`P (pgbench TPC-B, ${WORKERS} clients, ${SECONDS} s): ${results.pgbenchTps.toFixed(0)} tps`);
    services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn', env: { WALLET_VENDOR_SECRETS: `${VENDOR}:${SECRET}`, OPERATOR_TOKEN } });
    serviceChildren = services.children;
    statementsOf = () => statementMeter(infra.DATABASE_URL, database.url);
    const players = await makePlayers(services.gatewayUrl, PLAYERS);
    if (BONUSES) await grantBonuses(services.gatewayUrl, players);
    // Every player has its socket open from here on, as a player in a game would: the capacity figures include the
    // gateway's push work, and the latency figures are taken on the way a player sees them.
    pushClients = await connectPushClients(services.gatewayUrl, players);
    console.log(`${pushClients.sockets} player sockets connected`);
    // Warm up at full concurrency: the first seconds after start-up pay for JIT compilation and cold caches in every
    // process, which would otherwise land in the spread figures.
    await closedLoop(services.gatewayUrl, players, spreadGameType, WARMUP_SECONDS, WORKERS);
    results.spread = await scenario('spread', services.gatewayUrl, players, spreadGameType);
    results.hot = await scenario('hot', services.gatewayUrl, players, hotGameType);
    results.spreadOverP = Math.round((results.spread.capacity.betsPerSecond / results.pgbenchTps) * 100) / 100;
    results.hotOverSpread = Math.round((results.hot.capacity.betsPerSecond / results.spread.capacity.betsPerSecond) * 100) / 100;
    console.log(`rounds/s ÷ P = ${results.spreadOverP} (goal ≥ 0.3); hot ÷ spread = ${results.hotOverSpread} (goal ≥ 0.9)`);
    results.sockets = { connected: pushClients.sockets, disconnects: pushClients.disconnects, otherPushes: pushClients.otherPushes };
    if (BONUSES) {
      results.wagering = await wageringDrain(database.url);
      console.log(`wagering consumer: ${results.wagering.counted} of ${results.wagering.settled} settled rounds counted, ${results.wagering.drainMs} ms after the last answer`);
    }
  } finally {
    pushClients?.close();
    await services?.stop();
    await database.drop().catch(() => undefined);
    if (process.env.KEEP_INFRA !== '1') stopInfra();
  }
}

/**
 * What PGlite itself does, measured on a fresh in-memory instance in this process: TPC-B-like transactions (pgbench's
 * five statements: UPDATE account, SELECT its balance, UPDATE teller, UPDATE branch, INSERT history) one after the
 * other, one client, for `seconds`. The embedded rounds/s are read against it: how much of what the database alone
 * could do the platform keeps.
 */
async function pgliteCeiling(seconds, scale = 1) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  try {
    await db.exec(`
      CREATE TABLE branches (bid int PRIMARY KEY, bbalance int NOT NULL, filler char(88));
      CREATE TABLE tellers (tid int PRIMARY KEY, bid int NOT NULL, tbalance int NOT NULL, filler char(84));
      CREATE TABLE accounts (aid int PRIMARY KEY, bid int NOT NULL, abalance int NOT NULL, filler char(84));
      CREATE TABLE history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
      INSERT INTO branches (bid, bbalance) SELECT b, 0 FROM generate_series(1, ${scale}) b;
      INSERT INTO tellers (tid, bid, tbalance) SELECT t, (t - 1) / 10 + 1, 0 FROM generate_series(1, ${10 * scale}) t;
      INSERT INTO accounts (aid, bid, abalance, filler) SELECT a, (a - 1) / 100000 + 1, 0, '' FROM generate_series(1, ${100_000 * scale}) a;
    `);
    await db.exec('VACUUM ANALYZE');
    const random = (n) => 1 + Math.floor(Math.random() * n);
    const transaction = () => {
      const aid = random(100_000 * scale);
      const tid = random(10 * scale);
      const bid = random(scale);
      const delta = Math.floor(Math.random() * 10_001) - 5_000;
      return db.transaction(async (tx) => {
        await tx.query('UPDATE accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid]);
        await tx.query('SELECT abalance FROM accounts WHERE aid = $1', [aid]);
        await tx.query('UPDATE tellers SET tbalance = tbalance + $1 WHERE tid = $2', [delta, tid]);
        await tx.query('UPDATE branches SET bbalance = bbalance + $1 WHERE bid = $2', [delta, bid]);
        await tx.query('INSERT INTO history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)', [tid, bid, aid, delta]);
      });
    };
    // The first transactions pay for compiling the WebAssembly paths and planning; the embedded rounds had theirs
    // paid by registering and funding the players.
    for (let i = 0; i < 500; i++) await transaction();
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    let count = 0;
    while (performance.now() < deadline) {
      await transaction();
      count++;
    }
    return Math.round((count / ((performance.now() - started) / 1000)) * 10) / 10;
  } finally {
    await db.close();
  }
}

if (!flag('skip-embedded')) {
  // The embedded platform is TypeScript; without `--import tsx` on the command line, its loader is registered here.
  if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('tsx'))) (await import('tsx/esm/api')).register();
  const { startEmbedded } = await import('../../embedded/src/host.ts');
  const platform = await startEmbedded({ logLevel: 'silent', env: { WALLET_VENDOR_SECRETS: `${VENDOR}:${SECRET}`, REGISTRATIONS_PER_IP_PER_HOUR: '100000' }, requestsPerIpPerMinute: 1_000_000 });
  try {
    const base = `http://127.0.0.1:${platform.port}`;
    const players = await makePlayers(base, Math.min(PLAYERS, 50));
    results.embedded = await closedLoop(base, players, spreadGameType, SECONDS, 8);
    console.log(`embedded (PGlite): ${results.embedded.betsPerSecond} rounds/s, p50 ${results.embedded.latency.p50} ms, p99 ${results.embedded.latency.p99} ms`);
  } finally {
    await platform.close();
  }
  results.pgliteTps = await pgliteCeiling(SECONDS);
  results.embeddedRatio = Math.round((results.embedded.betsPerSecond / results.pgliteTps) * 1000) / 1000;
  console.log(`PGlite ceiling (TPC-B-like, 1 client, in memory): ${results.pgliteTps} tps; embedded rounds/s ÷ ceiling = ${results.embeddedRatio}`);
}

/** The run's figures, one per row, each next to its goal where it has one. */
function summaryTable() {
  const rows = [];
  const shown = (value, unit = '') => (value === undefined || value === null || Number.isNaN(value) ? '—' : `${value}${unit}`);
  const goal = (text, met) => (met === undefined ? text : `${text} ${met ? '✓' : '✗'}`);
  const { spread, hot } = results;
  if (results.pgbenchTps !== undefined) rows.push(['P (pgbench TPC-B)', `${results.pgbenchTps.toFixed(0)} tps`, '']);
  if (spread) {
    rows.push(['spread rounds/s', shown(spread.capacity.betsPerSecond), '']);
    rows.push(['spread ÷ P', shown(results.spreadOverP), goal('≥ 0.3', results.spreadOverP >= 0.3)]);
  }
  if (hot) {
    rows.push(['hot rounds/s', shown(hot.capacity.betsPerSecond), '']);
    rows.push(['hot ÷ spread', shown(results.hotOverSpread), goal('≥ 0.9', results.hotOverSpread >= 0.9)]);
  }
  for (const [name, scenario] of [
    ['spread', spread],
    ['hot', hot],
  ]) {
    if (!scenario) continue;
    const { latency, over1s } = scenario.at70;
    rows.push([`${name} at 70 % p50 / p99 / p99.9`, `${latency.p50} / ${latency.p99} / ${latency.p999} ms (${over1s} > 1 s)`, goal('p99 ≤ 50 ms', latency.p99 <= 50)]);
  }
  for (const [name, scenario] of [
    ['spread', spread],
    ['hot', hot],
  ]) {
    const push = scenario?.at70.push;
    if (!push) continue;
    rows.push([
      `${name} push p50 / p99`,
      `${push.p50} / ${push.p99} ms (max ${push.max}, ${push.n} paired, ${push.missed} missed, ${push.beforeAnswer} before the answer)`,
      goal('p99 ≤ 250 ms', push.p99 <= 250),
    ]);
  }
  if (spread?.capacity.cpuMsPerRound) {
    const cpu = spread.capacity.cpuMsPerRound;
    for (const [name, ms] of Object.entries(cpu)) rows.push([`spread CPU ms/round: ${name}`, shown(ms), '']);
    const total = Object.entries(cpu).reduce((sum, [name, ms]) => (name === 'bench' ? sum : sum + ms), 0);
    rows.push(['spread CPU ms/round: all but the bench', shown(Math.round(total * 100) / 100), '']);
  }
  for (const [name, scenario] of [
    ['spread', spread],
    ['hot', hot],
  ]) {
    const statements = scenario?.capacity.postgresStatements;
    if (!statements) continue;
    rows.push([`${name} PostgreSQL statements/round`, shown(statements.callsPerOperation), '']);
    rows.push([`${name} PostgreSQL execution ms/round`, shown(statements.msPerOperation), '']);
  }
  if (results.wagering) rows.push(['wagering consumer drained after the last answer', `${results.wagering.drainMs} ms (${results.wagering.counted} / ${results.wagering.settled} rounds)`, '']);
  if (results.embedded) {
    rows.push(['embedded rounds/s', shown(results.embedded.betsPerSecond), '']);
    rows.push(['PGlite ceiling (TPC-B-like tps)', shown(results.pgliteTps), '']);
    rows.push(['embedded ratio (rounds/s ÷ ceiling)', shown(results.embeddedRatio), '']);
  }
  const header = ['Figure', 'Value', 'Goal'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [`Wallet bench, ${results.label}, ${results.date}`, '', line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

console.log(`\n${summaryTable()}\n`);

const resultsDir = path.join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'wallet.json'), JSON.stringify(results, null, 2));
// One line per run, so that runs of successive changes can be compared (bench/README.md, "History").
const history = {
  date: results.date,
  label: BONUSES ? `${LABEL} (bonuses)` : LABEL,
  P: results.pgbenchTps ?? null,
  spread: results.spread?.capacity.betsPerSecond ?? null,
  spreadOverP: results.spreadOverP ?? null,
  hot: results.hot?.capacity.betsPerSecond ?? null,
  hotOverSpread: results.hotOverSpread ?? null,
  p99SpreadAt70: results.spread?.at70.latency.p99 ?? null,
  pushP99Spread: results.spread?.at70.push?.p99 ?? null,
  pushP99Hot: results.hot?.at70.push?.p99 ?? null,
  embedded: results.embedded?.betsPerSecond ?? null,
  pgliteTps: results.pgliteTps ?? null,
  embeddedRatio: results.embeddedRatio ?? null,
};
appendFileSync(path.join(resultsDir, 'wallet-history.jsonl'), `${JSON.stringify(history)}\n`);
