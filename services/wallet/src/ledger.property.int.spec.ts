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
 * Random sequences of deposits, bets (some carrying their win), wins, rollbacks, early rollbacks, adjustments, voids
 * and replays over a
 * few players, run against the wallet's own handlers on PGlite and against a small model of what should happen. The
 * model, not the ledger, says what each balance must be.
 */
const VENDOR = 'PROPVENDOR';
const SECRET = 'property-test-secret-0123456789';
const PLAYERS = 3;

type Command =
  | { kind: 'deposit'; player: number; amount: number }
  | { kind: 'bet'; player: number; round: number; amount: number; win: number | null; settle: boolean }
  | { kind: 'win'; player: number; round: number; amount: number; settle: boolean }
  | { kind: 'rollback'; player: number; bet: number }
  | { kind: 'earlyRollback'; player: number }
  | { kind: 'lateBet'; player: number; tombstone: number; amount: number }
  | { kind: 'adjust'; player: number; round: number; amount: number }
  | { kind: 'void'; player: number; round: number }
  | { kind: 'replay'; call: number };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const pick = fc.nat({ max: 1_000 });
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deposit' as const), player, amount: fc.integer({ min: 1, max: 50_000 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      player,
      round: pick,
      amount: fc.integer({ min: 1, max: 20_000 }),
      win: fc.option(fc.integer({ min: 0, max: 30_000 })),
      settle: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('win' as const), player, round: pick, amount: fc.integer({ min: 0, max: 30_000 }), settle: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback' as const), player, bet: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('earlyRollback' as const), player }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lateBet' as const), player, tombstone: pick, amount: fc.integer({ min: 1, max: 5_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), player, round: pick, amount: fc.integer({ min: -3_000, max: 3_000 }).filter((n) => n !== 0) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), player, round: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), call: pick }) },
);

interface ModelBet {
  transactionId: string;
  roundId: string;
  amountMinor: bigint;
  rolledBack: boolean;
}
interface ModelRound {
  roundId: string;
  state: 'open' | 'settled' | 'cancelled';
  bets: ModelBet[];
  winMinor: bigint;
  adjustMinor: bigint;
}
const closedCode = (round: ModelRound): string | undefined => (round.state === 'settled' ? 'ROUND_SETTLED' : round.state === 'cancelled' ? 'ROUND_CANCELLED' : undefined);
interface ModelPlayer {
  memberId: string;
  balanceMinor: bigint;
  rounds: ModelRound[];
  tombstones: string[];
}
interface Sent {
  operation: VendorOperation | 'demoDeposit';
  memberId: string;
  body: Record<string, unknown>;
  answer: { code?: string; balance?: string; value?: unknown };
}

describe('the ledger under random vendor traffic (property)', () => {
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

  const vendorCall = async (operation: VendorOperation, body: Record<string, unknown>): Promise<Sent['answer']> => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    try {
      const value = await wallet.client.vendorCall({ vendor: VENDOR, operation, timestamp, signature: vendorSignature(SECRET, timestamp, raw), body: raw });
      return { balance: value.balance, value };
    } catch (error) {
      if (error instanceof AppError) return { code: error.code };
      throw error;
    }
  };
  const deposit = async (body: Record<string, unknown>): Promise<Sent['answer']> => {
    try {
      const value = await wallet.client.demoDeposit(body as { merchantCode: string; memberId: string; currency: string; amount: string; idempotencyKey: string });
      return { balance: value.balance, value };
    } catch (error) {
      if (error instanceof AppError) return { code: error.code };
      throw error;
    }
  };
  const memberBalances = async (memberIds: string[]) =>
    rows<{ owner_id: string; balance_minor: string }>(
      wallet.db.orm,
      sql`SELECT owner_id, balance_minor FROM wallet.accounts WHERE owner_type = 'member' AND owner_id IN (${sql.join(
        memberIds.map((memberId) => sql`${memberId}`),
        sql`, `,
      )}) ORDER BY owner_id`,
    );

  it('keeps every transaction balanced, no member below zero, replays inert and balances as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 5, maxLength: 30 }), async (commands) => {
        run++;
        const players: ModelPlayer[] = Array.from({ length: PLAYERS }, (_, index) => ({ memberId: `prop-${run}-${index}`, balanceMinor: 0n, rounds: [], tombstones: [] }));
        await wallet.deliver(...players.map((modelPlayer) => memberRegisteredEnvelope(modelPlayer.memberId)));
        const sent: Sent[] = [];
        let sequence = 0;
        const nextId = (prefix: string) => `${prefix}-${run}-${sequence++}`;
        const money = (minor: bigint) => formatMinor(minor, 'MXN');
        const expectAnswer = (answer: Sent['answer'], modelPlayer: ModelPlayer, code?: string) => {
          if (code) expect(answer.code).toBe(code);
          else expect(answer).toMatchObject({ balance: money(modelPlayer.balanceMinor) });
        };

        for (const command of commands) {
          if (command.kind === 'replay') {
            // Only accepted calls have a stored answer; a refused one is not stored and may pass once the state allows it.
            const accepted = sent.filter((call) => call.answer.code === undefined);
            if (accepted.length === 0) continue;
            const original = accepted[command.call % accepted.length]!;
            const before = await memberBalances(players.map((p) => p.memberId));
            const again = original.operation === 'demoDeposit' ? await deposit(original.body) : await vendorCall(original.operation, original.body);
            expect(again).toEqual(original.answer);
            expect(await memberBalances(players.map((p) => p.memberId))).toEqual(before);
            continue;
          }
          const modelPlayer = players[command.player]!;
          const base = { player: modelPlayer.memberId, currency: 'MXN' };
          const record = (operation: Sent['operation'], body: Record<string, unknown>, answer: Sent['answer']) => sent.push({ operation, memberId: modelPlayer.memberId, body, answer });

          if (command.kind === 'deposit') {
            const body = { merchantCode: 'DEMO', memberId: modelPlayer.memberId, currency: 'MXN', amount: money(BigInt(command.amount)), idempotencyKey: nextId('dep') };
            modelPlayer.balanceMinor += BigInt(command.amount);
            const answer = await deposit(body);
            expectAnswer(answer, modelPlayer);
            record('demoDeposit', body, answer);
          } else if (command.kind === 'bet' || command.kind === 'lateBet') {
            const existing = command.kind === 'bet' && command.round % 2 === 1 && modelPlayer.rounds.length > 0 ? modelPlayer.rounds[command.round % modelPlayer.rounds.length]! : undefined;
            const tombstone = command.kind === 'lateBet' && modelPlayer.tombstones.length > 0 ? modelPlayer.tombstones[command.tombstone % modelPlayer.tombstones.length]! : undefined;
            if (command.kind === 'lateBet' && !tombstone) continue;
            const round: ModelRound = existing ?? { roundId: nextId('round'), state: 'open', bets: [], winMinor: 0n, adjustMinor: 0n };
            const win = command.kind === 'bet' ? command.win : null;
            const settle = command.kind === 'bet' && command.settle;
            const amountMinor = BigInt(command.amount);
            const body = {
              ...base,
              transactionId: tombstone ?? nextId('bet'),
              roundId: round.roundId,
              gameType: 'RNG',
              amount: money(amountMinor),
              ...(win !== null ? { win: money(BigInt(win)) } : {}),
              ...(settle ? { settle: true } : {}),
            };
            const expected = tombstone ? 'TRANSACTION_ROLLED_BACK' : (closedCode(round) ?? (amountMinor > modelPlayer.balanceMinor ? 'INSUFFICIENT_FUNDS' : undefined));
            if (!expected) {
              modelPlayer.balanceMinor += -amountMinor + BigInt(win ?? 0);
              round.winMinor += BigInt(win ?? 0);
              round.bets.push({ transactionId: body.transactionId, roundId: round.roundId, amountMinor, rolledBack: false });
              if (settle) round.state = 'settled';
              if (!existing) modelPlayer.rounds.push(round);
            }
            const answer = await vendorCall('bet', body);
            expectAnswer(answer, modelPlayer, expected);
            record('bet', body, answer);
          } else if (command.kind === 'win') {
            const round = modelPlayer.rounds.length > 0 && command.round % 4 !== 0 ? modelPlayer.rounds[command.round % modelPlayer.rounds.length]! : undefined;
            const body = { ...base, transactionId: nextId('win'), roundId: round?.roundId ?? nextId('ghost'), amount: money(BigInt(command.amount)), ...(command.settle ? { settle: true } : {}) };
            const liveBet = round?.bets.some((bet) => !bet.rolledBack) ?? false;
            const expected = !liveBet ? 'WIN_WITHOUT_BET' : closedCode(round!);
            if (!expected) {
              modelPlayer.balanceMinor += BigInt(command.amount);
              round!.winMinor += BigInt(command.amount);
              if (command.settle) round!.state = 'settled';
            }
            const answer = await vendorCall('win', body);
            expectAnswer(answer, modelPlayer, expected);
            record('win', body, answer);
          } else if (command.kind === 'rollback') {
            const bets = modelPlayer.rounds.flatMap((round) => round.bets);
            if (bets.length === 0) continue;
            const bet = bets[command.bet % bets.length]!;
            const round = modelPlayer.rounds.find((candidate) => candidate.roundId === bet.roundId)!;
            const body = { ...base, transactionId: nextId('rb'), betTransactionId: bet.transactionId };
            const expected = bet.rolledBack ? undefined : closedCode(round);
            if (!expected && !bet.rolledBack) {
              bet.rolledBack = true;
              modelPlayer.balanceMinor += bet.amountMinor;
            }
            const answer = await vendorCall('rollback', body);
            expectAnswer(answer, modelPlayer, expected);
            record('rollback', body, answer);
          } else if (command.kind === 'adjust' || command.kind === 'void') {
            if (modelPlayer.rounds.length === 0) continue;
            const round = modelPlayer.rounds[command.round % modelPlayer.rounds.length]!;
            const liveBetsMinor = round.bets.filter((bet) => !bet.rolledBack).reduce((sum, bet) => sum + bet.amountMinor, 0n);
            const deltaMinor = command.kind === 'adjust' ? BigInt(command.amount) : liveBetsMinor - round.winMinor - round.adjustMinor;
            const stateCode = command.kind === 'adjust' ? (round.state === 'cancelled' ? 'ROUND_CANCELLED' : undefined) : closedCode(round);
            const expected = stateCode ?? (modelPlayer.balanceMinor + deltaMinor < 0n ? 'INSUFFICIENT_FUNDS' : undefined);
            if (!expected) {
              modelPlayer.balanceMinor += deltaMinor;
              if (command.kind === 'adjust') round.adjustMinor += deltaMinor;
              else round.state = 'cancelled';
            }
            const amount = command.kind === 'adjust' ? { amount: (command.amount < 0 ? '-' : '') + money(BigInt(Math.abs(command.amount))) } : {};
            const body = { ...base, transactionId: nextId(command.kind), roundId: round.roundId, ...amount };
            const answer = await vendorCall(command.kind, body);
            expectAnswer(answer, modelPlayer, expected);
            record(command.kind, body, answer);
          } else if (command.kind === 'earlyRollback') {
            const missingBet = nextId('early');
            modelPlayer.tombstones.push(missingBet);
            const body = { ...base, transactionId: nextId('rb'), betTransactionId: missingBet };
            const answer = await vendorCall('rollback', body);
            expectAnswer(answer, modelPlayer);
            record('rollback', body, answer);
          }
        }

        const check = await wallet.client.ledgerCheck({});
        expect(check).toEqual({ imbalances: [], negativeAccounts: 0 });
        const stored = await memberBalances(players.map((p) => p.memberId));
        const storedTotal = stored.reduce((sum, row) => sum + BigInt(row.balance_minor), 0n);
        expect(storedTotal).toBe(players.reduce((sum, p) => sum + p.balanceMinor, 0n));
        for (const modelPlayer of players) {
          expect(stored.find((row) => row.owner_id === modelPlayer.memberId)?.balance_minor).toBe(modelPlayer.balanceMinor.toString());
        }
      }),
      { numRuns: 25 },
    );
  });
});
