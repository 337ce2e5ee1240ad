import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PointsRpc, RpcHandlers } from '@wps/contracts';
import { rows } from '@wps/platform';
import { eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

/** A fresh install fills the invite-friends, raffle and manual rebate screens of the demo player. */
describe('the demo data of referral, raffle and manual rebate (embedded)', () => {
  let platform: EmbeddedPlatform;
  let points: RpcHandlers<PointsRpc>;
  let demoPlayer: string;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    points = platform.instances.points!.handlers as RpcHandlers<PointsRpc>;
    const [member] = await rows<{ id: string }>(platform.db.orm, sql`SELECT id::text AS id FROM identity.members WHERE merchant_code = 'DEMO' AND username_key = 'demoplayer'`);
    demoPlayer = member!.id;
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('gives the demo player friends at every stage, one of them qualified and its reward recorded', async () => {
    const summary = () => points.referralSummary({ memberId: demoPlayer, merchantCode: 'DEMO', currency: 'MXN', pageNo: 1, pageSize: 10 });
    await eventually(async () => (await summary()).totals.qualified === 1, 'the demo friends', 20_000);
    const { friends, terms, totals } = await summary();
    expect(terms).not.toBeNull();
    expect(friends.list.map((friend) => [friend.name, friend.status])).toEqual([
      ['de***1', 'pending'],
      ['de***2', 'pending'],
      ['de***3', 'qualified'],
      ['de***4', 'expired'],
    ]);
    expect(friends.list[1]).toMatchObject({ depositMet: true, validBetMet: false });
    expect(totals).toMatchObject({ invited: 4, qualified: 1 });
    const reward = BigInt(totals.earnedMinor) + BigInt(totals.pendingMinor);
    expect(reward.toString()).toBe(terms!.rewardMinor);
    // Started again, nothing is added or moved.
    const again = await summary();
    expect(again.friends.list.map((friend) => friend.registeredAt)).toEqual(friends.list.map((friend) => friend.registeredAt));
  }, 30_000);

  it('joins the demo player to the demo raffle with tickets, and gives it a rebate to claim today', async () => {
    const [raffle] = await rows<{ id: string }>(
      platform.db.orm,
      sql`SELECT id::text AS id FROM points.promotions WHERE merchant_code = 'DEMO' AND kind = 'raffle' AND enabled ORDER BY id DESC LIMIT 1`,
    );
    expect(raffle).toBeDefined();
    await eventually(async () => (await points.raffleState({ merchantCode: 'DEMO', promotionId: raffle!.id, memberId: demoPlayer })).me?.joined === true, 'the demo entries', 30_000);
    const state = await points.raffleState({ merchantCode: 'DEMO', promotionId: raffle!.id, memberId: demoPlayer });
    expect(Number(state.me!.tickets)).toBeGreaterThan(0);
    expect(state.entrants).toBeGreaterThan(1);
    expect(state.hash).toMatch(/^[0-9a-f]{64}$/);
    const rebate = await points.rebateAccrual({ memberId: demoPlayer, merchantCode: 'DEMO', currency: 'MXN' });
    expect(rebate).toMatchObject({ available: true, labelName: 'VIP2' });
    expect(rebate.lines.map((line) => line.gameType)).toEqual(['RNG', 'LIVE', 'SPORTS', 'FISH']);
    expect(BigInt(rebate.claimableMinor)).toBeGreaterThan(0n);
  }, 40_000);
});
