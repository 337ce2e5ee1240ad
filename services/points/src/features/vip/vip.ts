import { AppError, type Executor } from '@wps/platform';
import {
  VIP_BIRTHDAY_MIN_AGE,
  VIP_BIRTHDAY_NOTICE_DAYS,
  VIP_WINDOW_DAYS,
  type VipMemberProgress,
  type VipPage,
  type VipProgramme,
  type VipState,
  type VipLevel,
  type InterfaceLanguage,
} from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { sendPush, sendPushes } from '../pushes.js';
import { grantRewards, pushRewardCounts, type RewardGrant } from '../rewards/grants.js';
import { titled } from '../rewards/titles.js';
import { closeRebateDays } from '../rebate/store.js';
import { dailyRest } from '../rebate/split.js';
import {
  addDays,
  birthdayAccepted,
  birthdaysOn,
  checkLevels,
  fromLevel,
  isTimeZone,
  levelAfterActivity,
  levelAfterReview,
  levelsPassed,
  localDay,
  monthOf,
  toLevel,
  windowStart,
  type Level,
} from './rules.js';
import {
  BETS_KEPT_DAYS,
  birthdaysOfDay,
  claimRun,
  forgetOldBets,
  hasVip,
  isMemberOf,
  loadProgrammes,
  lockForReview,
  lockStandings,
  markReviewed,
  readBirthday,
  readStanding,
  saveBirthday,
  saveLevels,
  saveProgramme,
  validBetOfDay,
  vipBonuses,
  watchProgress,
  type LevelChange,
  type MemberStanding,
  type Programme,
} from './store.js';

type Reason = 'upgrade' | 'review' | 'operator';

/**
 * VIP: levels per brand, upgrades as deposits and valid bet cross the thresholds, the monthly re-evaluation, the
 * daily rebate, and what members and operators read of it.
 */
export class Vip {
  constructor(
    private readonly deps: PointsDeps,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // ---- events ----

  /** Members whose deposits or valid bet grew: each goes up to the highest level both its sums reach now. */
  async upgrade(tx: Executor, members: ReadonlyArray<{ memberId: string; merchantCode: string }>): Promise<void> {
    if (members.length === 0) return;
    const programmes = await loadProgrammes(tx, [...new Set(members.map((member) => member.merchantCode))]);
    const inProgramme = members.filter((member) => hasVip(programmes.get(member.merchantCode)));
    const standings = await lockStandings(tx, inProgramme);
    const changes: LevelChange[] = [];
    for (const standing of standings) {
      const programme = programmes.get(standing.merchantCode)!;
      const to = levelAfterActivity(programme.levels, standing.level, standing.sums);
      if (to > standing.level) changes.push({ memberId: standing.memberId, merchantCode: standing.merchantCode, from: standing.level, to });
    }
    const levelNow = new Map(changes.map((change) => [change.memberId, change.to]));
    // The progress bars of each member the batch moved whose VIP page is open, once per member and batch.
    const progressAt = this.clock().getTime() * 1_000;
    await sendPushes(
      this.deps.outbox,
      tx,
      standings
        .filter((standing) => standing.watchingProgress)
        .map((standing) => ({
          target: { merchantCode: standing.merchantCode, memberId: standing.memberId },
          push: {
            v: progressAt,
            type: 'vipProgress' as const,
            data: { level: levelNow.get(standing.memberId) ?? standing.level, depositMinor: standing.sums.deposit.toString(), validBetMinor: standing.sums.validBet.toString() },
          },
        })),
    );
    if (changes.length === 0) return;
    // Each level passed pays its upgrade bonus, once per member and level ever (a member back at a level it held gets none).
    const grants: RewardGrant[] = changes.flatMap((change) => {
      const programme = programmes.get(change.merchantCode)!;
      return levelsPassed(change.from, change.to).flatMap((reached) => {
        const level = programme.levels[reached]!;
        return level.upgradeBonus > 0n
          ? [this.grant(programme, change.memberId, 'vip_upgrade', `${change.memberId}:${reached}`, titled('vip_upgrade', { label: level.labelName }), level.upgradeBonus)]
          : [];
      });
    });
    await this.applyChanges(tx, programmes, changes, 'upgrade', 'system:vip');
    await pushRewardCounts(this.deps, tx, await grantRewards(tx, grants));
  }

  // ---- members ----

  async state(input: { merchantCode: string; memberId?: string }): Promise<VipState> {
    const programme = (await loadProgrammes(this.deps.db.orm, [input.merchantCode])).get(input.merchantCode);
    if (!hasVip(programme)) return { hasVip: false, vipLabelName: '', vipRankLevel: 0, version: 0 };
    if (!input.memberId) return { hasVip: true, vipLabelName: '', vipRankLevel: 0, version: 0 };
    const standing = await readStanding(this.deps.db.orm, input.merchantCode, input.memberId);
    const level = Math.min(standing.level, programme.levels.length - 1);
    return { hasVip: true, vipLabelName: programme.levels[level]!.labelName, vipRankLevel: level, version: standing.version };
  }

  async page(input: { merchantCode: string; memberId?: string; language?: InterfaceLanguage }): Promise<VipPage> {
    const programme = (await loadProgrammes(this.deps.db.orm, [input.merchantCode])).get(input.merchantCode);
    const shown = programmeView(programme);
    if (!hasVip(programme) || !input.memberId) return { ...shown, member: null };
    // The member is looking at its progress: keep it pushed live while the page is likely open.
    await watchProgress(this.deps.db.orm, programme.merchantCode, input.memberId);
    return { ...shown, member: await this.progress(programme, input.memberId, input.language) };
  }

  private async progress(programme: Programme, memberId: string, language?: InterfaceLanguage): Promise<VipMemberProgress> {
    const [standing, birthday] = await Promise.all([readStanding(this.deps.db.orm, programme.merchantCode, memberId), readBirthday(this.deps.db.orm, memberId)]);
    const level = Math.min(standing.level, programme.levels.length - 1);
    const held = programme.levels[level]!;
    const next = programme.levels[level + 1];
    return {
      level,
      labelName: held.labelName,
      version: standing.version,
      windowStart: windowStart(localDay(this.clock(), programme.timeZone)),
      depositMinor: standing.sums.deposit.toString(),
      validBetMinor: standing.sums.validBet.toString(),
      next: next ? { level: next.level, labelName: next.labelName, depositMinor: next.upgradeDeposit.toString(), validBetMinor: next.upgradeValidBet.toString() } : null,
      keep: level > 0 ? { depositMinor: held.keepDeposit.toString(), validBetMinor: held.keepValidBet.toString() } : null,
      reviewedMonth: standing.reviewedMonth,
      bonuses: await vipBonuses(this.deps.db.orm, programme.merchantCode, memberId, language),
      birthday: birthday?.birthday ?? null,
      birthdayBonusFrom: birthday?.bonusFrom ?? null,
    };
  }

  /**
   * The member saves its birthday, once: a real day, old enough. Its level's birthday bonus comes on the birthday from
   * VIP_BIRTHDAY_NOTICE_DAYS after saving, so a birthday cannot be typed in on the day for an instant bonus.
   */
  async setBirthday(input: { merchantCode: string; memberId: string; birthday: string }): Promise<{ birthday: string; birthdayBonusFrom: string }> {
    const programme = await this.requireProgramme(input.merchantCode);
    const today = localDay(this.clock(), programme.timeZone);
    if (!birthdayAccepted(input.birthday, today, VIP_BIRTHDAY_MIN_AGE)) throw new AppError('VIP_BIRTHDAY_INVALID', { field: 'birthday' });
    const bonusFrom = addDays(today, VIP_BIRTHDAY_NOTICE_DAYS);
    const saved = await this.deps.db.transaction((tx) => saveBirthday(tx, { memberId: input.memberId, merchantCode: input.merchantCode, birthday: input.birthday, bonusFrom }));
    if (!saved) throw new AppError('VIP_BIRTHDAY_ALREADY_SET', { field: 'birthday' });
    return { birthday: input.birthday, birthdayBonusFrom: bonusFrom };
  }

  // ---- operators ----

  async levels(input: { merchantCode: string }): Promise<VipProgramme> {
    return programmeView((await loadProgrammes(this.deps.db.orm, [input.merchantCode])).get(input.merchantCode));
  }

  async replaceLevels(input: { merchantCode: string; currency: string; timeZone: string; levels: VipLevel[]; operator: string }): Promise<VipProgramme> {
    if (!isTimeZone(input.timeZone)) throw new AppError('VIP_TIME_ZONE_INVALID', { field: 'timeZone' });
    const levels = input.levels.length === 0 ? [] : checkLevels(input.levels.map(toLevel));
    const programme: Programme = { merchantCode: input.merchantCode, currency: input.currency, timeZone: input.timeZone, levels };
    await this.deps.db.transaction((tx) => saveProgramme(tx, programme, `operator:${input.operator}`));
    return programmeView(programme);
  }

  async member(input: { merchantCode: string; memberId: string }) {
    const programme = await this.requireProgramme(input.merchantCode);
    if (!(await isMemberOf(this.deps.db.orm, input.merchantCode, input.memberId))) throw new AppError('VIP_MEMBER_NOT_FOUND');
    return { memberId: input.memberId, merchantCode: input.merchantCode, ...(await this.progress(programme, input.memberId)) };
  }

  /** An operator puts a member at a level: no upgrade bonus, but the member sees it at once (and a letter when it goes up). */
  async setLevel(input: { merchantCode: string; memberId: string; level: number; operator: string }) {
    const programme = await this.requireProgramme(input.merchantCode);
    if (input.level >= programme.levels.length) throw new AppError('VIP_LEVEL_NOT_FOUND', { field: 'level' });
    if (!(await isMemberOf(this.deps.db.orm, input.merchantCode, input.memberId))) throw new AppError('VIP_MEMBER_NOT_FOUND');
    await this.deps.db.transaction(async (tx) => {
      const [standing] = await lockStandings(tx, [{ memberId: input.memberId, merchantCode: input.merchantCode }]);
      if (!standing || standing.level === input.level) return;
      await this.applyChanges(
        tx,
        new Map([[programme.merchantCode, programme]]),
        [{ memberId: input.memberId, merchantCode: input.merchantCode, from: standing.level, to: input.level }],
        'operator',
        `operator:${input.operator}`,
      );
    });
    this.deps.wakeRelay();
    return this.member(input);
  }

  /** The operator's "run now" of this month's re-evaluation. */
  async runReviewNow(input: { merchantCode: string; operator: string }) {
    const programme = await this.requireProgramme(input.merchantCode);
    const result = await this.deps.db.transaction((tx) => this.review(tx, programme, `operator:${input.operator}`));
    this.deps.wakeRelay();
    return result;
  }

  /** The operator's "run now" of a finished day's rebate (yesterday by default). */
  async runRebateNow(input: { merchantCode: string; operator: string; day?: string }) {
    const programme = await this.requireProgramme(input.merchantCode);
    const today = localDay(this.clock(), programme.timeZone);
    const day = input.day ?? addDays(today, -1);
    if (day >= today) throw new AppError('VIP_REBATE_DAY_OPEN', { field: 'day' });
    const result = await this.deps.db.transaction((tx) => this.rebate(tx, programme, day));
    this.deps.wakeRelay();
    return result;
  }

  /** The operator's "run now" of a day's birthday bonuses (today by default). */
  async runBirthdaysNow(input: { merchantCode: string; operator: string; day?: string }) {
    const programme = await this.requireProgramme(input.merchantCode);
    const today = localDay(this.clock(), programme.timeZone);
    const day = input.day ?? today;
    if (day > today) throw new AppError('VALIDATION_FAILED', { field: 'day' });
    const result = await this.deps.db.transaction((tx) => this.birthdays(tx, programme, day));
    this.deps.wakeRelay();
    return result;
  }

  // ---- timers ----

  /**
   * What the timer does: each brand's re-evaluation once a month (from its first day), and once a day the day before's
   * rebate and forgetting bets too old to be corrected.
   */
  async runDue(): Promise<void> {
    const programmes = [...(await loadProgrammes(this.deps.db.orm)).values()].filter(hasVip);
    for (const programme of programmes) {
      const today = localDay(this.clock(), programme.timeZone);
      await this.deps.db.transaction(async (tx) => {
        if (await claimRun(tx, programme.merchantCode, 'review', monthOf(today))) await this.review(tx, programme, 'system:vip-review');
      });
      await this.deps.db.transaction(async (tx) => {
        if (await claimRun(tx, programme.merchantCode, 'birthday', today)) await this.birthdays(tx, programme, today);
      });
      const yesterday = addDays(today, -1);
      await this.deps.db.transaction(async (tx) => {
        if (!(await claimRun(tx, programme.merchantCode, 'rebate', yesterday))) return;
        await this.rebate(tx, programme, yesterday);
        await forgetOldBets(tx, programme.merchantCode, addDays(today, -BETS_KEPT_DAYS));
      });
    }
    this.deps.wakeRelay();
  }

  // ---- rules applied ----

  /**
   * The monthly re-evaluation of a brand: every VIP member not yet re-evaluated this month goes down one level when it
   * missed its level's keep thresholds over the window; then each gets the monthly bonus of the level it holds.
   */
  private async review(tx: Executor, programme: Programme, actor: string) {
    const month = monthOf(localDay(this.clock(), programme.timeZone));
    const standings = await lockForReview(tx, programme.merchantCode, month);
    const changes: LevelChange[] = [];
    const grants: RewardGrant[] = [];
    for (const standing of standings) {
      const to = levelAfterReview(programme.levels, standing.level, standing.sums);
      if (to !== standing.level) changes.push({ memberId: standing.memberId, merchantCode: standing.merchantCode, from: standing.level, to });
      const held = programme.levels[to];
      if (held && to > 0 && held.monthlyBonus > 0n) {
        grants.push(this.grant(programme, standing.memberId, 'vip_monthly', `${standing.memberId}:${month}`, titled('vip_monthly', { label: held.labelName, month }), held.monthlyBonus));
      }
    }
    await markReviewed(
      tx,
      standings.map((standing: MemberStanding) => standing.memberId),
      month,
    );
    await this.applyChanges(tx, new Map([[programme.merchantCode, programme]]), changes, 'review', actor);
    const granted = await grantRewards(tx, grants);
    await pushRewardCounts(this.deps, tx, granted);
    return { month, reviewed: standings.length, downgraded: changes.length, monthlyBonuses: granted.length };
  }

  /**
   * The rebate of one finished day: its valid bet times the rate of the member's level, once per member and day. Valid
   * bet the member already claimed as manual rebate that day is left out: the day is closed for claims first, under
   * each member's lock (`closeRebateDays`).
   */
  private async rebate(tx: Executor, programme: Programme, day: string) {
    const grants: RewardGrant[] = [];
    const dayRows = await validBetOfDay(tx, programme, day);
    const claimed = await closeRebateDays(
      tx,
      programme.merchantCode,
      day,
      dayRows.map((row) => row.memberId),
    );
    for (const row of dayRows) {
      const level = programme.levels[Math.min(row.level, programme.levels.length - 1)]!;
      const amount = dailyRest(row.validBet, claimed.get(row.memberId) ?? 0n, level.rebateBasisPoints);
      if (amount > 0n) grants.push(this.grant(programme, row.memberId, 'rebate', `vip:${row.memberId}:${day}`, titled('rebate', { label: level.labelName, day }), amount));
    }
    const granted = new Set(await grantRewards(tx, grants));
    await pushRewardCounts(this.deps, tx, [...granted]);
    const total = grants.filter((grant) => granted.has(grant.memberId)).reduce((sum, grant) => sum + (grant.amountMinor ?? 0n), 0n);
    return { day, granted: granted.size, totalMinor: total.toString() };
  }

  /**
   * The birthday bonuses of one day: each member whose birthday it is (29 February on 28 February of other years), due
   * by then, gets its level's birthday bonus in the reward centre, once per member and year.
   */
  private async birthdays(tx: Executor, programme: Programme, day: string) {
    const year = day.slice(0, 4);
    const grants: RewardGrant[] = [];
    for (const member of await birthdaysOfDay(tx, programme.merchantCode, day, birthdaysOn(day))) {
      const level = programme.levels[Math.min(member.level, programme.levels.length - 1)]!;
      if (level.birthdayBonus > 0n) {
        grants.push(this.grant(programme, member.memberId, 'vip_birthday', `${member.memberId}:${year}`, titled('vip_birthday', { label: level.labelName }), level.birthdayBonus));
      }
    }
    const granted = new Set(await grantRewards(tx, grants));
    await pushRewardCounts(this.deps, tx, [...granted]);
    const total = grants.filter((grant) => granted.has(grant.memberId)).reduce((sum, grant) => sum + (grant.amountMinor ?? 0n), 0n);
    return { day, granted: granted.size, totalMinor: total.toString() };
  }

  /** Saves level changes, and tells each member (push `vip`) and the rest of the platform (`vip.changed`). */
  private async applyChanges(tx: Executor, programmes: ReadonlyMap<string, Programme>, changes: readonly LevelChange[], reason: Reason, actor: string): Promise<void> {
    if (changes.length === 0) return;
    const versions = await saveLevels(tx, changes, reason, actor);
    const changedAt = this.clock().toISOString();
    for (const change of changes) {
      const programme = programmes.get(change.merchantCode)!;
      const labelName = programme.levels[change.to]?.labelName ?? '';
      const version = versions.get(change.memberId) ?? 0;
      await sendPush(
        this.deps.outbox,
        tx,
        { merchantCode: change.merchantCode, memberId: change.memberId },
        { v: version, type: 'vip', data: { hasVip: true, vipLabelName: labelName, vipRankLevel: change.to, fromLevel: change.from, reason } },
      );
      await this.deps.outbox.add(tx, 'vip.changed', change.memberId, {
        memberId: change.memberId,
        merchantCode: change.merchantCode,
        fromLevel: change.from,
        toLevel: change.to,
        labelName,
        reason,
        version,
        changedAt,
      });
    }
  }

  /** Level bonuses are paid as bonus money; rebates as cash. */
  private grant(programme: Programme, memberId: string, source: RewardGrant['source'], sourceRef: string, name: ReturnType<typeof titled>, amountMinor: bigint): RewardGrant {
    return { merchantCode: programme.merchantCode, memberId, source, sourceRef, ...name, kind: source === 'rebate' ? 'cash' : 'bonus', currency: programme.currency, amountMinor };
  }

  private async requireProgramme(merchantCode: string): Promise<Programme> {
    const programme = (await loadProgrammes(this.deps.db.orm, [merchantCode])).get(merchantCode);
    if (!hasVip(programme)) throw new AppError('VIP_NOT_ENABLED');
    return programme;
  }
}

function programmeView(programme: Programme | undefined): VipProgramme {
  if (!programme) return { hasVip: false, currency: '', timeZone: 'UTC', windowDays: VIP_WINDOW_DAYS, levels: [] };
  return { hasVip: hasVip(programme), currency: programme.currency, timeZone: programme.timeZone, windowDays: VIP_WINDOW_DAYS, levels: programme.levels.map((level: Level) => fromLevel(level)) };
}
