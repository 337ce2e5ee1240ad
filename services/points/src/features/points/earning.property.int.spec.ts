import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { BetSettled, PointsRpc } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { settledBet, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createPointsService, POINTS_SCHEMA, pointsMigrations } from '../../app.js';

const RATIOS: Record<string, bigint> = { RNG: 10_000n, LIVE: 20_000n, LOTT: 0n };

/** The rule (docs/loyalty.md): floor(valid bet ÷ ratio); nothing for a cancelled bet or a game type without a ratio. */
function pointsForBet(bet: Pick<BetSettled, 'validBetMinor' | 'state'>, minorPerPoint: bigint | undefined): bigint {
  if (bet.state === 'cancelled' || !minorPerPoint || minorPerPoint <= 0n) return 0n;
  const valid = BigInt(bet.validBetMinor);
  return valid > 0n ? valid / minorPerPoint : 0n;
}

/**
 * For any sequence of bet revisions, delivered in any order and batching: a member's points are the sum over bets of
 * floor(valid bet of the highest revision ÷ ratio), nothing for cancelled bets, and the ledger sums to zero.
 */
describe('points earned from bet revisions (property)', () => {
  let harness: ServiceUnderTest<PointsRpc>;
  let run = 0;

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: POINTS_SCHEMA,
      migrationsDir: pointsMigrations,
      create: (context, config) =>
        createPointsService(context, config, {
          wallet: () => {
            throw new Error('no payouts in this test');
          },
        }),
      config: { SEED_DEMO: false },
    });
    await harness.db.orm.execute(sql`INSERT INTO points.point_ratios (merchant_code, game_type, minor_per_point) VALUES ('PROP', 'RNG', 10000), ('PROP', 'LIVE', 20000), ('PROP', 'LOTT', 0)`);
  });
  afterAll(async () => {
    await harness?.close();
  });

  const revisionArbitrary = fc.record({
    validBet: fc.bigInt({ min: 0n, max: 5_000_000n }),
    cancelled: fc.boolean(),
  });
  const betArbitrary = fc.record({
    gameType: fc.constantFrom('RNG', 'LIVE', 'LOTT', 'SPORTS'),
    revisions: fc.array(revisionArbitrary, { minLength: 1, maxLength: 4 }),
  });

  it('equals the sum over bets of floor(latest valid bet ÷ ratio)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(betArbitrary, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 4 }), async (bets, seed, batches) => {
        run++;
        const memberId = String(900_000 + run);
        const events: BetSettled[] = bets.flatMap((one, index) =>
          one.revisions.map((revision, number) => ({
            betId: `prop-${run}-${index}`,
            vendor: 'V',
            roundId: `prop-${run}-${index}`,
            gameType: one.gameType,
            gameCode: null,
            memberId,
            merchantCode: 'PROP',
            account: null,
            agentPath: null,
            currency: 'MXN',
            betAmountMinor: revision.validBet.toString(),
            validBetMinor: revision.cancelled ? '0' : revision.validBet.toString(),
            winAmountMinor: '0',
            adjustAmountMinor: '0',
            state: revision.cancelled ? ('cancelled' as const) : ('settled' as const),
            revision: number,
            settledAt: new Date().toISOString(),
          })),
        );
        // Any delivery order, in a few batches; a redelivered revision is a new message.
        const shuffled = events.map((event, index) => ({ event, order: (index * 7919 + seed) % 1_000_003 })).sort((a, b) => a.order - b.order);
        const size = Math.ceil(shuffled.length / batches);
        for (let start = 0; start < shuffled.length; start += size) {
          await harness.deliver(...shuffled.slice(start, start + size).map(({ event }) => createEnvelope('bet.settled', event.betId, event, 'test')));
        }
        const expected = bets.reduce((sum, one) => sum + pointsForBet(toLatest(one.revisions.at(-1)!), RATIOS[one.gameType]), 0n);
        const balance = await harness.client.getPointBalance({ memberId });
        expect(BigInt(balance?.points ?? '0')).toBe(expected);
      }),
      { numRuns: 25 },
    );
    const [sum] = await rows<{ total: string }>(
      harness.db.orm,
      sql`SELECT (coalesce((SELECT sum(points) FROM points.point_accounts WHERE merchant_code = 'PROP'), 0)
                 + coalesce((SELECT sum(points) FROM points.point_brand_accounts WHERE merchant_code = 'PROP'), 0))::text AS total`,
    );
    expect(sum?.total).toBe('0');
  });

  it('earns nothing without a ratio, at a ratio of zero or for a cancelled bet, whatever its valid bet', async () => {
    const memberId = '899999';
    const bet = (betId: string, gameType: string, state: BetSettled['state']): BetSettled => settledBet({ betId, memberId, merchantCode: 'PROP', gameType, validBetMinor: '999999', state });
    const bets = [bet('none-1', 'RNG', 'settled'), bet('none-2', 'SPORTS', 'settled'), bet('none-3', 'LOTT', 'settled'), bet('none-4', 'LIVE', 'cancelled')];
    await harness.deliver(...bets.map((one) => createEnvelope('bet.settled', one.betId, one, 'test')));
    const balance = await harness.client.getPointBalance({ memberId });
    expect(balance?.points).toBe('99');
  });
});

const toLatest = (revision: { validBet: bigint; cancelled: boolean }) => ({
  validBetMinor: revision.cancelled ? '0' : revision.validBet.toString(),
  state: revision.cancelled ? ('cancelled' as const) : ('settled' as const),
});
