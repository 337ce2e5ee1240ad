// Ledger postings per second: the wallet's one posting implementation (`postTransaction`, which runs
// `wallet.post_transaction` in one round trip) against the same posting written statement by statement from the
// client (one UPDATE per leg, the transaction row, the entries: four round trips for a two-leg transfer), in the same
// run on the same schema. The ratio is what keeping the posting in the database buys.
// Usage: node --import tsx bench/posting.mjs [--seconds 10] [--accounts 200] [--concurrency 8] [--transport postgres|pglite|both]
// PostgreSQL comes from DATABASE_URL or infra/.state/env (bash infra/start.sh); a fresh database is made and dropped.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, openPostgres, rows } from '../packages/platform/src/index.ts';
import { checkLegs, transferLegs } from '../services/wallet/src/domain/ledger.ts';
import { ensureAccount, postTransaction } from '../services/wallet/src/infra/ledger-store.ts';
import { walletMigrations, WALLET_SCHEMA } from '../services/wallet/src/app.ts';
import { createRunDatabase } from '../scripts/lib/cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const SECONDS = Number(argument('seconds', '10'));
const ACCOUNTS = Number(argument('accounts', '200'));
const CONCURRENCY = Number(argument('concurrency', '8'));
const TRANSPORT = argument('transport', 'both');

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

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The comparison: the same posting, one statement per round trip. */
async function postStatementByStatement(tx, legs) {
  const id = randomUUID();
  const after = [];
  const ordered = checkLegs(legs);
  for (const leg of ordered) {
    const [account] = await rows(
      tx,
      sql`UPDATE wallet.accounts SET balance_minor = balance_minor + ${leg.amountMinor.toString()}::bigint, version = version + 1
          WHERE id = ${leg.accountId} AND currency = ${leg.currency} RETURNING balance_minor`,
    );
    after.push(BigInt(account.balance_minor));
  }
  await tx.execute(sql`INSERT INTO wallet.transactions (id, merchant_code, cause, actor, response) VALUES (${id}, 'BENCH', 'transfer', 'bench', '{}'::jsonb)`);
  const values = ordered.map((leg, index) => sql`(${id}, ${leg.accountId}, ${leg.currency}, ${leg.amountMinor.toString()}::bigint, ${after[index].toString()}::bigint)`);
  await tx.execute(sql`INSERT INTO wallet.entries (transaction_id, account_id, currency, amount_minor, balance_after_minor) VALUES ${sql.join(values, sql`, `)}`);
}

async function measure(db, members, funding, post, concurrency) {
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  let count = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const member = members[Math.floor(Math.random() * members.length)];
      const started = performance.now();
      await db.transaction((tx) => post(tx, transferLegs(funding, member, 'MXN', 1n + BigInt(Math.floor(Math.random() * 1000)))));
      latencies.push(performance.now() - started);
      count++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: Math.round(count / seconds), p50: +percentile(latencies, 50).toFixed(2), p99: +percentile(latencies, 99).toFixed(2) };
}

async function run(name, db, concurrency) {
  await migrate(db, WALLET_SCHEMA, walletMigrations);
  const { funding, members } = await db.transaction(async (tx) => {
    const fundingAccount = await ensureAccount(tx, { merchantCode: 'BENCH', ownerType: 'funding', ownerId: 'bench', currency: 'MXN' }, true);
    const memberIds = [];
    for (let index = 0; index < ACCOUNTS; index++) memberIds.push((await ensureAccount(tx, { merchantCode: 'BENCH', ownerType: 'member', ownerId: `m${index}`, currency: 'MXN' })).id);
    return { funding: fundingAccount.id, members: memberIds };
  });
  const viaFunction = (tx, legs) => postTransaction(tx, { merchantCode: 'BENCH', cause: 'transfer', actor: 'bench', legs });
  // Warm up both, then alternate so drift on a noisy machine falls on both sides.
  await measureShort(db, members, funding, viaFunction);
  await measureShort(db, members, funding, postStatementByStatement);
  const statements1 = await measure(db, members, funding, postStatementByStatement, concurrency);
  const function1 = await measure(db, members, funding, viaFunction, concurrency);
  const statements2 = await measure(db, members, funding, postStatementByStatement, concurrency);
  const function2 = await measure(db, members, funding, viaFunction, concurrency);
  const [sum] = await rows(db.orm, sql`SELECT coalesce(sum(amount_minor), 0)::text AS sum FROM wallet.entries`);
  if (sum?.sum !== '0') throw new Error(`ledger does not sum to zero: ${sum?.sum}`);
  const best = (a, b) => (a.perSecond >= b.perSecond ? a : b);
  const statements = best(statements1, statements2);
  const viaDatabase = best(function1, function2);
  return { name, concurrency, statements, postTransaction: viaDatabase, ratio: +(viaDatabase.perSecond / statements.perSecond).toFixed(2) };
}

async function measureShort(db, members, funding, post) {
  for (let i = 0; i < 200; i++) await db.transaction((tx) => post(tx, transferLegs(funding, members[i % members.length], 'MXN', 1n)));
}

const results = [];
if (TRANSPORT !== 'pglite') {
  const adminUrl = infraEnv('DATABASE_URL');
  if (!adminUrl) throw new Error('no DATABASE_URL: run bash infra/start.sh first, or --transport pglite');
  const database = await createRunDatabase(adminUrl);
  const db = await openPostgres(database.url, { poolMax: CONCURRENCY, applicationName: 'bench-posting' });
  try {
    results.push(await run('postgres', db, CONCURRENCY));
  } finally {
    await db.close();
    await database.drop();
  }
}
if (TRANSPORT !== 'postgres') {
  const db = await openPglite();
  try {
    results.push(await run('pglite', db, 1));
  } finally {
    await db.close();
  }
}
console.log('\ntransport  conc  statement-by-statement/s (p50/p99 ms)  postTransaction/s (p50/p99 ms)  ratio');
for (const r of results) {
  console.log(
    `${r.name.padEnd(10)} ${String(r.concurrency).padStart(4)}  ${String(r.statements.perSecond).padStart(8)} (${r.statements.p50}/${r.statements.p99})`.padEnd(60) +
      `${String(r.postTransaction.perSecond).padStart(8)} (${r.postTransaction.p50}/${r.postTransaction.p99})`.padEnd(32) +
      r.ratio,
  );
}
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'posting.json'), JSON.stringify(results, null, 2));
