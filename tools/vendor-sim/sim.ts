/**
 * A game vendor simulator: plays scripted rounds against the seamless-wallet API and checks every answer.
 *
 *   npx tsx tools/vendor-sim/sim.ts --url http://localhost:8080 --vendor SIMVENDOR --secret <secret> --player <memberId>
 *       [--currency MXN] [--scenario normal|duplicates|timeouts|early-rollback|insufficient|all] [--rounds N]
 *
 * Prints a report and exits non-zero on any unexpected answer.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { VendorClient, type VendorReply } from './client.js';

export const SCENARIOS = ['normal', 'duplicates', 'timeouts', 'early-rollback', 'insufficient'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface SimOptions {
  url: string;
  vendor: string;
  secret: string;
  player: string;
  currency?: string;
  scenarios: readonly Scenario[];
  rounds?: number;
  /** Where the report lines go; silent when omitted. */
  log?: (line: string) => void;
}

export interface SimCheck {
  scenario: Scenario;
  what: string;
  ok: boolean;
  detail?: string;
}

export interface SimReport {
  checks: SimCheck[];
  passed: number;
  failed: number;
}

/** Amounts as minor units, assuming the answer's fixed decimals (the API always sends the currency's decimals). */
const minor = (text: string | undefined): bigint => BigInt((text ?? 'NaN').replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'));
const major = (amountMinor: bigint, decimals: number): string => {
  const digits = (amountMinor < 0n ? -amountMinor : amountMinor).toString().padStart(decimals + 1, '0');
  return `${amountMinor < 0n ? '-' : ''}${decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits}`;
};

export async function runScenarios(options: SimOptions): Promise<SimReport> {
  const client = new VendorClient({ url: options.url, vendor: options.vendor, secret: options.secret });
  const currency = options.currency ?? 'MXN';
  const rounds = options.rounds ?? 3;
  const log = options.log ?? (() => undefined);
  const checks: SimCheck[] = [];
  const player = options.player;
  const id = () => `sim-${randomUUID()}`;

  const check = (scenario: Scenario, what: string, ok: boolean, detail?: unknown) => {
    checks.push({ scenario, what, ok, ...(ok ? {} : { detail: JSON.stringify(detail) }) });
    log(`${ok ? 'ok  ' : 'FAIL'} [${scenario}] ${what}${ok ? '' : ` — got ${JSON.stringify(detail)}`}`);
  };
  let decimals = 2;
  const balance = async (): Promise<bigint> => {
    const reply = await client.call('balance', { player, currency });
    if (!reply.success) throw new Error(`balance call failed: ${reply.status} ${reply.code}`);
    decimals = reply.value!.balance.split('.')[1]?.length ?? 0;
    return minor(reply.value!.balance);
  };
  const amount = (units: number) => major(BigInt(units) * 10n ** BigInt(decimals), decimals);
  const succeeded = (reply: VendorReply, expectedBalance: bigint) => reply.status === 200 && reply.success && minor(reply.value?.balance) === expectedBalance;

  const play: Record<Scenario, () => Promise<void>> = {
    async normal() {
      for (let round = 0; round < rounds; round++) {
        const start = await balance();
        const roundId = id();
        const betId = id();
        const stake = BigInt(1 + (round % 3)) * 10n ** BigInt(decimals);
        const bet = await client.call('bet', { player, currency, transactionId: betId, roundId, gameType: 'RNG', gameCode: 'sim-slot', amount: major(stake, decimals) });
        check('normal', `round ${round + 1}: bet debits the stake`, succeeded(bet, start - stake) && bet.value?.roundState === 'open', bet);
        const prize = round % 2 === 0 ? stake * 2n : 0n;
        const win = await client.call('win', { player, currency, transactionId: id(), roundId, betTransactionId: betId, amount: major(prize, decimals), settle: true });
        check('normal', `round ${round + 1}: win credits ${major(prize, decimals)} and settles`, succeeded(win, start - stake + prize) && win.value?.roundState === 'settled', win);
      }
    },
    async duplicates() {
      const start = await balance();
      const bet = { player, currency, transactionId: id(), roundId: id(), gameType: 'RNG', amount: amount(2) };
      const first = await client.call('bet', bet);
      const second = await client.call('bet', bet);
      check('duplicates', 'the same bet twice gets the identical answer', first.success && JSON.stringify(first) === JSON.stringify(second), { first, second });
      check('duplicates', 'the duplicate moved no money', (await balance()) === start - minor(amount(2)), await balance());
      const win = { player, currency, transactionId: id(), roundId: bet.roundId, amount: amount(1), settle: true };
      const paid = await client.call('win', win);
      const again = await client.call('win', win);
      check('duplicates', 'the same win twice gets the identical answer', paid.success && JSON.stringify(paid) === JSON.stringify(again), { paid, again });
      check('duplicates', 'the same id with another amount is a conflict', (await client.call('win', { ...win, amount: amount(5) })).code === 'IDEMPOTENCY_CONFLICT');
    },
    async timeouts() {
      for (let round = 0; round < rounds; round++) {
        const start = await balance();
        const bet = { player, currency, transactionId: id(), roundId: id(), gameType: 'RNG', amount: amount(1) };
        let gaveUp = false;
        try {
          await client.call('bet', bet, { timeoutMs: 1 });
        } catch {
          gaveUp = true;
        }
        const retry = await client.call('bet', bet);
        check('timeouts', `round ${round + 1}: the retry after a ${gaveUp ? 'timed-out' : 'fast'} first try is accepted`, succeeded(retry, start - minor(amount(1))), retry);
        // The first try may still be in flight; give it time to land before counting the money.
        await new Promise((resolve) => setTimeout(resolve, 50));
        check('timeouts', `round ${round + 1}: the money moved once`, (await balance()) === start - minor(amount(1)));
        const settle = await client.call('win', { player, currency, transactionId: id(), roundId: bet.roundId, amount: amount(0), settle: true });
        check('timeouts', `round ${round + 1}: the round settles`, settle.success && settle.value?.roundState === 'settled', settle);
      }
    },
    async 'early-rollback'() {
      const start = await balance();
      const betId = id();
      const roundId = id();
      const rollback = await client.call('rollback', { player, currency, transactionId: id(), betTransactionId: betId, roundId });
      check('early-rollback', 'a rollback before its bet is answered OK with the balance', succeeded(rollback, start), rollback);
      const bet = await client.call('bet', { player, currency, transactionId: betId, roundId, gameType: 'RNG', amount: amount(1) });
      check('early-rollback', 'the late bet is refused as rolled back', bet.status === 409 && bet.code === 'TRANSACTION_ROLLED_BACK', bet);
      check('early-rollback', 'no money moved', (await balance()) === start);
    },
    async insufficient() {
      const start = await balance();
      const tooMuch = major(start + 10n ** BigInt(decimals), decimals);
      const bet = await client.call('bet', { player, currency, transactionId: id(), roundId: id(), gameType: 'RNG', amount: tooMuch });
      check('insufficient', 'a bet above the balance is refused with 409', bet.status === 409 && bet.code === 'INSUFFICIENT_FUNDS', bet);
      check('insufficient', 'the balance is unchanged', (await balance()) === start);
    },
  };

  for (const scenario of options.scenarios) {
    try {
      await play[scenario]();
    } catch (error) {
      check(scenario, 'runs to the end', false, (error as Error).message);
    }
  }
  const failed = checks.filter((entry) => !entry.ok).length;
  log(`${checks.length - failed} passed, ${failed} failed`);
  return { checks, passed: checks.length - failed, failed };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      vendor: { type: 'string', default: 'SIMVENDOR' },
      secret: { type: 'string' },
      player: { type: 'string' },
      currency: { type: 'string', default: 'MXN' },
      scenario: { type: 'string', default: 'all' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const scenario = values.scenario;
  const rounds = Number(values.rounds);
  if (!values.secret || !values.player || !(scenario === 'all' || (SCENARIOS as readonly string[]).includes(scenario)) || !Number.isInteger(rounds) || rounds < 1 || rounds > 1_000) {
    process.stderr.write(`usage: sim.ts --url URL --vendor CODE --secret SECRET --player MEMBER_ID [--currency MXN] [--scenario ${SCENARIOS.join('|')}|all] [--rounds 1..1000]\n`);
    process.exit(2);
  }
  const report = await runScenarios({
    url: values.url,
    vendor: values.vendor,
    secret: values.secret,
    player: values.player,
    currency: values.currency,
    scenarios: scenario === 'all' ? SCENARIOS : [scenario as Scenario],
    rounds,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.exit(report.failed === 0 && report.passed > 0 ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
