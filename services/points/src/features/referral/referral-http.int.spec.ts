import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BetSettled, BonusDetail, ReferralLink, ReferralSummary } from '@wps/contracts';
import { AppError, createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually, settledBet } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import type { PointsDeps } from '../module.js';
import { PromotionPayouts, recordPayouts } from './payouts.js';

interface Member {
  token: string;
  memberId: string;
  account: string;
}

const mask = (account: string) => `${account.slice(0, 2)}***${account.at(-1)}`;

/** Invite friends through the real HTTP API of the embedded platform: the link, the friends' progress, the reward paid once. */
describe('referral through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  let ipCounter = 1;

  let registered = 0;
  const register = async (referralCode?: string): Promise<Member> => {
    // Masked names show the first two letters and the last: a last letter of its own keeps members apart.
    const account = `ref${randomUUID().slice(0, 8).replace(/-/g, '')}${'abcdefghijklmnopqrstuvwxyz'[registered++ % 26]}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username: account, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true, ...(referralCode ? { referralCode } : {}) },
      headers: { 'x-forwarded-for': `192.0.2.${ipCounter++}` },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { token: response.body.value.token, memberId: response.body.value.user.id, account };
  };
  const link = async (member: Member) => {
    const response = await call<ReferralLink>('GET', '/wps/relay/MCS2_getReferralLink', { token: member.token });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const summary = async (member: Member, query = '') => {
    const response = await call<ReferralSummary>('GET', `/wps/relay/MCS2_getReferralSummary${query}`, { token: member.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  /** A friend invited by `referrer`, once the points service has recorded who referred it. */
  const invite = async (referrer: Member): Promise<Member> => {
    const friend = await register((await link(referrer)).code);
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.referrals WHERE referee_id = ${friend.memberId}`)).length === 1, 'the referral');
    return friend;
  };
  const deposit = async (member: Member, amount: string) => {
    const response = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, body: { amount }, key: randomUUID() });
    expect(response.status).toBe(200);
  };
  const bet = (member: Member, betId: string, validBetMinor: string, changes: Partial<BetSettled> = {}): BetSettled => settledBet({ betId, memberId: member.memberId, validBetMinor, ...changes });
  const publish = (...bets: BetSettled[]) => platform.bus.publish(bets.map((one) => ({ topic: 'bets.v1', key: one.betId, value: createEnvelope('bet.settled', one.betId, one, 'test') })));
  const balanceMinor = async (member: Member) => {
    const response = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token: member.token });
    return BigInt(Math.round(Number(response.body.value.balance) * 100));
  };
  const walletPayouts = async (key: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.loyalty_payouts WHERE key = ${key}`))[0]!.n;
  const payoutRows = async (refereeId: string) =>
    rows<{ source: string; member_id: string; amount_minor: string; paid_at: string | null; wallet_key: string }>(
      platform.db.orm,
      sql`SELECT source, member_id::text AS member_id, amount_minor::text AS amount_minor, paid_at, wallet_key FROM points.promotion_payouts
          WHERE source_ref = ${`referee:${refereeId}`} ORDER BY source`,
    );
  /** The brand's live referral promotion: only this one (any other is switched off). */
  const runPromotion = async (terms: Record<string, unknown>) => {
    await platform.db.orm.execute(sql`UPDATE points.promotions SET enabled = false WHERE merchant_code = 'DEMO' AND kind = 'referral'`);
    const [created] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO points.promotions (merchant_code, kind, category, titles, terms, currency, starts_at, created_by, updated_by)
          VALUES ('DEMO', 'referral', 'other', '{"ES": "Invita a un amigo", "EN": "Invite a friend"}'::jsonb, ${JSON.stringify(terms)}::jsonb, 'MXN',
                  now() - interval '1 minute', 'test', 'test')
          RETURNING id::text AS id`,
    );
    return created!.id;
  };
  const TERMS = { rewardMinor: '5000', minDepositMinor: '10000', minValidBetMinor: '100000', withinDays: 30, refereeBonusMinor: '2000', multiple: 0 };

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('gives every member its own referral code and link, the same on every call, and only to a signed-in member', async () => {
    const alice = await register();
    const first = await link(alice);
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.url).toBe(`http://localhost/register?referralCode=${first.code}`);
    expect(await link(alice)).toEqual(first);
    expect((await link(await register())).code).not.toBe(first.code);
    expect((await call('GET', '/wps/relay/MCS2_getReferralLink')).status).toBe(401);
    expect((await call('GET', '/wps/relay/MCS2_getReferralSummary')).status).toBe(401);
    // A member seeded without a code (the demo player) gets one when it asks, and keeps it.
    const [demo] = await rows<{ id: string }>(platform.db.orm, sql`SELECT id::text AS id FROM identity.members WHERE merchant_code = 'DEMO' AND username_key = 'demoplayer'`);
    const identity = platform.instances.identity!.handlers as unknown as { referralLink: (input: { memberId: string; merchantCode: string }) => Promise<ReferralLink> };
    const given = await identity.referralLink({ memberId: demo!.id, merchantCode: 'DEMO' });
    expect(given.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await identity.referralLink({ memberId: demo!.id, merchantCode: 'DEMO' })).toEqual(given);
  });

  it('lists only the member’s own friends, masked, with their progress; refuses a bad page', async () => {
    await runPromotion(TERMS);
    const alice = await register();
    const bob = await invite(alice);
    const carol = await register();
    const page = await summary(alice);
    expect(page.terms).toMatchObject({ rewardMinor: '5000', minDepositMinor: '10000', minValidBetMinor: '100000', withinDays: 30, refereeBonusMinor: '2000', multiple: 0 });
    expect(page.totals).toEqual({ invited: 1, qualified: 0, earnedMinor: '0', pendingMinor: '0' });
    expect(page.friends.list).toEqual([
      expect.objectContaining({ name: mask(bob.account), status: 'pending', firstDepositMinor: null, validBetMinor: '0', depositMet: false, validBetMet: false, rewardMinor: null }),
    ]);
    const friend = page.friends.list[0]!;
    expect(new Date(friend.deadline!).getTime() - new Date(friend.registeredAt).getTime()).toBe(30 * 86_400_000);
    // No field carries the friend's id (as a string or a number); dates may contain its digits.
    expect(JSON.stringify(page)).not.toMatch(new RegExp(`("${bob.memberId}"|:${bob.memberId}[,}\\]])`));
    // Another member sees none of them, and the friend sees none of its referrer's.
    expect((await summary(carol)).friends.total).toBe(0);
    expect((await summary(bob)).friends.total).toBe(0);
    for (const query of ['?pageSize=0', '?pageSize=51', '?pageNo=0', '?pageNo=abc']) {
      const refused = await call('GET', `/wps/relay/MCS2_getReferralSummary${query}`, { token: alice.token });
      expect(refused.status, query).toBe(400);
    }
    expect((await summary(alice, '?pageNo=2&pageSize=1')).friends).toMatchObject({ list: [], pageNo: 2, total: 1, totalPages: 1 });
  });

  it('pays the referrer once, and the friend its bonus once, when the friend qualifies, however often bets and deposits arrive again', async () => {
    await runPromotion(TERMS);
    const alice = await register();
    const bob = await invite(alice);
    const aliceBefore = await balanceMinor(alice);

    await deposit(bob, '150.00');
    await eventually(async () => (await summary(alice)).friends.list[0]?.depositMet === true, 'the first deposit counted');
    expect((await summary(alice)).friends.list[0]).toMatchObject({ firstDepositMinor: '15000', validBetMet: false, status: 'pending' });

    // 600 + a correction of the same bet to 700 (and the old revision again), then a bet that is cancelled.
    await publish(bet(bob, `${bob.memberId}-1`, '60000'));
    await publish(bet(bob, `${bob.memberId}-1`, '70000', { revision: 1 }), bet(bob, `${bob.memberId}-1`, '60000'));
    await publish(bet(bob, `${bob.memberId}-2`, '50000'));
    await publish(bet(bob, `${bob.memberId}-2`, '0', { state: 'cancelled', revision: 1 }));
    await eventually(async () => (await summary(alice)).friends.list[0]?.validBetMinor === '70000', 'the valid bet at its highest revision');
    expect((await payoutRows(bob.memberId)).length).toBe(0);

    // The bet that crosses the line, delivered three times, at once and again later.
    const crossing = bet(bob, `${bob.memberId}-3`, '40000');
    const envelope = createEnvelope('bet.settled', crossing.betId, crossing, 'test');
    await platform.bus.publish([
      { topic: 'bets.v1', key: crossing.betId, value: envelope },
      { topic: 'bets.v1', key: crossing.betId, value: envelope },
    ]);
    await publish(crossing);
    await eventually(async () => (await summary(alice)).friends.list[0]?.rewardPaid === true, 'the reward paid', 15_000);
    await publish(crossing, bet(bob, `${bob.memberId}-4`, '90000'));
    await deposit(bob, '500.00');
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const payouts = await payoutRows(bob.memberId);
    expect(payouts.map((payout) => [payout.source, payout.member_id, payout.amount_minor])).toEqual([
      ['referee', bob.memberId, '2000'],
      ['referral', alice.memberId, '5000'],
    ]);
    for (const payout of payouts) {
      expect(payout.paid_at).not.toBeNull();
      expect(await walletPayouts(payout.wallet_key)).toBe(1);
    }
    expect(await balanceMinor(alice)).toBe(aliceBefore + 5_000n);
    const page = await summary(alice);
    expect(page.totals).toEqual({ invited: 1, qualified: 1, earnedMinor: '5000', pendingMinor: '0' });
    expect(page.friends.list[0]).toMatchObject({ status: 'qualified', rewardMinor: '5000', rewardPaid: true, depositMet: true, validBetMet: true });
    // Both see it among what they received, named in their language.
    const received = async (member: Member, language: string) =>
      (await call<{ list: BonusDetail[] }>('GET', '/wps/relay/MCS2_getBonusDetails', { token: member.token, language })).body.value.list.filter((line) => line.source === 'promotion');
    expect(await received(alice, 'EN')).toEqual([expect.objectContaining({ title: `Reward for inviting ${mask(bob.account)}`, kind: 'cash', amountMinor: '5000' })]);
    expect(await received(bob, 'ES')).toEqual([expect.objectContaining({ title: 'Bono de bienvenida por invitación', amountMinor: '2000' })]);
  }, 40_000);

  it('does not pay for a friend whose first deposit is too small or whose days ran out', async () => {
    await runPromotion(TERMS);
    const alice = await register();
    const small = await invite(alice);
    await deposit(small, '50.00');
    await deposit(small, '500.00');
    await publish(bet(small, `${small.memberId}-1`, '200000'));
    const late = await invite(alice);
    await platform.db.orm.execute(sql`UPDATE points.referrals SET registered_at = now() - interval '40 days' WHERE referee_id = ${late.memberId}`);
    await deposit(late, '500.00');
    await publish(bet(late, `${late.memberId}-1`, '200000'));
    await eventually(async () => (await summary(alice)).friends.list.every((friend) => friend.validBetMinor !== '0' || friend.status === 'expired'), 'the bets counted');
    await eventually(async () => (await summary(alice)).friends.list.find((friend) => friend.name === mask(small.account))?.firstDepositMinor === '5000', 'the first deposit');
    const page = await summary(alice);
    // Newest registration first: the late friend's was moved 40 days back. (Masked names of two friends may be alike.)
    const [smallFriend, lateFriend] = page.friends.list;
    expect(smallFriend).toMatchObject({ name: mask(small.account), status: 'pending', depositMet: false, validBetMet: true });
    expect(lateFriend).toMatchObject({ name: mask(late.account), status: 'expired', depositMet: false });
    expect(page.totals.qualified).toBe(0);
    expect([...(await payoutRows(small.memberId)), ...(await payoutRows(late.memberId))]).toEqual([]);
  });

  it('pays a reward the wallet could not pay when it was due, later, with the same key, exactly once', async () => {
    const dave = await register();
    const before = await balanceMinor(dave);
    const promotionId = await runPromotion(TERMS);
    const walletDown = { payLoyalty: () => Promise.reject(new AppError('SERVICE_UNAVAILABLE')), grantBonus: () => Promise.reject(new AppError('SERVICE_UNAVAILABLE')) };
    const deps = { db: platform.db, bus: platform.bus, logger: platform.logger, wakeRelay: () => undefined, wallet: () => walletDown } as unknown as PointsDeps;
    const [id] = await platform.db.transaction((tx) =>
      recordPayouts(tx, [
        {
          merchantCode: 'DEMO',
          memberId: dave.memberId,
          source: 'referral',
          sourceRef: `referee:test-${dave.memberId}`,
          promotionId,
          currency: 'MXN',
          amountMinor: 1_234n,
          terms: null,
          titleKind: 'referral',
          titleParams: { friend: 'te***t' },
        },
      ]),
    );
    // The service stopped or the wallet was down: recorded, not paid.
    await new PromotionPayouts(deps).payDue([id!]);
    const [row] = await rows<{ paid_at: string | null; attempts: number; wallet_key: string }>(
      platform.db.orm,
      sql`SELECT paid_at, attempts, wallet_key FROM points.promotion_payouts WHERE id = ${id}`,
    );
    expect(row).toMatchObject({ paid_at: null, attempts: 1 });
    expect(await balanceMinor(dave)).toBe(before);
    // The running service's timer pays it with the same key.
    await platform.db.orm.execute(sql`UPDATE points.promotion_payouts SET next_attempt_at = now() WHERE id = ${id}`);
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.promotion_payouts WHERE id = ${id} AND paid_at IS NOT NULL`)).length === 1, 'the retry', 10_000);
    expect(await balanceMinor(dave)).toBe(before + 1_234n);
    expect(await walletPayouts(row!.wallet_key)).toBe(1);
  });
});
