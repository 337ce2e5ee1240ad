// Settling one lottery draw: how long the house lottery takes to pay every ticket of one draw through the signed
// seamless-wallet API, against what the wallet does in rounds per second in the same run.
//   1. an embedded platform (PGlite, one process), the lottery runner off so the bench moves the draw itself;
//   2. baseline: bet + win rounds through the signed vendor API over HTTP, closed loop (as bench/wallet/run.mjs's
//      embedded figure), rounds/s;
//   3. `--tickets` tickets (default 100,000) on one draw of a fast game, placed as slips of 20 through the house's
//      slip call (in process), by `--players` members;
//   4. the draw closed and drawn, then settled: one wallet `win` per ticket, `HOUSE_LOTTERY_SETTLE_CONCURRENCY` in
//      flight; time, tickets/s, and tickets/s ÷ the baseline's rounds/s. Then the wallet's ledger is checked.
// Results go to bench/results/lottery.json and one line per run to bench/results/lottery-history.jsonl.
// Usage: node --import tsx bench/lottery/run.mjs [--tickets 100000] [--players 200] [--workers 8] [--seconds 15]
//        [--concurrency 32] [--label <text>]
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, jsonPoster } from '../http.mjs';
import { sql } from 'drizzle-orm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const TICKETS = Number(arg('tickets', '100000'));
const PLAYERS = Number(arg('players', '200'));
const WORKERS = Number(arg('workers', '8'));
const SECONDS = Number(arg('seconds', '15'));
const CONCURRENCY = arg('concurrency', '32');
const LABEL = arg('label', undefined) ?? (spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown');
const GAME = 'lott-001';
const SLIP_SIZE = 20;
const VENDOR = 'BENCHVENDOR';
const SECRET = randomBytes(24).toString('base64url');

if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('tsx'))) (await import('tsx/esm/api')).register();
const { startEmbedded } = await import('../../embedded/src/host.ts');

const post = jsonPoster(64);
async function vendorCall(base, operation, payload) {
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  const response = await post(`${base}/api/vendor/v1/${operation}`, body, { 'x-vendor-code': VENDOR, 'x-timestamp': timestamp, 'x-signature': signature });
  if (response.status !== 200) throw new Error(`${operation} ${response.status} ${response.text.slice(0, 200)}`);
}
/** The wallet bench's round: a bet, then its win that settles it (bench/wallet/run.mjs). */
async function walletBaseline(base, players) {
  const deadline = performance.now() + SECONDS * 1000;
  let rounds = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (performance.now() < deadline) {
        const player = players[Math.floor(Math.random() * players.length)];
        const roundId = randomUUID();
        const gameType = `SLOT_${Math.floor(Math.random() * 64)}`;
        await vendorCall(base, 'bet', { player: player.id, currency: 'MXN', transactionId: `b-${roundId}`, roundId, gameType, amount: '1.00' });
        const win = Math.random() < 0.45 ? (Math.random() * 2).toFixed(2) : '0.00';
        await vendorCall(base, 'win', { player: player.id, currency: 'MXN', transactionId: `w-${roundId}`, roundId, betTransactionId: `b-${roundId}`, amount: win, settle: true });
        rounds++;
      }
    }),
  );
  return Math.round((rounds / SECONDS) * 10) / 10;
}

/** A random bet of the five-ball game: one position digit, one sum pick or one dragon/tiger/tie pick. */
function randomBet() {
  const kind = Math.random();
  if (kind < 0.5) return { betType: 'ssc.position', selection: { position: 1 + Math.floor(Math.random() * 5), digits: [Math.floor(Math.random() * 10)] }, unitStake: '1.00', multiplier: 1 };
  if (kind < 0.8) return { betType: 'ssc.sum_bsoe', selection: { picks: [['big', 'small', 'odd', 'even'][Math.floor(Math.random() * 4)]] }, unitStake: '1.00', multiplier: 1 };
  return { betType: 'ssc.dragon_tiger', selection: { picks: [['dragon', 'tiger', 'tie'][Math.floor(Math.random() * 3)]] }, unitStake: '1.00', multiplier: 1 };
}

const results = { date: new Date().toISOString(), label: LABEL, mode: 'embedded (PGlite, one process)', tickets: TICKETS, players: PLAYERS, concurrency: Number(CONCURRENCY) };
const platform = await startEmbedded({
  logLevel: 'silent',
  requestsPerIpPerMinute: 1_000_000,
  env: {
    WALLET_VENDOR_SECRETS: `${VENDOR}:${SECRET}`,
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    ARGON2_MEMORY_KIB: '1024',
    HOUSE_LOTTERY_RUNNER: 'false',
    HOUSE_LOTTERY_SETTLE_CONCURRENCY: CONCURRENCY,
  },
});
try {
  const base = `http://127.0.0.1:${platform.port}`;
  const players = [];
  for (let i = 0; i < PLAYERS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, PLAYERS - i) }, async () => {
        const username = `l${randomUUID().replace(/-/g, '').slice(0, 12)}`;
        const login = await api(base, 'PUT', '/wps/member/register', { username, password: 'bench12345', confirmPassword: 'bench12345', acceptTerms: true });
        await api(base, 'POST', '/wps/v2/wallets/deposit/demo', { amount: '100000.00' }, login.token, { 'idempotency-key': randomUUID() });
        players.push({ id: login.user.id });
      }),
    );
  }
  console.log(`${players.length} players funded`);

  results.walletRoundsPerSecond = await walletBaseline(base, players);
  console.log(`wallet baseline: ${results.walletRoundsPerSecond} rounds/s (bet + win over HTTP, ${WORKERS} workers, ${SECONDS} s)`);

  // One draw open for the whole placing, whatever the game's clock says.
  const house = platform.instances.house;
  await house.lottery.commit(GAME, Date.now() + 3_600_000);
  const [draw] = await platform.db.orm
    .execute(
      sql`UPDATE house.lottery_draws SET opens_at = now() - interval '1 second', closes_at = now() + interval '1 day', draw_at = now() + interval '1 day 1 second'
        WHERE draw_id = (SELECT draw_id FROM house.lottery_draws WHERE game_code = ${GAME} AND status = 'open' ORDER BY draw_at LIMIT 1) RETURNING draw_no`,
    )
    .then((answer) => answer.rows ?? answer);
  const drawNo = draw.draw_no;
  const slips = Math.ceil(TICKETS / SLIP_SIZE);
  let nextSlip = 0;
  let placed = 0;
  const placeStarted = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (nextSlip < slips) {
        const index = nextSlip++;
        const size = Math.min(SLIP_SIZE, TICKETS - index * SLIP_SIZE);
        const player = players[index % players.length];
        await platform.clients.house.placeLotterySlip({
          gameCode: GAME,
          drawNo,
          bets: Array.from({ length: size }, randomBet),
          requestId: `bench-${index}-${randomUUID().slice(0, 8)}`,
          player: { memberId: player.id, merchantCode: 'DEMO', currency: 'MXN' },
        });
        placed += size;
        if (placed % 10_000 < size) console.log(`  ${placed} tickets placed`);
      }
    }),
  );
  results.placeSeconds = Math.round((performance.now() - placeStarted) / 100) / 10;
  results.placedPerSecond = Math.round(placed / results.placeSeconds);
  console.log(`placed ${placed} tickets in ${results.placeSeconds} s (${results.placedPerSecond} tickets/s)`);

  await platform.db.orm.execute(sql`UPDATE house.lottery_draws SET closes_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' WHERE game_code = ${GAME} AND draw_no = ${drawNo}`);
  if ((await house.lottery.produce(GAME, drawNo)) !== 'drawn') throw new Error('the draw was not drawn');
  const settleStarted = performance.now();
  const settled = await house.lottery.settle(GAME, drawNo);
  results.settleSeconds = Math.round((performance.now() - settleStarted) / 100) / 10;
  if (!settled.finished || settled.paid !== placed) throw new Error(`settlement did not finish: ${JSON.stringify(settled)}`);
  results.settledPerSecond = Math.round(settled.paid / results.settleSeconds);
  results.ratio = Math.round((results.settledPerSecond / results.walletRoundsPerSecond) * 100) / 100;
  const ledger = await platform.clients.wallet.ledgerCheck({});
  results.ledgerSound = ledger.imbalances.length === 0 && ledger.negativeAccounts === 0;
  console.log(
    `settled one draw of ${settled.paid} tickets in ${results.settleSeconds} s: ${results.settledPerSecond} tickets/s; ÷ wallet rounds/s = ${results.ratio}; ledger ${results.ledgerSound ? 'sound' : 'NOT sound'}`,
  );
} finally {
  await platform.close();
}

const resultsDir = path.join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'lottery.json'), JSON.stringify(results, null, 2));
appendFileSync(path.join(resultsDir, 'lottery-history.jsonl'), `${JSON.stringify(results)}\n`);
