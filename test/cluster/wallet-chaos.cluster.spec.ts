import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eventually } from '@wps/platform/testing';

/**
 * Chaos: many concurrent vendor calls, a tenth of them sent twice and a hundredth of rounds rolled back before their
 * bet, against a second wallet process that is killed with SIGKILL and restarted twice while the calls go on. The
 * calls reach that process exactly as the gateway sends them (its internal RPC with the service token). Afterwards
 * the ledger must balance, no round may be settled twice, every balance must match what the vendor was told, and the
 * outbox must drain. The rounds are of a jackpot game type, so the killed process is also a member of the jackpot's
 * batched consumer group, killed mid-batch: every settled round must still reach the pool exactly once.
 */
const env = process.env;
const required = ['GATEWAY_URL', 'DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'SERVICE_TOKEN', 'CHAOS_VENDOR_SECRET'] as const;
for (const name of required) if (!env[name]) throw new Error(`${name} must be set: run \`npm run test:cluster\``);
const gateway = env.GATEWAY_URL!;
const VENDOR = 'CHAOSVENDOR';
const WALLET_PORT = 8112;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let wallet: ChildProcess | undefined;
// A wallet process that dies on its own (not by the test's SIGKILL) is a finding: what it printed is kept for the report.
const killing = new WeakSet<ChildProcess>();
const unexpectedExits: string[] = [];
const startWallet = async () => {
  wallet = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services', 'wallet', 'src', 'main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(WALLET_PORT), LOG_LEVEL: 'error', WALLET_VENDOR_SECRETS: `${VENDOR}:${env.CHAOS_VENDOR_SECRET}`, WALLET_DEMO_DEPOSITS: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = wallet;
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', (code, signal) => {
    if (!killing.has(child)) unexpectedExits.push(`wallet exited by itself (code ${code}, signal ${signal}):\n${tail}`);
  });
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${WALLET_PORT}/health/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    'the wallet process',
    RETRY_FOR_MS - 30_000,
  );
};
const killWallet = async () => {
  const child = wallet;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killing.add(child);
  child.kill('SIGKILL');
  await exited;
};

type Outcome = { ok: true; balance: string } | { ok: false; status: number; code: string };

/**
 * How long a call keeps being retried: longer than a restart of the wallet process takes on a loaded machine (loading
 * the code, joining its consumer groups once the killed member's Kafka session has lapsed).
 */
const RETRY_FOR_MS = 150_000;

/** One vendor call as the gateway forwards it; connection failures and 5xx are retried with the same id, as a vendor would. */
async function vendorCall(operation: string, payload: Record<string, unknown>): Promise<Outcome> {
  const body = JSON.stringify(payload);
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', env.CHAOS_VENDOR_SECRET!).update(`${timestamp}.${body}`).digest('hex');
    try {
      const response = await fetch(`http://127.0.0.1:${WALLET_PORT}/internal/rpc/vendorCall`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Service ${env.SERVICE_TOKEN}` },
        body: JSON.stringify({ vendor: VENDOR, operation, timestamp, signature, body }),
        signal: AbortSignal.timeout(5_000),
      });
      const answer = (await response.json()) as { ok: boolean; result?: { balance: string }; error?: { code: string } };
      if (response.status >= 500) throw new Error(`status ${response.status}`);
      return answer.ok ? { ok: true, balance: answer.result!.balance } : { ok: false, status: response.status, code: answer.error!.code };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

const toMinor = (amount: string) => BigInt(amount.replace('.', ''));

describe('wallet chaos: SIGKILL during concurrent vendor traffic', () => {
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  const players: Array<{ id: string; expectedMinor: bigint }> = [];

  beforeAll(async () => {
    await db.connect();
    for (let i = 0; i < 12; i++) {
      const username = `chaos${randomUUID().replace(/-/g, '').slice(0, 10)}`;
      const registered = await fetch(`${gateway}/wps/member/register`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'chaos12345', confirmPassword: 'chaos12345', acceptTerms: true }),
      }).then((r) => r.json() as Promise<{ value: { token: string; user: { id: string } } }>);
      const deposit = await fetch(`${gateway}/wps/v2/wallets/deposit/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${registered.value.token}`, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ amount: '1000.00' }),
      });
      expect(deposit.status).toBe(200);
      players.push({ id: registered.value.user.id, expectedMinor: 100_000n });
    }
    await startWallet();
  }, 180_000);

  afterAll(async () => {
    await killWallet();
    await db.end();
  });

  it('keeps every invariant', async () => {
    const rounds = 480;
    const settledRounds = new Set<string>();
    const earlyRollbacks = new Set<string>();
    let next = 0;
    let duplicatesSent = 0;
    const send = async (operation: string, payload: Record<string, unknown>) => {
      const first = await vendorCall(operation, payload);
      if (Math.random() < 0.1) {
        duplicatesSent++;
        const again = await vendorCall(operation, payload);
        // A replay answers exactly what the first call answered (or, for a call that failed, fails the same way).
        expect(again.ok).toBe(first.ok);
        if (first.ok && again.ok) expect(again.balance).toBe(first.balance);
      }
      return first;
    };

    const worker = async () => {
      while (next < rounds) {
        const n = next++;
        const player = players[n % players.length]!;
        const roundId = `chaos-${randomUUID()}`;
        const betId = `bet-${roundId}`;
        const base = { player: player.id, currency: 'MXN' };
        if (Math.random() < 0.01) {
          earlyRollbacks.add(roundId);
          const rollback = await send('rollback', { ...base, transactionId: `rb-${roundId}`, betTransactionId: betId, roundId });
          expect(rollback.ok).toBe(true);
          const bet = await send('bet', { ...base, transactionId: betId, roundId, gameType: 'RNG', amount: '2.00' });
          expect(bet).toMatchObject({ ok: false, code: 'TRANSACTION_ROLLED_BACK' });
          continue;
        }
        const betMinor = BigInt(100 + Math.floor(Math.random() * 400));
        const betAmount = `${betMinor / 100n}.${String(betMinor % 100n).padStart(2, '0')}`;
        const bet = await send('bet', { ...base, transactionId: betId, roundId, gameType: 'RNG', amount: betAmount });
        expect(bet.ok).toBe(true);
        player.expectedMinor -= betMinor;
        const winMinor = Math.random() < 0.4 ? BigInt(Math.floor(Math.random() * 900)) : 0n;
        const winAmount = `${winMinor / 100n}.${String(winMinor % 100n).padStart(2, '0')}`;
        const win = await send('win', { ...base, transactionId: `win-${roundId}`, roundId, betTransactionId: betId, amount: winAmount, settle: true });
        expect(win.ok).toBe(true);
        player.expectedMinor += winMinor;
        settledRounds.add(roundId);
      }
    };

    const traffic = Promise.all(Array.from({ length: 16 }, worker));
    for (const fraction of [0.3, 0.65]) {
      await eventually(
        () => {
          if (unexpectedExits.length) throw new Error(unexpectedExits.join('\n'));
          return next >= rounds * fraction;
        },
        'traffic to reach the kill point',
        RETRY_FOR_MS,
      );
      await killWallet();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await startWallet();
    }
    await traffic;
    expect(unexpectedExits).toEqual([]);
    expect(duplicatesSent).toBeGreaterThan(10);

    const sums = await db.query<{ currency: string; total: string }>('SELECT currency, sum(amount_minor)::text AS total FROM wallet.entries GROUP BY currency');
    for (const row of sums.rows) expect(row.total).toBe('0');
    const negative = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet.accounts WHERE NOT allow_negative AND balance_minor < 0');
    expect(negative.rows[0]!.n).toBe(0);
    const drift = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM wallet.accounts a WHERE a.balance_minor <> coalesce((SELECT sum(amount_minor) FROM wallet.entries e WHERE e.account_id = a.id), 0)',
    );
    expect(drift.rows[0]!.n).toBe(0);

    // The jackpot consumer saw every settled round once, across the kills: one row per bet, each share in exactly one
    // contribution posting whose pool leg is the sum of its bets' shares.
    const chaosBets = `SELECT 'CHAOSVENDOR:' || round_id FROM wallet.rounds WHERE vendor = 'CHAOSVENDOR' AND state = 'settled'`;
    await eventually(
      async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet.jackpot_bets WHERE bet_id IN (${chaosBets})`)).rows[0]!.n === settledRounds.size,
      'every settled round in the jackpot',
      60_000,
    );
    const unposted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wallet.jackpot_bets WHERE bet_id IN (${chaosBets}) AND contribution_minor > 0 AND contribution_transaction_id IS NULL`,
    );
    expect(unposted.rows[0]!.n).toBe(0);
    const mismatched = await db.query(
      `SELECT b.contribution_transaction_id, sum(b.contribution_minor) AS shares,
              (SELECT sum(e.amount_minor) FROM wallet.entries e WHERE e.transaction_id = b.contribution_transaction_id AND e.amount_minor > 0) AS posted
         FROM wallet.jackpot_bets b WHERE b.contribution_transaction_id IS NOT NULL
        GROUP BY b.contribution_transaction_id HAVING sum(b.contribution_minor) <> (SELECT sum(e.amount_minor) FROM wallet.entries e WHERE e.transaction_id = b.contribution_transaction_id AND e.amount_minor > 0)`,
    );
    expect(mismatched.rows).toEqual([]);
    // A jackpot hit (one in ten thousand) pays the pool to the member on top of the rounds.
    for (const player of players) {
      const paid = await db.query<{ paid: string }>('SELECT coalesce(sum(paid_minor), 0)::text AS paid FROM wallet.jackpot_bets WHERE member_id = $1', [player.id]);
      player.expectedMinor += BigInt(paid.rows[0]!.paid);
    }

    for (const player of players) {
      const balance = await vendorCall('balance', { player: player.id, currency: 'MXN' });
      expect(balance.ok && toMinor(balance.balance)).toBe(player.expectedMinor);
    }

    const settledTwice = await db.query(
      `SELECT envelope->'payload'->>'roundId' AS round_id, count(*)::int AS n FROM wallet.outbox
        WHERE topic = 'bets.v1' AND envelope->'payload'->>'vendor' = $1 GROUP BY 1 HAVING count(*) > 1`,
      [VENDOR],
    );
    expect(settledTwice.rows).toEqual([]);
    const settledEvents = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet.outbox WHERE topic = 'bets.v1' AND envelope->'payload'->>'vendor' = $1`, [VENDOR]);
    expect(settledEvents.rows[0]!.n).toBe(settledRounds.size);
    await eventually(async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet.outbox WHERE published_at IS NULL')).rows[0]!.n === 0, 'the outbox to drain', 60_000);
  }, 600_000);
});
