// Team reports at scale: a brand whose top agent has 100,000 members eight levels below it and 10 million settled
// bets, filled straight into PostgreSQL the way the `bet.settled` consumer leaves them (the bets, each member's hours
// and last active hour, each agent's team hours). Measures the agent centre's reports for the top agent (the largest
// team there is) against a plain indexed count on the same database in the same run, and once the same team sums read
// from the bets themselves (what the hourly roll-ups save).
// Usage: flock /work/main/.cluster-lock node --import tsx bench/agents/run.mjs [--members 100000] [--bets 10000000]
//        [--days 30] [--sessions 10] [--samples 40] [--keep]
// PostgreSQL comes from DATABASE_URL or infra/.state/env (bash infra/start.sh); a fresh database is made and dropped.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate, openPostgres, rows } from '../../packages/platform/src/index.ts';
import { AGENT_CONTRACTS_SCHEMA, agentContractsMigrations } from '../../services/agent-contracts/src/app.ts';
import { TeamReports } from '../../services/agent-contracts/src/features/team/reports.ts';
import { MemberHourColumns } from '../../services/agent-contracts/src/features/team/member-hour-columns.ts';
import { recordSettledBets } from '../../services/agent-contracts/src/features/team/record-bets.ts';
import { computePeriod, parseTiers } from '../../services/agent-contracts/src/features/settlement/compute.ts';
import { DEMO_TERMS } from '../../services/agent-contracts/src/domain/offers.ts';
import { periodContaining } from '../../services/agent-contracts/src/domain/periods.ts';
import { createRunDatabase } from '../../scripts/lib/cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const MEMBERS = Number(argument('members', '100000'));
const BETS = Number(argument('bets', '10000000'));
/** The bets' span, ending today. */
const DAYS = Number(argument('days', '30'));
/** The hours of play per member over the span (a member plays in sessions, not every hour). */
const SESSIONS = Number(argument('sessions', '10'));
const SAMPLES = Number(argument('samples', '40'));
/** The consumer's batches: `--batches` of `--batch` new bets each, on the filled tree. */
const BATCH = Number(argument('batch', '500'));
const BATCHES = Number(argument('batches', '20'));
const KEEP = process.argv.includes('--keep');
/** A database kept by an earlier `--keep` run: its tree and bets are measured again (after any new migrations). */
const REUSE = argument('reuse', undefined);
/** Each agent has five direct members: 100,000 members reach eight levels below the top agent. */
const FAN_OUT = 5;
const CHUNK = 1_000_000;

function infraEnv(name) {
  if (process.env[name]) return process.env[name];
  const file = path.join(root, 'infra', '.state', 'env');
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] === name) return match[2];
  }
  return undefined;
}

/** A member's uplines, root first, as the wallet puts them on `bet.settled`. */
function ancestors(member) {
  const path = [];
  for (let id = member; id !== 1;) {
    id = Math.floor((id - 2) / FAN_OUT) + 1;
    path.unshift(String(id));
  }
  return path;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms) => Math.round(ms * 10) / 10;
const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

async function timed(label, work) {
  const started = performance.now();
  const result = await work();
  log(`${label}: ${round((performance.now() - started) / 1000)} s`);
  return result;
}

async function fill(db, spanStart) {
  await timed(`agent tree (${MEMBERS} members)`, () =>
    db.orm.execute(sql`
      INSERT INTO agent_contracts.agent_tree (member_id, merchant_code, account, type, upline_id, path, depth, created_at)
      WITH RECURSIVE node (id, path, depth) AS (
        SELECT 1::bigint, '/1/'::text, 0
        UNION ALL
        SELECT child.id, node.path || child.id || '/', node.depth + 1
          FROM node, LATERAL (SELECT (node.id - 1) * ${FAN_OUT} + 1 + g AS id FROM generate_series(1, ${FAN_OUT}) AS g) AS child
         WHERE child.id <= ${MEMBERS})
      SELECT id, 'BENCH', 'm' || id, CASE WHEN (id - 1) * ${FAN_OUT} + 2 <= ${MEMBERS} THEN 1 ELSE 0 END,
             CASE WHEN id = 1 THEN NULL ELSE (id - 2) / ${FAN_OUT} + 1 END, path, depth,
             ${spanStart.toISOString()}::timestamptz - interval '30 days' + (id % 60) * interval '1 day'
        FROM node`),
  );
  // Bet g belongs to member 1 + g % MEMBERS, in one of the member's SESSIONS hours of the span; stakes 1.00–100.00,
  // a win on about 45 % of bets, 2 % cancelled.
  const hours = DAYS * 24;
  for (let first = 0; first < BETS; first += CHUNK) {
    const last = Math.min(BETS, first + CHUNK) - 1;
    await timed(`bets ${first + 1}–${last + 1}`, () =>
      db.orm.execute(sql`
        INSERT INTO agent_contracts.team_bets (bet_id, member_id, merchant_code, currency, vendor, game_type, game_code, round_id,
                                               bet_minor, valid_bet_minor, win_minor, profit_minor, state, revision, settled_at)
        SELECT 'PG:' || g, member, 'BENCH', 'MXN', 'PG', CASE WHEN g % 3 = 0 THEN 'LIVE' ELSE 'RNG' END, 'game' || (g % 50), 'r' || g,
               stake, CASE WHEN cancelled THEN 0 ELSE stake END, win, CASE WHEN cancelled THEN 0 ELSE win - stake END,
               CASE WHEN cancelled THEN 'cancelled' ELSE 'settled' END, 0,
               ${spanStart.toISOString()}::timestamptz
                 + ((member * 37 + (g / ${MEMBERS}) % ${SESSIONS} * 997) % ${hours}) * interval '1 hour'
                 + (g % 3600) * interval '1 second'
          FROM (SELECT g, 1 + g % ${MEMBERS} AS member, 100 + (g * 7919) % 9901 AS stake, g % 50 = 0 AS cancelled,
                       CASE WHEN (g * 31) % 100 < 45 THEN (100 + (g * 7919) % 9901) * (1 + (g % 7)) / 3 ELSE 0 END AS win
                  FROM generate_series(${first}::bigint, ${last}::bigint) AS g) AS bet`),
    );
  }
  // Each member's hours, with the betting record's totals that only the team hours keep (stored bets, settled stakes and wins).
  await timed('member hours', async () => {
    await db.orm.execute(sql`
      CREATE UNLOGGED TABLE agent_contracts.bench_member_hours AS
      SELECT member_id, date_trunc('hour', settled_at) AS hour, (count(*) FILTER (WHERE state = 'settled'))::int AS bet_count,
             sum(valid_bet_minor)::bigint AS valid_bet_minor, sum(profit_minor)::bigint AS profit_minor, count(*)::int AS record_count,
             coalesce(sum(bet_minor) FILTER (WHERE state = 'settled'), 0)::bigint AS stake_minor,
             coalesce(sum(win_minor) FILTER (WHERE state = 'settled'), 0)::bigint AS win_minor
        FROM agent_contracts.team_bets GROUP BY member_id, date_trunc('hour', settled_at)`);
    await db.orm.execute(sql`
      INSERT INTO agent_contracts.member_hours (member_id, hour, merchant_code, currency, bet_count, valid_bet_minor, profit_minor)
      SELECT member_id, hour, 'BENCH', 'MXN', bet_count, valid_bet_minor, profit_minor FROM agent_contracts.bench_member_hours`);
  });
  await timed('last active hours', () =>
    db.orm.execute(sql`
      UPDATE agent_contracts.agent_tree t SET last_active_hour = h.hour
        FROM (SELECT member_id, max(hour) AS hour FROM agent_contracts.member_hours WHERE valid_bet_minor > 0 GROUP BY member_id) h
       WHERE h.member_id = t.member_id`),
  );
  // That update wrote every tree row a second time; the consumer's updates spread over time leave far less behind.
  await timed('tree rewritten', () => db.orm.execute(sql`VACUUM (FULL) agent_contracts.agent_tree`));
  // Team hours level by level from the deepest: a member's own hours plus its direct members' team hours.
  const [{ deepest }] = await rows(db.orm, sql`SELECT max(depth)::int AS deepest FROM agent_contracts.agent_tree`);
  await timed('team hours', async () => {
    for (let depth = deepest; depth >= 0; depth--) {
      await db.orm.execute(sql`
        INSERT INTO agent_contracts.team_hours (agent_id, hour, merchant_code, currency, bet_count, valid_bet_minor, profit_minor, record_count, stake_minor, win_minor)
        SELECT agent_id, hour, 'BENCH', 'MXN', sum(bet_count), sum(valid_bet_minor), sum(profit_minor), sum(record_count), sum(stake_minor), sum(win_minor)
          FROM (SELECT h.member_id AS agent_id, h.hour, h.bet_count, h.valid_bet_minor, h.profit_minor, h.record_count, h.stake_minor, h.win_minor
                  FROM agent_contracts.bench_member_hours h JOIN agent_contracts.agent_tree t ON t.member_id = h.member_id WHERE t.depth = ${depth}
                UNION ALL
                SELECT t.upline_id, h.hour, h.bet_count, h.valid_bet_minor, h.profit_minor, h.record_count, h.stake_minor, h.win_minor
                  FROM agent_contracts.team_hours h JOIN agent_contracts.agent_tree t ON t.member_id = h.agent_id WHERE t.depth = ${depth + 1}) AS part
         GROUP BY agent_id, hour`);
    }
    await db.orm.execute(sql`DROP TABLE agent_contracts.bench_member_hours`);
  });
  // As autovacuum leaves the tables after a load: statistics, and the visibility map that index-only scans rely on.
  await timed('vacuum analyze', () => db.orm.execute(sql`VACUUM (ANALYZE) agent_contracts.agent_tree, agent_contracts.team_bets, agent_contracts.member_hours, agent_contracts.team_hours`));
  const [sizes] = await rows(
    db.orm,
    sql`SELECT (SELECT count(*) FROM agent_contracts.member_hours)::int AS member_hours, (SELECT count(*) FROM agent_contracts.team_hours)::int AS team_hours,
               pg_size_pretty(pg_database_size(current_database())) AS database_size`,
  );
  log('rows', sizes);
  return { deepest, ...sizes };
}

async function sizesOf(db) {
  await db.orm.execute(sql`VACUUM (ANALYZE) agent_contracts.agent_tree, agent_contracts.team_bets, agent_contracts.member_hours, agent_contracts.team_hours`);
  const [sizes] = await rows(
    db.orm,
    sql`SELECT (SELECT max(depth) FROM agent_contracts.agent_tree)::int AS deepest, (SELECT count(*) FROM agent_contracts.member_hours)::int AS member_hours,
               (SELECT count(*) FROM agent_contracts.team_hours)::int AS team_hours, pg_size_pretty(pg_database_size(current_database())) AS database_size`,
  );
  log('rows', sizes);
  return sizes;
}

async function measure(label, work) {
  await work();
  await work();
  const latencies = [];
  for (let index = 0; index < SAMPLES; index++) {
    const started = performance.now();
    await work();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const result = { label, samples: SAMPLES, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1)) };
  log(`${label}: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms`);
  return result;
}

const adminUrl = infraEnv('DATABASE_URL');
if (!adminUrl) throw new Error('no DATABASE_URL: run `bash infra/start.sh` first');
const database = REUSE ? { url: Object.assign(new URL(adminUrl), { pathname: `/${REUSE}` }).toString(), drop: async () => {} } : await createRunDatabase(adminUrl);
log(`database ${new URL(database.url).pathname.slice(1)}`);
const db = await openPostgres(database.url, { poolMax: 2, applicationName: 'bench-agents' });
try {
  await migrate(db, AGENT_CONTRACTS_SCHEMA, agentContractsMigrations);
  const today = new Date();
  const spanStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (DAYS - 1) * 86_400_000);
  const filled = REUSE ? await sizesOf(db) : await fill(db, spanStart);

  // The service's reads: the member-profit page from the member-hours held in memory (as the service runs it), and
  // the same page read from the database alone (as with AGENT_REPORT_MEMORY_DAYS=0) for comparison.
  const reports = new TeamReports(db.orm);
  const columns = new MemberHourColumns(db.orm, 93);
  // With node --expose-gc the growth is what stays held; without it, it also counts the load's garbage.
  const held = () => {
    globalThis.gc?.();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const memoryBefore = held();
  await timed('member-hours into memory', () => columns.start());
  log(`member-hours held: ${columns.rowCount}; heap and buffers grew ${Math.round((held() - memoryBefore) / 1048576)} MB${globalThis.gc ? '' : ' (with the garbage of the load)'}`);
  const fromMemory = new TeamReports(db.orm, columns);
  const day = (offset) => new Date(spanStart.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const top = { memberId: '1', merchantCode: 'BENCH', memberType: 1, currency: 'MXN', timeZoneOffsetMinutes: -360 };
  const whole = { ...top, from: day(0), to: day(DAYS - 1) };
  const oneDay = { ...top, from: day(DAYS - 2), to: day(DAYS - 2) };
  const page = { pageNo: 1, pageSize: 20 };
  const results = [];
  results.push(
    await measure('baseline: indexed count of one member’s bets over the span', () =>
      rows(db.orm, sql`SELECT count(*)::int AS n FROM agent_contracts.team_bets WHERE member_id = 77777 AND settled_at >= ${spanStart.toISOString()}::timestamptz`),
    ),
  );
  results.push(await measure(`overview, top agent, ${DAYS} days`, () => reports.overview(whole)));
  results.push(await measure('overview, top agent, 1 day', () => reports.overview(oneDay)));
  results.push(await measure(`downline page, top agent, ${DAYS} days`, () => reports.downline({ ...whole, ...page })));
  results.push(await measure(`member profit page by valid bet, top agent, ${DAYS} days`, () => reports.memberProfit({ ...whole, ...page, sortBy: 'validBet' })));
  results.push(await measure('member profit page by valid bet, top agent, 1 day', () => reports.memberProfit({ ...oneDay, ...page, sortBy: 'validBet' })));
  const sameAnswer = JSON.stringify(await fromMemory.memberProfit({ ...whole, ...page, sortBy: 'validBet' })) === JSON.stringify(await reports.memberProfit({ ...whole, ...page, sortBy: 'validBet' }));
  log(`member profit page, ${DAYS} days: the same answer from memory and from the database: ${sameAnswer}`);
  if (!sameAnswer) throw new Error('the member-profit page from memory differs from the database');
  results.push(await measure(`member profit page by valid bet, top agent, ${DAYS} days, member-hours in memory`, () => fromMemory.memberProfit({ ...whole, ...page, sortBy: 'validBet' })));
  results.push(await measure('member profit page by valid bet, top agent, 1 day, member-hours in memory', () => fromMemory.memberProfit({ ...oneDay, ...page, sortBy: 'validBet' })));
  results.push(
    await measure(`member profit page by profit, ascending, page 50, top agent, ${DAYS} days, member-hours in memory`, () =>
      fromMemory.memberProfit({ ...whole, pageNo: 50, pageSize: 20, sortBy: 'profit', sortOrder: 'asc' }),
    ),
  );
  // An account search ('M777': m777, m7770–m7779 and m77700–m77799), from the database and from memory.
  const search = { ...whole, ...page, account: 'M777', sortBy: 'validBet' };
  if (JSON.stringify(await fromMemory.memberProfit(search)) !== JSON.stringify(await reports.memberProfit(search))) throw new Error('the account search from memory differs from the database');
  results.push(await measure(`member profit page, account search, top agent, ${DAYS} days`, () => reports.memberProfit(search)));
  results.push(await measure(`member profit page, account search, top agent, ${DAYS} days, member-hours in memory`, () => fromMemory.memberProfit(search)));
  results.push(
    await measure(`member profit page by valid bet, a level-3 agent, ${DAYS} days, member-hours in memory`, () => fromMemory.memberProfit({ ...whole, ...page, memberId: '40', sortBy: 'validBet' })),
  );
  results.push(await measure('team bets page with totals, top agent, 1 day', () => reports.bets({ ...oneDay, ...page })));
  results.push(await measure('team bets page with totals, one level-3 agent, 1 day', () => reports.bets({ ...oneDay, ...page, memberId: '40', memberType: 1 })));
  const naive = await timed(`the top agent's ${DAYS}-day team sums read from the bets instead (once)`, () =>
    rows(
      db.orm,
      sql`SELECT count(*)::int AS n, sum(b.valid_bet_minor)::text AS valid FROM agent_contracts.team_bets b
            JOIN agent_contracts.agent_tree t ON t.member_id = b.member_id WHERE t.path LIKE '/1/%' AND b.settled_at >= ${spanStart.toISOString()}::timestamptz`,
    ),
  );
  const started = performance.now();
  await rows(
    db.orm,
    sql`SELECT count(*) FROM agent_contracts.team_bets b JOIN agent_contracts.agent_tree t ON t.member_id = b.member_id WHERE t.path LIKE '/1/%' AND b.settled_at >= ${spanStart.toISOString()}::timestamptz`,
  );
  results.push({
    label: `naive team sums from the bets, ${DAYS} days (one run)`,
    samples: 1,
    p50: round(performance.now() - started),
    p99: round(performance.now() - started),
    max: round(performance.now() - started),
    rows: naive[0],
  });

  // The consumer on the same database: batches of new bets of members spread over the tree, half of them without
  // their uplines (read from the tree), each batch in its own transaction as the bus hands it over.
  const run = Date.now().toString(36);
  let next = 0;
  const batchLatencies = [];
  const consumeStarted = performance.now();
  for (let batch = 0; batch < BATCHES; batch++) {
    const events = Array.from({ length: BATCH }, () => {
      const g = next++;
      const member = 1 + ((g * 7919) % MEMBERS);
      return {
        betId: `LIVE:${run}:${g}`,
        vendor: 'PG',
        roundId: `live${run}:${g}`,
        gameType: 'RNG',
        gameCode: null,
        memberId: String(member),
        merchantCode: 'BENCH',
        account: null,
        agentPath: g % 2 === 0 ? null : ancestors(member),
        currency: 'MXN',
        betAmountMinor: '1000',
        validBetMinor: '1000',
        winAmountMinor: g % 3 === 0 ? '2500' : '0',
        adjustAmountMinor: '0',
        state: 'settled',
        revision: 0,
        settledAt: new Date().toISOString(),
      };
    });
    const started = performance.now();
    await db.transaction((tx) => recordSettledBets(tx, events));
    batchLatencies.push(performance.now() - started);
  }
  const consumeSeconds = (performance.now() - consumeStarted) / 1000;
  batchLatencies.sort((a, b) => a - b);
  const consumer = {
    label: `consumer: ${BATCHES} batches of ${BATCH} new bets`,
    samples: BATCHES,
    p50: round(percentile(batchLatencies, 50)),
    p99: round(percentile(batchLatencies, 99)),
    max: round(batchLatencies.at(-1)),
    betsPerSecond: Math.round((BATCH * BATCHES) / consumeSeconds),
  };
  log(`${consumer.label}: ${consumer.betsPerSecond} bets/s, batch p50 ${consumer.p50} ms, p99 ${consumer.p99} ms`);
  results.push(consumer);
  // The next member-profit read takes in every member-hour the consumer changed before it answers.
  const catchUpStarted = performance.now();
  const caughtUp = await fromMemory.memberProfit({ ...whole, ...page, sortBy: 'validBet' });
  const catchUpMs = performance.now() - catchUpStarted;
  const fromDatabase = await reports.memberProfit({ ...whole, ...page, sortBy: 'validBet' });
  if (JSON.stringify(caughtUp) !== JSON.stringify(fromDatabase)) throw new Error('after the consumer, the member-profit page from memory differs from the database');
  const catchUp = {
    label: `member profit page, ${DAYS} days, first read after the consumer (takes in its member-hours)`,
    samples: 1,
    p50: round(catchUpMs),
    p99: round(catchUpMs),
    max: round(catchUpMs),
  };
  log(`${catchUp.label}: ${catchUp.p50} ms; same answer as the database`);
  results.push(catchUp);

  // One daily-salary period settled for the whole tree: a contract for every agent (rates shrinking level by level),
  // each line computed from the roll-ups the way the settlement run does it (read only; nothing written or paid).
  const dailyTiers = DEMO_TERMS.daily.tiers;
  await db.orm.execute(sql`
    INSERT INTO agent_contracts.brand_terms (merchant_code, kind, enabled, period, tiers, active_threshold_minor, time_zone, settle_delay_minutes)
    VALUES ('BENCH', 'daily', true, 'daily', ${JSON.stringify(dailyTiers)}::jsonb, 0, 'UTC', 0)
    ON CONFLICT (merchant_code, kind) DO NOTHING`);
  await db.orm.execute(sql`
    INSERT INTO agent_contracts.contracts (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, offered_at, expires_at, decided_at, effective_from)
    SELECT 'BENCH', 'daily', t.member_id, t.upline_id, 'offer', 'active', 'daily',
           (SELECT jsonb_agg(tier || jsonb_build_object('rateBp', (tier->>'rateBp')::int * (10 - t.depth) / 10)) FROM jsonb_array_elements(${JSON.stringify(dailyTiers)}::jsonb) AS tier),
           ${spanStart.toISOString()}::timestamptz, ${spanStart.toISOString()}::timestamptz + interval '7 days', ${spanStart.toISOString()}::timestamptz, ${spanStart.toISOString()}::timestamptz
      FROM agent_contracts.agent_tree t
     WHERE t.type = 1 AND t.merchant_code = 'BENCH'
       AND NOT EXISTS (SELECT 1 FROM agent_contracts.contracts c WHERE c.agent_id = t.member_id AND c.kind = 'daily' AND c.state = 'active')`);
  const terms = {
    merchantCode: 'BENCH',
    kind: 'daily',
    period: 'daily',
    tiers: parseTiers(dailyTiers),
    activeThresholdMinor: 0n,
    carryResetsMonthly: true,
    timeZone: 'UTC',
    settleDelayMinutes: 0,
  };
  const period = periodContaining('daily', new Date(spanStart.getTime() + (DAYS - 2) * 86_400_000 + 3_600_000), 'UTC');
  const settleStarted = performance.now();
  const lines = await db.transaction((tx) => computePeriod(tx, terms, period));
  const settleMs = performance.now() - settleStarted;
  const settle = { label: `settlement: one daily period, ${lines.length} contracts computed (nothing written or paid)`, samples: 1, p50: round(settleMs), p99: round(settleMs), max: round(settleMs) };
  log(`${settle.label}: ${round(settleMs / 1000)} s`);
  results.push(settle);

  console.table(results.map(({ label, p50, p99, max }) => ({ report: label, 'p50 ms': p50, 'p99 ms': p99, 'max ms': max })));
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', 'agents.json'),
    JSON.stringify({ at: new Date().toISOString(), members: MEMBERS, bets: BETS, days: DAYS, sessions: SESSIONS, ...filled, results }, null, 2),
  );
} finally {
  await db.close();
  if (!KEEP) await database.drop();
}
