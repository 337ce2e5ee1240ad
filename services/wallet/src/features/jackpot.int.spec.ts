import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type BetSettled, type WalletRpc } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createWalletService, WALLET_SCHEMA, walletMigrations } from '../app.js';
import { defaultWalletConfig } from '../config.js';
import { jackpotHits } from './jackpot.js';

const settled = (betId: string, overrides: Partial<BetSettled> = {}): BetSettled => ({
  betId,
  vendor: 'HOUSE',
  roundId: betId,
  gameType: 'RNG',
  gameCode: 'house-dice',
  memberId: '7',
  merchantCode: 'DEMO',
  account: 'player7',
  agentPath: null,
  currency: 'MXN',
  betAmountMinor: '100000',
  validBetMinor: '100000',
  winAmountMinor: '0',
  adjustAmountMinor: '0',
  state: 'settled',
  revision: 0,
  settledAt: new Date().toISOString(),
  ...overrides,
});
const envelopeOf = (bet: BetSettled) => createEnvelope('bet.settled', bet.betId, bet, 'test');

describe('the progressive jackpot in the ledger', () => {
  let harness: ServiceUnderTest<WalletRpc> | undefined;
  const start = async (probability: string) => {
    harness = await startServiceUnderTest({
      schema: WALLET_SCHEMA,
      migrationsDir: walletMigrations,
      create: (context, config) => createWalletService(context, config),
      config: {
        ...defaultWalletConfig(),
        WALLET_JACKPOT_SHARE_BP: 50,
        WALLET_JACKPOT_GAME_TYPES: ['RNG', 'FISH'],
        WALLET_JACKPOT_SEED: '10000.00',
        WALLET_JACKPOT_HIT_PROBABILITY: Number(probability),
      },
    });
    await harness.deliver(memberRegisteredEnvelope('7'));
    return harness;
  };
  const pool = () => harness!.client.jackpotPool({ merchantCode: 'DEMO', currency: 'MXN' });
  const jackpotEvents = async () =>
    rows<{ envelope: { payload: { pushType: string; version: number; data: { amount: string } } } }>(harness!.db.orm, sql`SELECT envelope FROM wallet.outbox WHERE topic = 'lobby.v1' ORDER BY seq`);
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('opens at the seed and grows by 0.5 % of each eligible valid bet, once per bet whatever is redelivered', async () => {
    const wallet = await start('0');
    expect(await pool()).toEqual({ amount: '10000.00', amountMinor: '1000000', currency: 'MXN' });
    const first = envelopeOf(settled('b-1'));
    await wallet.deliver(first, first);
    expect((await pool()).amount).toBe('10005.00');
    // A correction of the same bet (new message, higher revision) neither contributes nor draws again.
    await wallet.deliver(envelopeOf(settled('b-1', { revision: 1, validBetMinor: '900000' })));
    expect((await pool()).amount).toBe('10005.00');
    // Not eligible: another game type, a cancelled round.
    await wallet.deliver(envelopeOf(settled('b-2', { gameType: 'LIVE' })), envelopeOf(settled('b-3', { state: 'cancelled' })));
    expect((await pool()).amount).toBe('10005.00');
    await wallet.deliver(envelopeOf(settled('b-4', { gameType: 'FISH', validBetMinor: '2000' })));
    expect((await pool()).amount).toBe('10005.10');

    const events = await jackpotEvents();
    expect(events.map((row) => row.envelope.payload.data.amount)).toEqual(['10005.00', '10005.10']);
    expect(events[1]!.envelope.payload.version).toBeGreaterThan(events[0]!.envelope.payload.version);
    const [member] = await rows<{ balance_minor: string }>(wallet.db.orm, sql`SELECT balance_minor FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = '7'`);
    expect(member!.balance_minor).toBe('0');
    expect(await wallet.client.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('pays the whole pool to the member on a hit, announces the balance, and puts the seed back from the house', async () => {
    const wallet = await start('1');
    await wallet.deliver(envelopeOf(settled('hit-1')));
    // Seed 10000.00 + 5.00 contribution paid out; the pool is reseeded.
    expect((await pool()).amount).toBe('10000.00');
    const [member] = await rows<{ balance_minor: string }>(wallet.db.orm, sql`SELECT balance_minor FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = '7'`);
    expect(member!.balance_minor).toBe('1000500');
    const [announced] = await rows<{ n: number }>(
      wallet.db.orm,
      sql`SELECT count(*)::int AS n FROM wallet.outbox WHERE envelope->>'type' = 'balance.changed' AND envelope->'payload'->>'cause' = 'jackpot'`,
    );
    expect(announced!.n).toBe(1);
    const causes = await rows<{ cause: string; n: number }>(wallet.db.orm, sql`SELECT cause, count(*)::int AS n FROM wallet.transactions WHERE cause = 'jackpot' GROUP BY cause`);
    expect(causes).toEqual([{ cause: 'jackpot', n: 4 }]);
    expect(await wallet.client.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('decides hits from the bet id, so a replay in another process decides the same', () => {
    const decisions = Array.from({ length: 50 }, (_, index) => jackpotHits(`replay-${index}`, 0.2));
    expect(Array.from({ length: 50 }, (_, index) => jackpotHits(`replay-${index}`, 0.2))).toEqual(decisions);
    expect(decisions.some(Boolean)).toBe(true);
    expect(decisions.every(Boolean)).toBe(false);
  });
});
