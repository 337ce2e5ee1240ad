import { z } from 'zod';
import { serviceUseCase, type UseCase } from '../use-case.js';
import { VIP_BIRTHDAY_MIN_AGE, VIP_BIRTHDAY_NOTICE_DAYS, vipBirthdayBodySchema, vipLevelsBodySchema, vipRpcMethods as rpc, VIP_LEVEL_MAX } from '../loyalty-vip.js';
import { merchantCodePath as merchantCode, pathIdText } from './fields.js';

/** The brand (from the session, else the request's brand) and the member when a live session was sent. */
const BRAND_AND_MEMBER = { merchantCode: 'brandCode', memberId: 'memberId' } as const;
/** The back office: the operator API token. */
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '32kb' } as const;
const memberPath = z.object({ merchantCode, memberId: pathIdText(/^[1-9][0-9]{0,17}$/) });

/** VIP levels: the rules, each member’s level and progress, and the level bonuses. */
export const vipUseCases = {
  vipState: serviceUseCase({
    id: 'vipState',
    summary: 'The VIP part of the public state: hasVip, and the member’s vipLabelName and vipRankLevel',
    description:
      'hasVip is false for a brand without VIP levels (the VIP menu entries stay hidden). Without a session: the brand’s hasVip, level 0 ' +
      'and no label. `version` grows with every level change of the member and is the `v` of `vip` pushes.',
    tag: 'VIP',
    method: 'GET',
    paths: ['/wps/member/vip'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({}),
    response: rpc.vipState.output,
    operation: { service: 'points', method: 'vipState' },
    context: BRAND_AND_MEMBER,
  }),
  vipPage: serviceUseCase({
    id: 'vipPage',
    summary: 'The VIP page: the brand’s levels with their thresholds and bonuses, and the signed-in member’s progress',
    description:
      'Guests get the levels and `member: null`. A member gets its level, its deposits and valid bet over the rolling window ' +
      '(today and the days before it, brand time), the next level’s thresholds, what keeps its level at the monthly ' +
      're-evaluation, and its newest VIP bonuses and rebates (claimed in the reward centre).',
    tag: 'VIP',
    method: 'GET',
    paths: ['/wps/vip'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({}),
    response: rpc.vipPage.output,
    operation: { service: 'points', method: 'vipPage' },
    context: { ...BRAND_AND_MEMBER, language: 'interfaceLanguage' },
  }),
  setVipBirthday: serviceUseCase({
    id: 'setVipBirthday',
    summary: 'Saves the member’s birthday for the VIP birthday bonus, once',
    description:
      `A real day at least ${VIP_BIRTHDAY_MIN_AGE} years ago (VIP_BIRTHDAY_INVALID). Saved once: a second time is VIP_BIRTHDAY_ALREADY_SET ` +
      `(support corrects it). The bonus of the member’s level is granted on the birthday (brand time; 29 February on 28 February in other ` +
      `years), once a year, from ${VIP_BIRTHDAY_NOTICE_DAYS} days after saving.`,
    tag: 'VIP',
    method: 'PUT',
    paths: ['/wps/vip/birthday'],
    auth: 'real-member',
    rateLimit: 'ip',
    idempotent: false,
    request: vipBirthdayBodySchema,
    response: rpc.setVipBirthday.output,
    operation: { service: 'points', method: 'setVipBirthday' },
    context: BRAND_AND_MEMBER,
  }),
  operatorVipLevels: serviceUseCase({
    ...desk,
    id: 'operatorVipLevels',
    summary: 'The brand’s VIP levels, currency and time zone',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/vip/levels'],
    request: z.object({ merchantCode }),
    response: rpc.operatorVipLevels.output,
    operation: { service: 'points', method: 'operatorVipLevels' },
  }),
  operatorReplaceVipLevels: serviceUseCase({
    ...desk,
    id: 'operatorReplaceVipLevels',
    summary: 'Replaces the brand’s VIP levels (an empty list turns VIP off)',
    description:
      `Levels 0 to ${VIP_LEVEL_MAX}: level 0 first and no gaps; level 0 has no thresholds and no bonuses; no threshold is lower than ` +
      'the level below’s; keep thresholds are not above the upgrade thresholds (VIP_LEVELS_INVALID, nothing changed). Members ' +
      'keep their level (capped at the new top level); nobody is upgraded until their next deposit or bet.',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/vip/levels'],
    request: vipLevelsBodySchema.extend({ merchantCode }),
    response: rpc.operatorReplaceVipLevels.output,
    operation: { service: 'points', method: 'operatorReplaceVipLevels' },
    context: { operator: 'operator' },
  }),
  operatorMemberVip: serviceUseCase({
    ...desk,
    id: 'operatorMemberVip',
    summary: 'A member’s VIP level, progress over the window and VIP bonuses',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/vip/members/:memberId'],
    request: memberPath,
    response: rpc.operatorMemberVip.output,
    operation: { service: 'points', method: 'operatorMemberVip' },
  }),
  operatorSetMemberVipLevel: serviceUseCase({
    ...desk,
    id: 'operatorSetMemberVipLevel',
    summary: 'Puts a member at a VIP level by hand (no upgrade bonus); the member is told at once',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/vip/members/:memberId'],
    request: memberPath.extend({ level: z.number().int().min(0).max(VIP_LEVEL_MAX) }),
    response: rpc.operatorSetMemberVipLevel.output,
    operation: { service: 'points', method: 'operatorSetMemberVipLevel' },
    context: { operator: 'operator' },
  }),
  operatorRunVipReview: serviceUseCase({
    ...desk,
    id: 'operatorRunVipReview',
    summary: 'Runs this month’s VIP re-evaluation now (it also runs by itself on the first day of the month, brand time)',
    description:
      'Each VIP member not yet re-evaluated this month: down one level when it missed its level’s keep thresholds over the window; ' +
      'then the monthly bonus of the level it holds. Once per member and month, however often it runs.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/vip/review'],
    request: z.object({ merchantCode }),
    response: rpc.operatorRunVipReview.output,
    operation: { service: 'points', method: 'operatorRunVipReview' },
    context: { operator: 'operator' },
  }),
  operatorRunVipRebate: serviceUseCase({
    ...desk,
    id: 'operatorRunVipRebate',
    summary: 'Grants the daily VIP rebate of a finished day now (it also runs by itself each day for the day before)',
    description: 'The day’s valid bet times the rate of the member’s level; once per member and day. `day` defaults to yesterday (brand time); today or later is VIP_REBATE_DAY_OPEN.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/vip/rebate'],
    request: z.object({ merchantCode, day: rpc.operatorRunVipRebate.input.shape.day }),
    response: rpc.operatorRunVipRebate.output,
    operation: { service: 'points', method: 'operatorRunVipRebate' },
    context: { operator: 'operator' },
  }),
  operatorRunVipBirthdays: serviceUseCase({
    ...desk,
    id: 'operatorRunVipBirthdays',
    summary: 'Grants the VIP birthday bonuses of a day now (it also runs by itself each day)',
    description: 'Members whose birthday is the day (brand time) and whose level has a birthday bonus; once per member and year. `day` defaults to today.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/vip/birthdays'],
    request: z.object({ merchantCode, day: rpc.operatorRunVipBirthdays.input.shape.day }),
    response: rpc.operatorRunVipBirthdays.output,
    operation: { service: 'points', method: 'operatorRunVipBirthdays' },
    context: { operator: 'operator' },
  }),
} satisfies Record<string, UseCase>;
