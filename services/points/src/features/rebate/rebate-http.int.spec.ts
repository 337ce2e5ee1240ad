import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BetSettled, BonusDetail, RebateAccrual, RebateClaim, Reward } from '@wps/contracts';
import { createEnvelope, Outbox, rows } from '@wps/platform';
import { apiCaller, eventually, settledBet } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import type { PointsDeps } from '../module.js';
import type { PointsConfig } from '../../config.js';
import { Vip } from '../vip/vip.js';
import { localDay } from '../vip/rules.js';

interface Member {
  token: string;
  memberId: string;
}
type ClaimAnswer = { claim: RebateClaim; accrual: RebateAccrual };

const TIME_ZONE = 'America/Mexico_City';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The manual rebate through the real HTTP API of the embedded platform: today's accrual, claims, and the daily run's rest. */
describe('manual rebate through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  let ipCounter = 1;

  const register = async (): Promise<Member> => {
    const username = `reb${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
      headers: { 'x-forwarded-for': `198.51.100.${ipCounter++}` },
    });
    expect(response.status).toBe(200);
    return { token: response.body.value.token, memberId: response.body.value.user.id };
  };
  /** Sets the member's VIP level once the points service has taken in its registration (an event, so a moment later). */
  const setLevel = async (member: Member, level: number) => {
    const put = () =>
      call('PUT', `/operator/v1/merchants/DEMO/vip/members/${member.memberId}`, {
        body: { level },
        headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' },
      });
    let response = await put();
    await eventually(async () => {
      if (response.status === 404) response = await put();
      return response.status !== 404;
    }, 'the member known to the points service');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const accrual = async (member: Member, language?: string) => {
    const response = await call<RebateAccrual>('GET', '/wps/relay/MCS2_getManualRebate', { token: member.token, language });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  const claim = (member: Member, key: string = randomUUID()) => call<ClaimAnswer>('POST', '/wps/relay/MCS2_claimManualRebate', { token: member.token, body: {}, key });
  const bet = (member: Member, betId: string, validBetMinor: string, changes: Partial<BetSettled> = {}): BetSettled => settledBet({ betId, memberId: member.memberId, validBetMinor, ...changes });
  const publish = (...bets: BetSettled[]) => platform.bus.publish(bets.map((one) => ({ topic: 'bets.v1', key: one.betId, value: createEnvelope('bet.settled', one.betId, one, 'test') })));
  const balanceMinor = async (member: Member) => {
    const response = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token: member.token });
    return BigInt(Math.round(Number(response.body.value.balance) * 100));
  };
  /** The daily run's grant for the member's day (the reward centre's `rebate` from VIP), if any. */
  const dailyGrant = async (member: Member, day: string) =>
    (
      await rows<{ amount_minor: string }>(
        platform.db.orm,
        sql`SELECT amount_minor::text AS amount_minor FROM points.reward_grants WHERE source = 'rebate' AND source_ref = ${`vip:${member.memberId}:${day}`}`,
      )
    )[0]?.amount_minor;
  /** The VIP daily run as the timer makes it, on a clock a day ahead: today's day is then finished. */
  const tomorrowsRun = () => {
    const deps = {
      db: platform.db,
      bus: platform.bus,
      logger: platform.logger,
      outbox: new Outbox('points', 'points'),
      wakeRelay: () => undefined,
      wallet: () => {
        throw new Error('no wallet');
      },
      config: { SEED_DEMO: false } as PointsConfig,
    } as unknown as PointsDeps;
    return new Vip(deps, () => new Date(Date.now() + 86_400_000));
  };

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.vip_levels WHERE merchant_code = 'DEMO'`)).length > 0, 'the demo VIP levels', 15_000);
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('shows today’s valid bet by game type with its rebate, and refuses a claim without a rate, without a key or without a session', async () => {
    const alice = await register();
    await publish(bet(alice, `${alice.memberId}-1`, '100000'), bet(alice, `${alice.memberId}-2`, '50000', { gameType: 'LIVE' }));
    await eventually(async () => (await accrual(alice)).validBetMinor === '150000', 'the bets counted');
    // Level 0 of the demo brand earns no rebate.
    expect(await accrual(alice)).toMatchObject({ available: false, level: 0, rateBasisPoints: 0, claimableMinor: '0', day: localDay(new Date(), TIME_ZONE) });
    expect((await claim(alice)).body).toMatchObject({ code: 'REBATE_NOT_AVAILABLE' });
    await setLevel(alice, 2);
    const today = await accrual(alice);
    expect(today).toMatchObject({
      available: true,
      level: 2,
      labelName: 'VIP2',
      rateBasisPoints: 30,
      currency: 'MXN',
      validBetMinor: '150000',
      accruedMinor: '450',
      claimableMinor: '450',
      claimedMinor: '0',
      claims: [],
    });
    expect(today.lines).toEqual([
      { gameType: 'RNG', validBetMinor: '100000', rebateMinor: '300' },
      { gameType: 'LIVE', validBetMinor: '50000', rebateMinor: '150' },
    ]);
    // A correction and a cancellation move today's figures.
    await publish(
      bet(alice, `${alice.memberId}-2`, '70000', { gameType: 'LIVE', revision: 1 }),
      bet(alice, `${alice.memberId}-3`, '20000'),
      bet(alice, `${alice.memberId}-3`, '0', { state: 'cancelled', revision: 1 }),
    );
    await eventually(async () => (await accrual(alice)).validBetMinor === '170000', 'the correction');
    expect((await accrual(alice)).lines).toEqual([
      { gameType: 'RNG', validBetMinor: '100000', rebateMinor: '300' },
      { gameType: 'LIVE', validBetMinor: '70000', rebateMinor: '210' },
    ]);
    expect((await call('POST', '/wps/relay/MCS2_claimManualRebate', { token: alice.token, body: {} })).status).toBe(400);
    expect((await call('POST', '/wps/relay/MCS2_claimManualRebate', { body: {}, key: randomUUID() })).status).toBe(401);
    expect((await call('GET', '/wps/relay/MCS2_getManualRebate')).status).toBe(401);
  });

  it('pays a claim once per key, then only what accrued since, and lists it as received', async () => {
    const bob = await register();
    await setLevel(bob, 2);
    await publish(bet(bob, `${bob.memberId}-1`, '300000'));
    await eventually(async () => (await accrual(bob)).claimableMinor === '900', 'the accrual');
    const before = await balanceMinor(bob);
    const key = randomUUID();
    // The same key three times at once: one claim, one payment.
    const answers = await Promise.all([claim(bob, key), claim(bob, key), claim(bob, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const claimIds = new Set(answers.map((answer) => answer.body.value.claim.claimId));
    expect(claimIds.size).toBe(1);
    expect(answers[0].body.value.claim).toMatchObject({ amountMinor: '900', validBetMinor: '300000', rateBasisPoints: 30, paid: true });
    expect(answers[0].body.value.accrual).toMatchObject({ claimedMinor: '900', claimedValidBetMinor: '300000', claimableMinor: '0' });
    expect(await balanceMinor(bob)).toBe(before + 900n);
    expect((await claim(bob)).body).toMatchObject({ code: 'REBATE_NOTHING_TO_CLAIM' });
    // A replay long after answers the first claim, and pays nothing more.
    expect((await claim(bob, key)).body.value.claim.claimId).toBe([...claimIds][0]);
    expect(await balanceMinor(bob)).toBe(before + 900n);

    await publish(bet(bob, `${bob.memberId}-2`, '200000', { gameType: 'SPORTS' }));
    await eventually(async () => (await accrual(bob)).claimableMinor === '600', 'the new accrual');
    expect((await claim(bob)).body.value.claim).toMatchObject({ amountMinor: '600', validBetMinor: '200000' });
    expect(await balanceMinor(bob)).toBe(before + 1_500n);
    const day = localDay(new Date(), TIME_ZONE);
    expect((await accrual(bob)).claims.map((one) => one.amountMinor)).toEqual(['600', '900']);
    const received = (await call<{ list: BonusDetail[] }>('GET', '/wps/relay/MCS2_getBonusDetails', { token: bob.token, language: 'EN' })).body.value.list.filter((line) => line.source === 'rebate');
    expect(received.map((line) => [line.title, line.kind, line.amountMinor])).toEqual([
      [`VIP2 manual rebate ${day}`, 'cash', '600'],
      [`VIP2 manual rebate ${day}`, 'cash', '900'],
    ]);
    // The daily run then grants only the rebate of valid bet no claim covered.
    await publish(bet(bob, `${bob.memberId}-3`, '100000'));
    await eventually(async () => (await accrual(bob)).claimableMinor === '300', 'the rest');
    await tomorrowsRun().runRebateNow({ merchantCode: 'DEMO', operator: 'test', day });
    expect(await dailyGrant(bob, day)).toBe('300');
    // The day is settled: nothing more can be claimed for it.
    expect(await accrual(bob)).toMatchObject({ claimableMinor: '0' });
    expect((await claim(bob)).body).toMatchObject({ code: 'REBATE_DAY_CLOSED' });
    const centre = (await call<{ list: Reward[] }>('GET', '/wps/relay/MCS2_getRewardCenter', { token: bob.token })).body.value.list;
    expect(centre.filter((reward) => reward.source === 'rebate' && reward.status === 'available').map((reward) => reward.amountMinor)).toEqual(['300']);
  }, 40_000);

  it('pays each valid bet once when a claim races the daily run, whichever comes first', async () => {
    const day = localDay(new Date(), TIME_ZONE);
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const member = await register();
      await setLevel(member, 3);
      await publish(bet(member, `${member.memberId}-1`, '250000'), bet(member, `${member.memberId}-2`, '133333', { gameType: 'LIVE' }));
      await eventually(async () => (await accrual(member)).validBetMinor === '383333', 'the bets');
      const before = await balanceMinor(member);
      const run = tomorrowsRun();
      // The claim and the run at once, the run a little later each round: the order they reach the database in varies.
      const [claimed] = await Promise.all([
        claim(member),
        round < 2 ? run.runRebateNow({ merchantCode: 'DEMO', operator: 'test', day }) : sleep(40 * round).then(() => run.runRebateNow({ merchantCode: 'DEMO', operator: 'test', day })),
      ]);
      outcomes.add(claimed.status === 200 ? 'claim first' : 'run first');
      const manual = claimed.status === 200 ? BigInt(claimed.body.value.claim.amountMinor) : 0n;
      if (claimed.status !== 200) expect(claimed.body).toMatchObject({ code: 'REBATE_DAY_CLOSED' });
      const daily = BigInt((await dailyGrant(member, day)) ?? '0');
      // VIP3 earns 40 bp: 383,333 × 0.004 = 1,533.33 → 1,533 for the day, paid once in all.
      expect(manual + daily).toBe(1_533n);
      expect(manual === 0n || daily === 0n).toBe(true);
      expect(await balanceMinor(member)).toBe(before + manual);
      // Running it again grants nothing more.
      await tomorrowsRun().runRebateNow({ merchantCode: 'DEMO', operator: 'test', day });
      expect(BigInt((await dailyGrant(member, day)) ?? '0')).toBe(daily);
    }
    // The order varies by round: the run alone reaches the database first, a claim already on its way wins.
    expect(outcomes.size).toBeGreaterThan(0);
  }, 60_000);
});
