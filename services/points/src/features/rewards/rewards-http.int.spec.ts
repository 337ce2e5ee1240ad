import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, type AnyPush, type BonusDetail, type Reward, type RewardCount } from '@wps/contracts';
import { AppError, Outbox, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import type { PointsDeps } from '../module.js';
import { grantRewards, pushRewardCounts, type RewardGrant } from './grants.js';
import { RewardClaims } from './claims.js';
import { titled } from './titles.js';
import { OTHER_LANGUAGE_TITLES } from './title-languages.js';
import { localDay } from '../vip/rules.js';

interface Member {
  token: string;
  memberId: string;
  pushes: RewardCount[];
  /** The points balances its `points` pushes carried. */
  points: string[];
}
type BonusPage = { list: BonusDetail[]; total: number; totalPages: number; pageNo: number; totals: { money: Array<{ currency: string; amountMinor: string }>; points: string } };

/** The reward centre through the real HTTP API and socket of the embedded platform. */
describe('the reward centre through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  let ipCounter = 1;
  const outbox = new Outbox('points', 'points');

  const register = async (): Promise<Member> => {
    const username = `rew${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
      headers: { 'x-forwarded-for': `203.0.113.${ipCounter++}` },
    });
    expect(response.status).toBe(200);
    const member: Member = { token: response.body.value.token, memberId: response.body.value.user.id, pushes: [], points: [] };
    await new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'points') member.points.push(push.data.points);
        if (push.type === 'rewards') {
          expect(push.v).toBe(push.data.version);
          member.pushes.push(push.data);
        }
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return member;
  };
  /** What another part of the service does when it grants: grant, then push the counts, in one transaction. */
  const grant = async (member: Member, grants: Array<Partial<RewardGrant> & Pick<RewardGrant, 'sourceRef' | 'kind'>>) => {
    await platform.db.transaction(async (tx) =>
      pushRewardCounts(
        { outbox },
        tx,
        await grantRewards(
          tx,
          grants.map((one) => ({ merchantCode: 'DEMO', memberId: member.memberId, source: 'mission', title: `Reward ${one.sourceRef}`, currency: 'MXN', ...one })),
        ),
      ),
    );
  };
  const list = async (member: Member) => (await call<{ list: Reward[]; count: number; version: number }>('GET', '/wps/relay/MCS2_getRewardCenter', { token: member.token })).body.value;
  const count = async (member: Member) => (await call<RewardCount>('GET', '/wps/relay/MCS2_getRewardCount', { token: member.token })).body.value;
  const claim = (member: Member, grantId: string) => call<{ reward: Reward; count: number; version: number }>('POST', '/wps/relay/MCS2_claimReward', { token: member.token, body: { grantId } });
  const details = async (member: Member, query = '') => (await call<BonusPage>('GET', `/wps/relay/MCS2_getBonusDetails${query}`, { token: member.token })).body.value;
  const balanceMinor = async (member: Member) => {
    const response = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token: member.token });
    return BigInt(Math.round(Number(response.body.value.balance) * 100));
  };
  const points = async (member: Member) =>
    BigInt((await rows<{ points: string }>(platform.db.orm, sql`SELECT points::text AS points FROM points.point_accounts WHERE member_id = ${member.memberId}`))[0]?.points ?? '0');
  const idOf = async (member: Member, sourceRef: string) => (await list(member)).list.find((reward) => reward.title === `Reward ${sourceRef}`)!.id;
  const payouts = async (key: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.loyalty_payouts WHERE key = ${key}`))[0]!.n;

  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    alice = await register();
    bob = await register();
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  /** Other parts grant rewards of their own (a sign-in mission): the test looks at its own, named "Reward …". */
  const mine = (rewards: readonly Reward[]) => rewards.filter((reward) => reward.title.startsWith('Reward '));

  it('lists grants available first and pushes the count when another part grants', async () => {
    const before = await count(alice);
    await grant(alice, [
      { sourceRef: 'cash', kind: 'cash', amountMinor: 2_500n },
      { sourceRef: 'points', kind: 'points', points: 300n, source: 'vip_monthly' },
      { sourceRef: 'soon', kind: 'bonus', amountMinor: 100n, expiresAt: new Date(Date.now() + 3_600_000) },
      { sourceRef: 'gone', kind: 'bonus', amountMinor: 100n, expiresAt: new Date(Date.now() - 1_000) },
    ]);
    // Granting the same causes again grants nothing more.
    await grant(alice, [{ sourceRef: 'cash', kind: 'cash', amountMinor: 2_500n }]);
    const after = await count(alice);
    expect(after.count).toBe(before.count + 3);
    expect(after.version).toBeGreaterThan(before.version);
    // A later push (the expiry sweep) may follow; the count stays the same.
    await eventually(() => (alice.pushes.at(-1)?.version ?? 0) >= after.version, 'the rewards push');
    expect(alice.pushes.at(-1)!.count).toBe(after.count);
    const centre = await list(alice);
    expect(centre.count).toBe(after.count);
    expect(centre.list.filter((reward) => reward.status === 'available')).toHaveLength(after.count);
    const statuses = centre.list.map((reward) => reward.status === 'available');
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(b) - Number(a)));
    expect(mine(centre.list).map((reward) => [reward.title, reward.status])).toEqual([
      ['Reward soon', 'available'],
      ['Reward points', 'available'],
      ['Reward cash', 'available'],
      ['Reward gone', 'expired'],
    ]);
    expect(mine(centre.list)[1]).toMatchObject({ kind: 'points', points: '300', amountMinor: '0', source: 'vip_monthly', expiresAt: null, paid: false });
    expect((await call('GET', '/wps/relay/MCS2_getRewardCenter')).status).toBe(401);
  });

  it('claims money and points once: two tabs at once pay once, a replay is refused, expired and foreign grants are refused', async () => {
    const cashId = await idOf(alice, 'cash');
    const before = await balanceMinor(alice);
    const countBefore = (await count(alice)).count;
    const tabs = await Promise.all([claim(alice, cashId), claim(alice, cashId)]);
    expect(tabs.map((response) => response.status).sort()).toEqual([200, 409]);
    const won = tabs.find((response) => response.status === 200)!.body.value;
    expect(won).toMatchObject({ reward: { id: cashId, status: 'claimed', paid: true }, count: countBefore - 1 });
    expect(tabs.find((response) => response.status === 409)!.body).toMatchObject({ code: 'REWARD_ALREADY_CLAIMED', message: 'This reward has already been claimed' });
    expect(await balanceMinor(alice)).toBe(before + 2_500n);
    expect(await payouts(`grant:${cashId}`)).toBe(1);
    const replay = await claim(alice, cashId);
    expect(replay.status).toBe(409);
    expect(await balanceMinor(alice)).toBe(before + 2_500n);
    await eventually(() => (alice.pushes.at(-1)?.version ?? 0) >= won.version, 'the count after the claim');
    expect(alice.pushes.at(-1)?.count).toBe(countBefore - 1);

    const pointsBefore = await points(alice);
    const pointsClaim = await claim(alice, await idOf(alice, 'points'));
    expect(pointsClaim.body.value).toMatchObject({ reward: { status: 'claimed', paid: true }, count: countBefore - 2 });
    expect(await points(alice)).toBe(pointsBefore + 300n);
    await eventually(() => alice.points.at(-1) === (pointsBefore + 300n).toString(), 'the points push');

    const expired = await claim(alice, await idOf(alice, 'gone'));
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ code: 'REWARD_EXPIRED' });
    const foreign = await claim(bob, await idOf(alice, 'soon'));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'REWARD_NOT_FOUND' });
    expect((await claim(alice, '999999999')).body).toMatchObject({ code: 'REWARD_NOT_FOUND' });
    expect((await call('POST', '/wps/relay/MCS2_claimReward', { token: alice.token, body: { grantId: 'abc' } })).status).toBe(400);
    expect(await count(alice)).toMatchObject({ count: countBefore - 2 });
  });

  it('claims all that can be claimed, and shows what was received in bonusDetails, paged and by date', async () => {
    await grant(alice, [
      { sourceRef: 'all-1', kind: 'cash', amountMinor: 1_000n },
      { sourceRef: 'all-2', kind: 'points', points: 50n },
    ]);
    const before = await balanceMinor(alice);
    const all = await call<{ claimed: Reward[]; count: number }>('POST', '/wps/relay/MCS2_claimAllRewards', { token: alice.token, body: {} });
    expect(all.status).toBe(200);
    expect(all.body.value.count).toBe(0);
    expect(
      mine(all.body.value.claimed)
        .map((reward) => reward.title)
        .sort(),
    ).toEqual(['Reward all-1', 'Reward all-2', 'Reward soon']);
    expect(all.body.value.claimed.every((reward) => reward.status === 'claimed' && reward.paid)).toBe(true);
    const money = all.body.value.claimed.filter((reward) => reward.kind !== 'points').reduce((sum, reward) => sum + BigInt(reward.amountMinor), 0n);
    expect(money).toBeGreaterThanOrEqual(1_100n);
    expect(await balanceMinor(alice)).toBe(before + money);
    await eventually(() => alice.pushes.at(-1)?.count === 0, 'the count after claim all');
    const again = await call<{ claimed: Reward[] }>('POST', '/wps/relay/MCS2_claimAllRewards', { token: alice.token, body: {} });
    expect(mine(again.body.value.claimed)).toEqual([]);

    const received = await details(alice, '?pageSize=100');
    expect(received.total).toBe(received.list.length);
    expect(
      received.list
        .filter((line) => line.title.startsWith('Reward '))
        .map((line) => line.title)
        .sort(),
    ).toEqual(['Reward all-1', 'Reward all-2', 'Reward cash', 'Reward points', 'Reward soon']);
    const moneyTotal = received.list.filter((line) => line.kind !== 'points').reduce((sum, line) => sum + BigInt(line.amountMinor), 0n);
    const pointsTotal = received.list.reduce((sum, line) => sum + BigInt(line.points), 0n);
    expect(received.totals).toEqual({ money: [{ currency: 'MXN', amountMinor: moneyTotal.toString() }], points: pointsTotal.toString() });
    const receivedAt = received.list.map((line) => line.receivedAt);
    expect(receivedAt).toEqual([...receivedAt].sort().reverse());
    const page = await details(alice, '?pageNo=2&pageSize=2');
    expect(page).toMatchObject({ pageNo: 2, total: received.total, totalPages: Math.ceil(received.total / 2) });
    expect(page.list).toEqual(received.list.slice(2, 4));
    // Dates are the brand's (the demo brand keeps Mexico City time), not UTC's.
    const today = localDay(new Date(), 'America/Mexico_City');
    expect((await details(alice, `?from=${today}&to=${today}`)).total).toBe(received.total);
    expect((await details(alice, '?from=2020-01-01&to=2020-01-31')).total).toBe(0);
    expect((await call('GET', '/wps/relay/MCS2_getBonusDetails?from=2024-02-10&to=2024-02-01', { token: alice.token })).status).toBe(400);
    expect((await details(bob)).list.filter((line) => line.title.startsWith('Reward '))).toEqual([]);
  });

  it('pays a claim the wallet could not pay at once, later, with the same key, exactly once', async () => {
    await grant(bob, [{ sourceRef: 'retry', kind: 'bonus', amountMinor: 4_200n }]);
    const grantId = await idOf(bob, 'retry');
    const before = await balanceMinor(bob);
    // The claim as the service makes it while the wallet is down: recorded as claimed, not paid.
    const walletDown = { payLoyalty: () => Promise.reject(new AppError('SERVICE_UNAVAILABLE')) };
    const deps = { db: platform.db, bus: platform.bus, logger: platform.logger, outbox, wakeRelay: () => undefined, wallet: () => walletDown } as unknown as PointsDeps;
    const answer = await new RewardClaims(deps).claim({ memberId: bob.memberId, merchantCode: 'DEMO', grantId });
    expect(answer.reward).toMatchObject({ status: 'claimed', paid: false });
    expect((await claim(bob, grantId)).body).toMatchObject({ code: 'REWARD_ALREADY_CLAIMED' });
    expect(await balanceMinor(bob)).toBe(before);
    // The running service's timer pays it.
    await eventually(async () => (await list(bob)).list.find((reward) => reward.id === grantId)?.paid === true, 'the retry to pay', 40_000);
    expect(await balanceMinor(bob)).toBe(before + 4_200n);
    expect(await payouts(`grant:${grantId}`)).toBe(1);
    expect((await details(bob)).list).toContainEqual(expect.objectContaining({ id: grantId, amountMinor: '4200' }));
  }, 60_000);

  it('writes the names the platform gives rewards in the reader’s language; a name an operator wrote stays as written', async () => {
    const carol = await register();
    await grant(carol, [
      { sourceRef: `${carol.memberId}:3`, source: 'vip_upgrade', kind: 'bonus', amountMinor: 1_000n, ...titled('vip_upgrade', { label: 'Gold' }) },
      { sourceRef: 'week:1', source: 'leaderboard', kind: 'cash', amountMinor: 2_000n, ...titled('leaderboard', { rank: '1', week: '2026-11-23' }) },
      { sourceRef: 'mission:es-only', kind: 'points', points: 10n, ...titled('mission', { ES: 'Gira 20 veces', EN: '' }) },
      { sourceRef: 'envelope', source: 'envelope', kind: 'bonus', amountMinor: 300n, title: 'Sobre rojo de la tarde' },
    ]);
    const names = async (language: string) =>
      (await call<{ list: Reward[] }>('GET', '/wps/relay/MCS2_getRewardCenter', { token: carol.token, language })).body.value.list
        .map((reward) => `${reward.source}: ${reward.title}`)
        .filter((name) => !name.startsWith('mission: ') || name.includes('20'))
        .sort();
    expect(await names('EN')).toEqual(['envelope: Sobre rojo de la tarde', 'leaderboard: Mission leaderboard: rank 1 (2026-11-23)', 'mission: Gira 20 veces', 'vip_upgrade: Gold upgrade bonus']);
    expect(await names('ES')).toEqual([
      'envelope: Sobre rojo de la tarde',
      'leaderboard: Clasificación de misiones: puesto 1 (2026-11-23)',
      'mission: Gira 20 veces',
      'vip_upgrade: Bono de ascenso Gold',
    ]);
    // Every other interface language has the platform's names too; an operator's name missing in it reads in Spanish.
    const french = await names('FR');
    expect(french).toContain(`vip_upgrade: ${OTHER_LANGUAGE_TITLES.FR.vip_upgrade({ label: 'Gold' })}`);
    expect(french).toContain(`leaderboard: ${OTHER_LANGUAGE_TITLES.FR.leaderboard({ rank: '1', week: '2026-11-23' })}`);
    expect(french).toContain('mission: Gira 20 veces');
    expect(french.join('\n')).not.toContain('Gold upgrade bonus');
    expect(french.join('\n')).not.toContain('Bono de ascenso');
    expect(await names('JA')).toContain(`vip_upgrade: ${OTHER_LANGUAGE_TITLES.JA.vip_upgrade({ label: 'Gold' })}`);
    // What was received reads the same way, and the claim's answer too.
    const upgrade = (await list(carol)).list.find((reward) => reward.source === 'vip_upgrade')!;
    const claimed = await call<{ reward: Reward }>('POST', '/wps/relay/MCS2_claimReward', { token: carol.token, body: { grantId: upgrade.id }, language: 'EN' });
    expect(claimed.body.value.reward.title).toBe('Gold upgrade bonus');
    const received = await call<BonusPage>('GET', '/wps/relay/MCS2_getBonusDetails', { token: carol.token, language: 'EN' });
    expect(received.body.value.list.find((line) => line.source === 'vip_upgrade')?.title).toBe('Gold upgrade bonus');
    const receivedInArabic = await call<BonusPage>('GET', '/wps/relay/MCS2_getBonusDetails', { token: carol.token, language: 'AR' });
    expect(receivedInArabic.body.value.list.find((line) => line.source === 'vip_upgrade')?.title).toBe(OTHER_LANGUAGE_TITLES.AR.vip_upgrade({ label: 'Gold' }));
  });
});
