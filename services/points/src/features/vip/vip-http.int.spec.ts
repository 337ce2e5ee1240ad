import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, type AnyPush, type BetSettled, type InboxPage, type PushData, type VipLevel, type VipPage, type VipProgramme, type VipState } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually, settledBet } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

interface Member {
  token: string;
  memberId: string;
  /** The `vip` pushes its socket received, in order, with their `v`. */
  pushes: Array<PushData<'vip'> & { v: number }>;
  /** The `vipProgress` pushes, in order, with their `v`. */
  progress: Array<PushData<'vipProgress'> & { v: number }>;
}

const level = (n: number, labelName: string, upgrade: [number, number], keep: [number, number], upgradeBonus: number, monthlyBonus: number, rebateBasisPoints: number): VipLevel => ({
  level: n,
  labelName,
  upgradeDepositMinor: String(upgrade[0]),
  upgradeValidBetMinor: String(upgrade[1]),
  keepDepositMinor: String(keep[0]),
  keepValidBetMinor: String(keep[1]),
  upgradeBonusMinor: String(upgradeBonus),
  monthlyBonusMinor: String(monthlyBonus),
  birthdayBonusMinor: n === 0 ? '0' : String(upgradeBonus),
  rebateBasisPoints,
  withdrawalLimit: `${(n + 1) * 10000} MXN`,
});
/** Deposits and valid bet in MXN minor units (centavos). */
const LEVELS: VipLevel[] = [
  level(0, 'Member', [0, 0], [0, 0], 0, 0, 10),
  level(1, 'Bronze', [10_000, 20_000], [5_000, 10_000], 1_000, 500, 20),
  level(2, 'Silver', [30_000, 60_000], [15_000, 30_000], 2_000, 800, 30),
  level(3, 'Gold', [60_000, 120_000], [30_000, 60_000], 5_000, 1_500, 50),
  level(4, 'Platinum', [100_000, 300_000], [50_000, 150_000], 10_000, 3_000, 80),
];
const TIME_ZONE = 'America/Mexico_City';
const localDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** VIP through the real HTTP API and socket of the embedded platform (PGlite, the in-memory bus, every service). */
describe('VIP through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  const password = 'secreto12';
  const operator = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    call<T>(method, `/operator/v1/merchants/DEMO/vip${url}`, { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const register = async (): Promise<Member> => {
    const username = `vip${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', { body: { username, password, confirmPassword: password, acceptTerms: true } });
    expect(response.status).toBe(200);
    const member: Member = { token: response.body.value.token, memberId: response.body.value.user.id, pushes: [], progress: [] };
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.point_accounts WHERE member_id = ${member.memberId}`)).length === 1, 'the points account');
    await new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'vip') member.pushes.push({ ...push.data, v: push.v });
        if (push.type === 'vipProgress') member.progress.push({ ...push.data, v: push.v });
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return member;
  };
  const page = async (member?: Member) => {
    const response = await call<VipPage>('GET', '/wps/vip', { token: member?.token });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const state = async (member: Member) => (await call<VipState>('GET', '/wps/member/vip', { token: member.token })).body.value;
  const deposit = async (member: Member, amount: string) => {
    const response = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, body: { amount }, key: randomUUID() });
    expect(response.status).toBe(200);
  };
  const bet = (member: Member, betId: string, validBetMinor: string, changes: Partial<BetSettled> = {}): BetSettled =>
    settledBet({ betId, vendor: 'TEST', gameCode: 'slot-1', memberId: member.memberId, validBetMinor, ...changes });
  const publish = (...bets: BetSettled[]) => platform.bus.publish(bets.map((one) => ({ topic: 'bets.v1', key: one.memberId, value: createEnvelope('bet.settled', one.betId, one, 'test') })));
  /** The member's VIP grants (other parts of the programme grant rewards too). */
  const grants = async (member: Member) =>
    rows<{ source: string; source_ref: string; kind: string; amount_minor: string }>(
      platform.db.orm,
      sql`SELECT source, source_ref, kind, amount_minor::text FROM points.reward_grants
          WHERE member_id = ${member.memberId} AND source IN ('vip_upgrade', 'vip_monthly', 'vip_birthday', 'rebate') ORDER BY id`,
    );
  const letters = async (member: Member) =>
    (await call<InboxPage>('GET', '/wps/relay/CSP_messageList', { token: member.token, language: 'EN' })).body.value.list.filter((m) => m.kind === 'vip_upgrade');

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    // The timer's own run of this month's re-evaluation comes first, so only the operator's runs below touch the members.
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.vip_runs WHERE merchant_code = 'DEMO' AND kind = 'review'`)).length === 1, 'the timer’s review', 15_000);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('refuses levels that do not make a ladder and an unknown time zone, changing nothing', async () => {
    await eventually(async () => (await operator<VipProgramme>('GET', '/levels')).body.value.hasVip, 'the demo levels');
    const before = (await operator<VipProgramme>('GET', '/levels')).body.value;
    expect(before.levels.map((l) => l.labelName)).toEqual(['VIP0', 'VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5']);
    const bad: Array<[VipLevel[], string]> = [
      [LEVELS.filter((l) => l.level !== 2), 'a gap'],
      [LEVELS.map((l) => (l.level === 3 ? { ...l, upgradeValidBetMinor: '50000' } : l)), 'a threshold lower than the level below’s'],
      [LEVELS.map((l) => (l.level === 1 ? { ...l, keepDepositMinor: '20000' } : l)), 'keep above upgrade'],
      [LEVELS.map((l) => (l.level === 0 ? { ...l, upgradeBonusMinor: '5' } : l)), 'a bonus at level 0'],
      [LEVELS.slice(1), 'no level 0'],
    ];
    for (const [levels, what] of bad) {
      const refused = await operator('PUT', '/levels', { currency: 'MXN', timeZone: TIME_ZONE, levels });
      expect(refused.status, what).toBe(400);
      expect(refused.body, what).toMatchObject({ code: 'VIP_LEVELS_INVALID' });
    }
    const zone = await operator('PUT', '/levels', { currency: 'MXN', timeZone: 'Mars/Olympus', levels: LEVELS });
    expect(zone.body).toMatchObject({ code: 'VIP_TIME_ZONE_INVALID' });
    const negative = await operator('PUT', '/levels', { currency: 'MXN', timeZone: TIME_ZONE, levels: [{ ...LEVELS[0], rebateBasisPoints: -1 }, LEVELS[1]] });
    expect(negative.status).toBe(400);
    expect((await operator<VipProgramme>('GET', '/levels')).body.value).toEqual(before);

    const saved = await operator<VipProgramme>('PUT', '/levels', { currency: 'MXN', timeZone: TIME_ZONE, levels: LEVELS });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toEqual({ hasVip: true, currency: 'MXN', timeZone: TIME_ZONE, windowDays: 30, levels: LEVELS });
  });

  it('shows guests the levels without a member, and the brand’s hasVip without a level', async () => {
    const guest = await page();
    expect(guest).toMatchObject({ hasVip: true, currency: 'MXN', member: null });
    expect(guest.levels).toEqual(LEVELS);
    const standing = await call<VipState>('GET', '/wps/member/vip');
    expect(standing.status).toBe(200);
    expect(standing.body.value).toEqual({ hasVip: true, vipLabelName: '', vipRankLevel: 0, version: 0 });
  });

  let alice: Member;
  it('upgrades as soon as deposits and valid bet both reach a level, skipping levels, paying each level’s bonus once', async () => {
    alice = await register();
    expect(await state(alice)).toEqual({ hasVip: true, vipLabelName: 'Member', vipRankLevel: 0, version: 0 });
    // Reading the page opens the watch: from now on her progress is pushed.
    expect((await page(alice)).member).toMatchObject({ level: 0, depositMinor: '0' });
    // Deposits alone reach Gold's deposit threshold, but no valid bet yet: no upgrade.
    await deposit(alice, '700.00');
    await eventually(async () => (await page(alice)).member?.depositMinor === '70000', 'the deposit counted');
    expect((await state(alice)).vipRankLevel).toBe(0);
    // The progress bars move by push: the deposit's sums, then the bets', each newer than the last.
    await eventually(() => alice.progress.some((push) => push.depositMinor === '70000'), 'the progress push of the deposit');
    expect(alice.progress.at(-1)).toMatchObject({ level: 0, depositMinor: '70000', validBetMinor: '0' });

    await publish(bet(alice, `a1-${alice.memberId}`, '80000'), bet(alice, `a2-${alice.memberId}`, '50000'));
    await eventually(async () => (await state(alice)).vipRankLevel === 3, 'the upgrade to Gold');
    expect(await state(alice)).toEqual({ hasVip: true, vipLabelName: 'Gold', vipRankLevel: 3, version: 1 });
    await eventually(() => alice.pushes.length === 1, 'the vip push');
    await eventually(() => alice.progress.at(-1)?.validBetMinor === '130000', 'the progress push of the bets');
    expect(alice.progress.at(-1)).toMatchObject({ depositMinor: '70000', validBetMinor: '130000' });
    expect(alice.progress.every((push, index) => index === 0 || push.v > alice.progress[index - 1]!.v)).toBe(true);
    expect(alice.pushes[0]).toEqual({ v: 1, hasVip: true, vipLabelName: 'Gold', vipRankLevel: 3, fromLevel: 0, reason: 'upgrade' });
    expect(await grants(alice)).toEqual([1, 2, 3].map((n) => ({ source: 'vip_upgrade', source_ref: `${alice.memberId}:${n}`, kind: 'bonus', amount_minor: LEVELS[n]!.upgradeBonusMinor })));

    const mine = (await page(alice)).member!;
    expect(mine).toMatchObject({
      level: 3,
      labelName: 'Gold',
      depositMinor: '70000',
      validBetMinor: '130000',
      next: { level: 4, labelName: 'Platinum', depositMinor: '100000', validBetMinor: '300000' },
      keep: { depositMinor: '30000', validBetMinor: '60000' },
      reviewedMonth: null,
    });
    expect(mine.windowStart <= localDay(new Date())).toBe(true);
    expect(mine.bonuses.map((b) => [b.source, b.amountMinor, b.status])).toEqual([
      ['vip_upgrade', '5000', 'available'],
      ['vip_upgrade', '2000', 'available'],
      ['vip_upgrade', '1000', 'available'],
    ]);

    // The inbox leaves one letter for the upgrade, in the reader's language.
    await eventually(async () => (await letters(alice)).length === 1, 'the upgrade letter');
    expect((await letters(alice))[0]).toMatchObject({ title: 'You reached Gold!' });
    const [member] = await rows<{ vip_level: number }>(platform.db.orm, sql`SELECT vip_level FROM notices.inbox_members WHERE member_id = ${alice.memberId}`);
    expect(member?.vip_level).toBe(3);
  });

  it('pushes progress only to members whose VIP page is open', async () => {
    const zed = await register();
    await deposit(zed, '50.00');
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.vip_daily WHERE member_id = ${zed.memberId} AND deposit_minor = 5000`)).length === 1, 'the deposit counted');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(zed.progress).toEqual([]);
    // Once the page was read, the next deposit's sums are pushed.
    await page(zed);
    await deposit(zed, '25.00');
    await eventually(() => zed.progress.at(-1)?.depositMinor === '7500', 'the progress push');
  });

  it('counts a replayed bet once and a correction or cancellation by its highest revision, never lowering the level', async () => {
    const first = bet(alice, `a1-${alice.memberId}`, '80000');
    // The same bets again under new message ids, and an older revision after a newer one.
    await publish(first, bet(alice, `a2-${alice.memberId}`, '50000'));
    await publish(bet(alice, first.betId, '30000', { revision: 2 }), bet(alice, first.betId, '99999', { revision: 1 }));
    await eventually(async () => (await page(alice)).member?.validBetMinor === '80000', 'the correction counted');
    await publish(bet(alice, first.betId, '0', { revision: 3, state: 'cancelled' }));
    await eventually(async () => (await page(alice)).member?.validBetMinor === '50000', 'the cancellation counted');
    // More deposits make the batch look at the level again: still Gold, no new bonus, no new push.
    await deposit(alice, '10.00');
    await eventually(async () => (await page(alice)).member?.depositMinor === '71000', 'the second deposit counted');
    expect(await state(alice)).toMatchObject({ vipRankLevel: 3, version: 1 });
    expect((await grants(alice)).length).toBe(3);
    expect(alice.pushes.length).toBe(1);
  });

  it('re-evaluates monthly: down one level when the keep thresholds are missed, kept when met, once per month', async () => {
    const bob = await register();
    const carol = await register();
    // Bob is put at Gold by hand with nothing behind it; Carol at Silver with more than Silver's keep thresholds.
    const put = await operator<{ level: number }>('PUT', `/members/${bob.memberId}`, { level: 3 });
    expect(put.status).toBe(200);
    expect(put.body.value).toMatchObject({ level: 3, labelName: 'Gold', memberId: bob.memberId });
    expect((await operator('PUT', `/members/${carol.memberId}`, { level: 2 })).status).toBe(200);
    await deposit(carol, '200.00');
    await publish(bet(carol, `c1-${carol.memberId}`, '40000'));
    await eventually(async () => (await page(carol)).member?.validBetMinor === '40000' && (await page(carol)).member?.depositMinor === '20000', 'Carol’s activity counted');
    expect((await state(carol)).vipRankLevel).toBe(2);
    await eventually(() => bob.pushes.length === 1, 'Bob’s push');
    expect(bob.pushes[0]).toMatchObject({ vipRankLevel: 3, fromLevel: 0, reason: 'operator' });
    // Put by hand: no upgrade bonus.
    expect(await grants(bob)).toEqual([]);

    const month = localDay(new Date()).slice(0, 7);
    const run = await operator<{ month: string; reviewed: number; downgraded: number }>('POST', '/review', {});
    expect(run.status).toBe(200);
    expect(run.body.value.month).toBe(month);
    expect(await state(bob)).toMatchObject({ vipLabelName: 'Silver', vipRankLevel: 2 });
    expect(await state(carol)).toMatchObject({ vipLabelName: 'Silver', vipRankLevel: 2 });
    // Alice's valid bet (500.00) is below Gold's keep (600.00): down one level, to Silver.
    expect(await state(alice)).toMatchObject({ vipRankLevel: 2 });
    await eventually(() => bob.pushes.length === 2, 'Bob’s downgrade push');
    expect(bob.pushes[1]).toMatchObject({ vipRankLevel: 2, fromLevel: 3, reason: 'review' });
    // Each gets the monthly bonus of the level it holds after the re-evaluation.
    for (const member of [bob, carol, alice]) {
      expect((await grants(member)).filter((g) => g.source === 'vip_monthly')).toEqual([{ source: 'vip_monthly', source_ref: `${member.memberId}:${month}`, kind: 'bonus', amount_minor: '800' }]);
    }

    // Run again this month: nobody goes down a second level, no second monthly bonus.
    const again = await operator<{ reviewed: number; downgraded: number; monthlyBonuses: number }>('POST', '/review', {});
    expect(again.body.value).toMatchObject({ reviewed: 0, downgraded: 0, monthlyBonuses: 0 });
    expect((await state(bob)).vipRankLevel).toBe(2);
    expect((await operator<{ reviewedMonth: string }>('GET', `/members/${bob.memberId}`)).body.value.reviewedMonth).toBe(month);
    // Back up to Gold later: the level's upgrade bonus was paid once ever (Alice), so none again.
    await publish(bet(alice, `a3-${alice.memberId}`, '70000'));
    await eventually(async () => (await state(alice)).vipRankLevel === 3, 'Alice back at Gold');
    expect((await grants(alice)).filter((g) => g.source === 'vip_upgrade').length).toBe(3);
  });

  it('grants the daily rebate of a finished day at the level’s rate, once, and refuses a day not over', async () => {
    const dave = await register();
    expect((await operator('PUT', `/members/${dave.memberId}`, { level: 2 })).status).toBe(200);
    const yesterday = new Date(Date.now() - 86_400_000);
    await publish(bet(dave, `d1-${dave.memberId}`, '100001', { settledAt: yesterday.toISOString() }));
    await eventually(async () => (await page(dave)).member?.validBetMinor === '100001', 'yesterday’s bet counted');

    const open = await operator('POST', '/rebate', { day: localDay(new Date()) });
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({ code: 'VIP_REBATE_DAY_OPEN' });
    const day = localDay(yesterday);
    const paid = await operator<{ day: string; granted: number; totalMinor: string }>('POST', '/rebate', { day });
    expect(paid.status).toBe(200);
    expect(paid.body.value).toMatchObject({ day });
    // Silver's 30 basis points of 1,000.01, rounded down.
    expect((await grants(dave)).filter((g) => g.source === 'rebate')).toEqual([{ source: 'rebate', source_ref: `vip:${dave.memberId}:${day}`, kind: 'cash', amount_minor: '300' }]);
    const again = await operator<{ granted: number }>('POST', '/rebate', { day });
    expect(again.body.value.granted).toBe(0);
    expect((await grants(dave)).filter((g) => g.source === 'rebate').length).toBe(1);
  });

  it('answers the operator’s refusals by the catalogue', async () => {
    expect((await operator('GET', '/members/999999999')).body).toMatchObject({ code: 'VIP_MEMBER_NOT_FOUND' });
    expect((await operator('PUT', `/members/${alice.memberId}`, { level: 7 })).body).toMatchObject({ code: 'VIP_LEVEL_NOT_FOUND' });
    expect((await operator('PUT', `/members/${alice.memberId}`, { level: 10 })).status).toBe(400);
    expect((await operator('GET', '/members/abc')).status).toBe(404);
  });

  it('takes a birthday once, and grants the level’s birthday bonus on the day, once a year, from 30 days after saving', async () => {
    const erin = await register();
    const frank = await register();
    await operator('PUT', `/members/${erin.memberId}`, { level: 2 });
    const today = localDay(new Date());
    const birthday = `1990-${today.slice(5)}`;
    const save = (member: Member, day: unknown) => call<{ birthday: string; birthdayBonusFrom: string }>('PUT', '/wps/vip/birthday', { token: member.token, body: { birthday: day } });

    // Not a day, a day to come, a child's: refused in the catalogue's words, nothing saved.
    expect((await save(erin, '1990-02-30')).body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'birthday' });
    expect((await save(erin, `${Number(today.slice(0, 4)) + 1}-01-01`)).body).toMatchObject({ code: 'VIP_BIRTHDAY_INVALID', field: 'birthday' });
    expect((await save(erin, `${Number(today.slice(0, 4)) - 10}-01-01`)).body).toMatchObject({ code: 'VIP_BIRTHDAY_INVALID' });
    expect((await page(erin)).member).toMatchObject({ birthday: null, birthdayBonusFrom: null });

    const saved = await save(erin, birthday);
    expect(saved.status).toBe(200);
    const dueFrom = new Date(`${today}T00:00:00Z`);
    dueFrom.setUTCDate(dueFrom.getUTCDate() + 30);
    expect(saved.body.value).toEqual({ birthday, birthdayBonusFrom: dueFrom.toISOString().slice(0, 10) });
    // Once: a second birthday (even the same) is refused, and the first stays.
    expect((await save(erin, '1985-05-05')).body).toMatchObject({ code: 'VIP_BIRTHDAY_ALREADY_SET' });
    expect((await page(erin)).member).toMatchObject({ birthday, birthdayBonusFrom: saved.body.value.birthdayBonusFrom });
    expect((await save(frank, birthday)).status).toBe(200);

    // Saved today, the birthday brings nothing today.
    const run = () => operator<{ day: string; granted: number; totalMinor: string }>('POST', '/birthdays', {});
    expect((await run()).body.value).toMatchObject({ day: today, granted: 0 });
    // Saved long ago: today's run pays erin (VIP level 2) her level's bonus, and frank (level 0) nothing; once a year.
    await platform.db.orm.execute(sql`UPDATE points.vip_birthdays SET bonus_from = ${today}::date - 365 WHERE member_id IN (${erin.memberId}, ${frank.memberId})`);
    expect((await run()).body.value).toEqual({ day: today, granted: 1, totalMinor: LEVELS[2]!.birthdayBonusMinor });
    expect((await run()).body.value).toMatchObject({ granted: 0 });
    expect((await grants(erin)).filter((grant) => grant.source === 'vip_birthday')).toEqual([
      { source: 'vip_birthday', source_ref: `${erin.memberId}:${today.slice(0, 4)}`, kind: 'bonus', amount_minor: LEVELS[2]!.birthdayBonusMinor },
    ]);
    expect(await grants(frank)).toEqual([]);
    expect((await operator('POST', '/birthdays', { day: '2999-01-01' })).status).toBe(400);
  });

  it('turns VIP off with no levels: no VIP for anyone, and nothing to run', async () => {
    expect((await operator('PUT', '/levels', { currency: 'MXN', timeZone: TIME_ZONE, levels: [] })).status).toBe(200);
    expect(await state(alice)).toEqual({ hasVip: false, vipLabelName: '', vipRankLevel: 0, version: 0 });
    expect(await page(alice)).toMatchObject({ hasVip: false, levels: [], member: null });
    expect((await operator('POST', '/review', {})).body).toMatchObject({ code: 'VIP_NOT_ENABLED' });
  });
});
