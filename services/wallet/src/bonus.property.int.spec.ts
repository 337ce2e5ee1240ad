import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { formatMinor, type VendorOperation, type WalletRpc } from '@wps/contracts';
import { AppError, rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createWalletService, walletMigrations, WALLET_SCHEMA } from './app.js';
import { defaultWalletConfig } from './config.js';
import { vendorSignature } from './features/vendor/signature.js';

/**
 * Random play of one member holding bonuses: deposits, grants, bets (cash first), wins and rollbacks in rounds staked
 * partly with bonus money, and forfeits, against the wallet on PGlite and a small model. After every step the cash and
 * bonus balances are what the model says; at the end what was given plus what bonus money won equals what was staked
 * from it, forfeited and still held, and the ledger balances.
 */
const VENDOR = 'BONUSPROP';
const SECRET = 'bonus-property-secret-0123456789';

type Command =
  | { kind: 'deposit'; amount: number }
  | { kind: 'grant'; amount: number }
  | { kind: 'bet'; round: number; amount: number; settle: boolean }
  | { kind: 'win'; round: number; amount: number; settle: boolean }
  | { kind: 'rollback'; bet: number }
  | { kind: 'forfeit' };

const pick = fc.nat({ max: 1_000 });
const commands: fc.Arbitrary<Command> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 20_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 20_000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bet' as const), round: pick, amount: fc.integer({ min: 1, max: 15_000 }), settle: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('win' as const), round: pick, amount: fc.integer({ min: 0, max: 30_000 }), settle: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback' as const), bet: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forfeit' as const) }) },
);

interface ModelRound {
  roundId: string;
  state: 'open' | 'settled';
  betMinor: bigint;
  bonusBetMinor: bigint;
  bets: Array<{ transactionId: string; amountMinor: bigint; bonusMinor: bigint; rolledBack: boolean }>;
}

describe('bonus money under random play (property)', () => {
  let wallet: ServiceUnderTest<WalletRpc>;
  let run = 0;

  beforeAll(async () => {
    wallet = await startServiceUnderTest({
      schema: WALLET_SCHEMA,
      migrationsDir: walletMigrations,
      create: createWalletService,
      config: defaultWalletConfig({ WALLET_DEMO_DEPOSITS: 'true', WALLET_VENDOR_SECRETS: `${VENDOR}:${SECRET}` }),
    });
  }, 60_000);
  afterAll(async () => {
    await wallet?.close();
  });

  const vendorCall = async (operation: VendorOperation, body: Record<string, unknown>): Promise<{ balance?: string; code?: string }> => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    try {
      const value = await wallet.client.vendorCall({ vendor: VENDOR, operation, timestamp, signature: vendorSignature(SECRET, timestamp, raw), body: raw });
      return { balance: value.balance };
    } catch (error) {
      if (error instanceof AppError) return { code: error.code };
      throw error;
    }
  };
  const balances = async (memberId: string) => {
    const found = await rows<{ kind: string; balance_minor: string }>(wallet.db.orm, sql`SELECT kind, balance_minor::text FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${memberId}`);
    const of = (kind: string) => BigInt(found.find((row) => row.kind === kind)?.balance_minor ?? 0);
    return { cash: of('main'), bonus: of('bonus') };
  };

  it('keeps cash and bonus as the model says, and bonus money adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commands, { minLength: 5, maxLength: 25 }), async (steps) => {
        run++;
        const memberId = String(7_000_000 + run);
        await wallet.deliver(memberRegisteredEnvelope(memberId));
        let cash = 0n;
        let bonus = 0n;
        let wagering: string | null = null;
        let lastEnded: 'forfeited' | null = null;
        let given = 0n;
        let wonAsBonus = 0n;
        let stakedFromBonus = 0n;
        let forfeited = 0n;
        const rounds: ModelRound[] = [];
        let sequence = 0;
        const id = (prefix: string) => `${prefix}-${run}-${sequence++}`;
        const money = (minor: bigint) => formatMinor(minor, 'MXN');
        /** Bonus money credited back: to the bonus while one is wagering, else kept by the house after a forfeit. */
        const creditBonus = (share: bigint) => {
          if (share === 0n) return;
          if (wagering) {
            bonus += share;
            wonAsBonus += share;
          } else if (lastEnded !== 'forfeited') cash += share;
        };

        for (const step of steps) {
          if (step.kind === 'deposit') {
            const amountMinor = BigInt(step.amount);
            await wallet.client.demoDeposit({ merchantCode: 'DEMO', memberId, currency: 'MXN', amount: money(amountMinor), idempotencyKey: id('dep') });
            cash += amountMinor;
          } else if (step.kind === 'grant') {
            const grant = wallet.client.grantBonus({
              key: id('grant'),
              merchantCode: 'DEMO',
              memberId,
              currency: 'MXN',
              amountMinor: String(step.amount),
              source: 'operator',
              sourceRef: 'property',
              title: 'Property bonus',
              terms: { multiple: 5, base: 'bonus', days: 7 },
            });
            if (wagering) {
              await expect(grant).rejects.toMatchObject({ code: 'BONUS_ALREADY_ACTIVE' });
              continue;
            }
            wagering = (await grant).bonusId;
            bonus += BigInt(step.amount);
            given += BigInt(step.amount);
          } else if (step.kind === 'forfeit') {
            if (!wagering) continue;
            const ended = await wallet.client.forfeitBonus({ merchantCode: 'DEMO', memberId, bonusId: wagering });
            expect(ended.forfeitedMinor).toBe(bonus.toString());
            forfeited += bonus;
            bonus = 0n;
            wagering = null;
            lastEnded = 'forfeited';
          } else if (step.kind === 'bet') {
            const open = rounds.filter((round) => round.state === 'open');
            const round: ModelRound | undefined = open.length > 0 && step.round % 3 !== 0 ? open[step.round % open.length] : undefined;
            const amountMinor = BigInt(step.amount);
            const roundId = round?.roundId ?? id('round');
            const transactionId = id('bet');
            const answer = await vendorCall('bet', {
              player: memberId,
              currency: 'MXN',
              transactionId,
              roundId,
              gameType: 'RNG',
              amount: money(amountMinor),
              ...(step.settle ? { settle: true } : {}),
            });
            const fromCash = amountMinor <= cash ? amountMinor : cash;
            const fromBonus = amountMinor - fromCash;
            if (fromBonus > 0n && (!wagering || fromBonus > bonus)) {
              expect(answer.code).toBe('INSUFFICIENT_FUNDS');
              continue;
            }
            cash -= fromCash;
            bonus -= fromBonus;
            stakedFromBonus += fromBonus;
            const target = round ?? { roundId, state: 'open' as const, betMinor: 0n, bonusBetMinor: 0n, bets: [] };
            if (!round) rounds.push(target);
            target.betMinor += amountMinor;
            target.bonusBetMinor += fromBonus;
            target.bets.push({ transactionId, amountMinor, bonusMinor: fromBonus, rolledBack: false });
            if (step.settle) target.state = 'settled';
          } else if (step.kind === 'win') {
            const open = rounds.filter((round) => round.state === 'open' && round.bets.some((bet) => !bet.rolledBack));
            if (open.length === 0) continue;
            const round = open[step.round % open.length]!;
            const amountMinor = BigInt(step.amount);
            const answer = await vendorCall('win', {
              player: memberId,
              currency: 'MXN',
              transactionId: id('win'),
              roundId: round.roundId,
              amount: money(amountMinor),
              ...(step.settle ? { settle: true } : {}),
            });
            expect(answer.code).toBeUndefined();
            const share = round.betMinor > 0n ? (amountMinor * round.bonusBetMinor) / round.betMinor : 0n;
            cash += amountMinor - share;
            creditBonus(share);
            if (step.settle) round.state = 'settled';
          } else {
            const live = rounds.filter((round) => round.state === 'open').flatMap((round) => round.bets.filter((bet) => !bet.rolledBack).map((bet) => ({ round, bet })));
            if (live.length === 0) continue;
            const { round, bet } = live[step.bet % live.length]!;
            const answer = await vendorCall('rollback', { player: memberId, currency: 'MXN', transactionId: id('rb'), roundId: round.roundId, betTransactionId: bet.transactionId });
            expect(answer.code).toBeUndefined();
            bet.rolledBack = true;
            cash += bet.amountMinor - bet.bonusMinor;
            // A stake given back to a wagering bonus was never really staked.
            if (wagering) {
              bonus += bet.bonusMinor;
              stakedFromBonus -= bet.bonusMinor;
            } else creditBonus(bet.bonusMinor);
            round.betMinor -= bet.amountMinor;
            round.bonusBetMinor -= bet.bonusMinor;
          }
          expect(await balances(memberId)).toEqual({ cash, bonus });
        }
        // Given plus what bonus money won equals what it staked, what was forfeited and what is still held.
        expect(given + wonAsBonus).toBe(stakedFromBonus + forfeited + bonus);
        const answer = await vendorCall('balance', { player: memberId, currency: 'MXN' });
        expect(answer.balance).toBe(money(cash + (wagering ? bonus : 0n)));
        expect(await wallet.client.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
