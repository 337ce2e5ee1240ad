import { z } from 'zod';
import { serviceUseCase, type UseCase } from '../use-case.js';
import {
  applyPromotionBodySchema,
  operatorApplicationsQuerySchema,
  PROMOTION_COMMENT_MAX,
  PROMOTION_IMAGES_MAX,
  promotionBodySchema,
  promotionDeviceIdSchema,
  promotionsRpcMethods as rpc,
} from '../loyalty-promotions.js';
import { merchantCodePath as merchantCode, pathIdText, queryWithBlanksAbsent } from './fields.js';

const idPath = pathIdText(/^[1-9][0-9]{0,17}$/);
/** The brand (from the session, else the request's brand), and the member, its currency and language when signed in. */
const READER = { merchantCode: 'brandCode', memberId: 'memberId', currency: 'currency', language: 'interfaceLanguage' } as const;
/** A member acting on a promotion: who, in which currency and language, from which address. */
const ACTOR = { merchantCode: 'merchantCode', memberId: 'memberId', currency: 'currency', account: 'account', language: 'language', ip: 'ip' } as const;
const page = { tag: 'Promotions', auth: 'guest', rateLimit: 'ip', idempotent: false } as const;
const member = { tag: 'Promotions', auth: 'real-member', rateLimit: 'ip' } as const;
/** The back office: the operator API token. */
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '64kb' } as const;
const promotionPath = z.object({ merchantCode, promotionId: idPath });
const applicationPath = z.object({ merchantCode, applicationId: idPath });
/** A list filter left empty (`state=`) means no filter. */
/** Three images of 5 MB, base64-encoded, plus the comment and the JSON around them. */
const APPLICATION_BODY_LIMIT = '21mb';
const ACTIONS = { name: 'promotion-action', limit: 20, windowMs: 10_000 } as const;

/** Promotions: the catalogue on the page, the member's state in each, joining, claiming and applying. */
export const promotionsUseCases = {
  promotionPage: serviceUseCase({
    ...page,
    id: 'promotionPage',
    summary: 'The promotions page: every promotion shown to the caller, in its language, with the caller’s state in each',
    description:
      'States use the spec’s words: join, claim, applying (what the member can do), signed, process, claimed, issued, rejected, close ' +
      'and coming_soon (a promotion that has not started). A guest sees what a new member would. Each entry carries its kind’s terms. ' +
      'availablePromoCount and availablePromo are the same as GET /wps/member/promotions.',
    method: 'GET',
    paths: ['/wps/promotions'],
    request: z.object({}),
    response: rpc.promotionPage.output,
    operation: { service: 'points', method: 'promotionPage' },
    context: READER,
  }),
  promotionDetail: serviceUseCase({
    ...page,
    id: 'promotionDetail',
    summary: 'One promotion with its rules, in the caller’s language, and the caller’s state in it',
    description: 'A promotion of another brand, disabled, or long over is NOT_FOUND.',
    method: 'GET',
    paths: ['/wps/promotions/:promotionId'],
    request: z.object({ promotionId: idPath }),
    response: rpc.promotionDetail.output,
    operation: { service: 'points', method: 'promotionDetail' },
    context: READER,
  }),
  promotionSummary: serviceUseCase({
    ...page,
    id: 'promotionSummary',
    summary: 'The promotions part of the public state: availablePromoCount and availablePromo (the REFERRAL entry)',
    description:
      'availablePromoCount counts the promotions the member can act on now (join, claim, apply); a guest gets the count a new member ' +
      'would. availablePromo’s REFERRAL entry is enabled while the brand runs a live referral promotion. `version` grows with every change ' +
      'of the member’s participations and is the `v` of `promotions` pushes.',
    method: 'GET',
    paths: ['/wps/member/promotions'],
    request: z.object({}),
    response: rpc.promotionSummary.output,
    operation: { service: 'points', method: 'promotionSummary' },
    context: { merchantCode: 'brandCode', memberId: 'memberId', currency: 'currency' },
  }),
  joinPromotion: serviceUseCase({
    ...member,
    idempotent: false,
    id: 'joinPromotion',
    summary: 'Joins a promotion: a deposit match waits for the next deposit, a cashback counts the net loss of each week from now on',
    description:
      'Kinds deposit_match, cashback and tournament. Once per member (PROMOTION_ALREADY_JOINED), and where the promotion says so once per ' +
      'device (`deviceId`, kept by the client; PROMOTION_DEVICE_USED) and per address (PROMOTION_IP_USED). Not started: PROMOTION_NOT_STARTED; ' +
      'over or disabled: PROMOTION_CLOSED; another currency: PROMOTION_NOT_ELIGIBLE. A deposit match is refused while the member has a bonus ' +
      'wagering (BONUS_ALREADY_ACTIVE).',
    method: 'POST',
    paths: ['/wps/promotions/:promotionId/join'],
    request: z.object({ promotionId: idPath, deviceId: promotionDeviceIdSchema }),
    response: rpc.joinPromotion.output,
    operation: { service: 'points', method: 'joinPromotion' },
    context: ACTOR,
    memberRateLimit: ACTIONS,
  }),
  claimPromotion: serviceUseCase({
    ...member,
    idempotent: true,
    id: 'claimPromotion',
    summary: 'Claims a cash-bonus promotion: the bonus, with its wagering, reaches the member’s bonus balance',
    description:
      'Once per member: two claims at once give one bonus (the second is PROMOTION_ALREADY_CLAIMED); the same Idempotency-Key answers the ' +
      'first result, and with another promotion is IDEMPOTENCY_CONFLICT. Once per device and address where the promotion says so. A member ' +
      'with a bonus wagering is refused (BONUS_ALREADY_ACTIVE). `granted` is false while the bonus is still being given (state process).',
    method: 'POST',
    paths: ['/wps/promotions/:promotionId/claim'],
    request: z.object({ promotionId: idPath, deviceId: promotionDeviceIdSchema }),
    response: rpc.claimPromotion.output,
    operation: { service: 'points', method: 'claimPromotion' },
    context: ACTOR,
    memberRateLimit: ACTIONS,
  }),
  applyPromotion: serviceUseCase({
    ...member,
    idempotent: true,
    id: 'applyPromotion',
    summary: 'Applies to an application promotion with a comment and up to 3 png or jpg images; the operator approves or rejects it',
    description:
      `Comment up to ${PROMOTION_COMMENT_MAX} characters (PROMOTION_COMMENT_TOO_LONG). Up to ${PROMOTION_IMAGES_MAX} images ` +
      '(PROMOTION_TOO_MANY_IMAGES), each a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL or bare base64 of at most 5 MB, ' +
      'checked by its bytes and stored without metadata (IMAGE_INVALID); the promotion may require some (PROMOTION_IMAGES_REQUIRED). ' +
      'Nothing is stored unless everything is valid. Once per member (PROMOTION_ALREADY_APPLIED); the same Idempotency-Key answers the ' +
      'first result. The state is then process until the operator decides.',
    method: 'POST',
    paths: ['/wps/promotions/:promotionId/apply'],
    bodyLimit: APPLICATION_BODY_LIMIT,
    request: applyPromotionBodySchema.extend({ promotionId: idPath }),
    response: rpc.applyPromotion.output,
    operation: { service: 'points', method: 'applyPromotion' },
    context: ACTOR,
    memberRateLimit: { name: 'promotion-apply', limit: 10, windowMs: 60 * 60_000 },
  }),

  operatorPromotions: serviceUseCase({
    ...desk,
    id: 'operatorPromotions',
    summary: 'The brand’s promotions, by sort, with participants, applications waiting and bonuses given',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/promotions'],
    request: z.object({ merchantCode }),
    response: rpc.operatorListPromotions.output,
    operation: { service: 'points', method: 'operatorListPromotions' },
  }),
  operatorCreatePromotion: serviceUseCase({
    ...desk,
    id: 'operatorCreatePromotion',
    summary: 'Creates a promotion: kind and terms, category, titles, summaries and rules in ES and EN, banner, period, limits',
    description:
      'Kinds: deposit_match, cash_bonus, cashback, application, referral, raffle, tournament, each with its terms. The end must come after ' +
      'the start; a banner is a path of this site or an https address (PROMOTION_INVALID).',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/promotions'],
    request: z.intersection(promotionBodySchema, z.object({ merchantCode })),
    response: rpc.operatorCreatePromotion.output,
    operation: { service: 'points', method: 'operatorCreatePromotion' },
    context: { operator: 'operator' },
  }),
  operatorUpdatePromotion: serviceUseCase({
    ...desk,
    id: 'operatorUpdatePromotion',
    summary: 'Replaces a promotion’s texts, banner, terms, period and limits; its kind stays',
    description: 'A different kind is PROMOTION_INVALID. What members already received stays; new terms apply from now on. Another brand’s promotion is NOT_FOUND.',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/promotions/:promotionId'],
    request: z.intersection(promotionBodySchema, promotionPath),
    response: rpc.operatorUpdatePromotion.output,
    operation: { service: 'points', method: 'operatorUpdatePromotion' },
    context: { operator: 'operator' },
  }),
  operatorEnablePromotion: serviceUseCase({
    ...desk,
    id: 'operatorEnablePromotion',
    summary: 'Shows a promotion on the page again',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/promotions/:promotionId/enable'],
    request: promotionPath,
    response: rpc.operatorSetPromotionEnabled.output,
    operation: { service: 'points', method: 'operatorSetPromotionEnabled' },
    context: { operator: 'operator' },
    fixed: { enabled: true },
  }),
  operatorDisablePromotion: serviceUseCase({
    ...desk,
    id: 'operatorDisablePromotion',
    summary: 'Takes a promotion off the page: nobody can join, claim or apply; what was given stays, applications can still be decided',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/promotions/:promotionId/disable'],
    request: promotionPath,
    response: rpc.operatorSetPromotionEnabled.output,
    operation: { service: 'points', method: 'operatorSetPromotionEnabled' },
    context: { operator: 'operator' },
    fixed: { enabled: false },
  }),
  operatorSchedulePromotion: serviceUseCase({
    ...desk,
    id: 'operatorSchedulePromotion',
    summary: 'Moves a promotion’s start and end (null: open-ended); before its start it shows as coming soon',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/promotions/:promotionId/schedule'],
    request: promotionPath.extend({ startsAt: rpc.operatorSchedulePromotion.input.shape.startsAt, endsAt: rpc.operatorSchedulePromotion.input.shape.endsAt }),
    response: rpc.operatorSchedulePromotion.output,
    operation: { service: 'points', method: 'operatorSchedulePromotion' },
    context: { operator: 'operator' },
  }),
  operatorRunPromotionCashback: serviceUseCase({
    ...desk,
    id: 'operatorRunPromotionCashback',
    summary: 'Grants a cashback promotion’s week now (it also runs by itself when each week ends, brand time)',
    description:
      'Each member who joined gets the rate of its net loss over the week (Monday to Sunday, brand time), once per member and week. ' +
      '`weekStart` (a Monday) defaults to last week; a week not over is PROMOTION_WEEK_OPEN.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/promotions/:promotionId/cashback'],
    request: promotionPath.extend({ weekStart: rpc.operatorRunCashback.input.shape.weekStart }),
    response: rpc.operatorRunCashback.output,
    operation: { service: 'points', method: 'operatorRunCashback' },
    context: { operator: 'operator' },
  }),
  operatorPromotionApplications: serviceUseCase({
    ...desk,
    id: 'operatorPromotionApplications',
    summary: 'Applications to the brand’s promotions, newest first, filtered by promotion, state (process, issued, rejected) and member',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/promotion-applications'],
    request: queryWithBlanksAbsent(operatorApplicationsQuerySchema.extend({ merchantCode })),
    response: rpc.operatorListApplications.output,
    operation: { service: 'points', method: 'operatorListApplications' },
  }),
  operatorPromotionApplication: serviceUseCase({
    ...desk,
    id: 'operatorPromotionApplication',
    summary: 'One application with its comment and images',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/promotion-applications/:applicationId'],
    request: applicationPath,
    response: rpc.operatorGetApplication.output,
    operation: { service: 'points', method: 'operatorGetApplication' },
  }),
  operatorApprovePromotionApplication: serviceUseCase({
    ...desk,
    id: 'operatorApprovePromotionApplication',
    summary: 'Approves an application: the bonus (the terms’ amount, or `amountMinor`) is given and the member sees it issued at once',
    description: 'An application already decided is PROMOTION_APPLICATION_DECIDED; another brand’s is NOT_FOUND.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/promotion-applications/:applicationId/approve'],
    request: applicationPath.extend({ amountMinor: rpc.operatorApproveApplication.input.shape.amountMinor }),
    response: rpc.operatorApproveApplication.output,
    operation: { service: 'points', method: 'operatorApproveApplication' },
    context: { operator: 'operator' },
  }),
  operatorRejectPromotionApplication: serviceUseCase({
    ...desk,
    id: 'operatorRejectPromotionApplication',
    summary: 'Rejects an application with a reason the member reads; the member sees it rejected at once',
    description: 'An application already decided is PROMOTION_APPLICATION_DECIDED; another brand’s is NOT_FOUND.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/promotion-applications/:applicationId/reject'],
    request: applicationPath.extend({ reason: rpc.operatorRejectApplication.input.shape.reason }),
    response: rpc.operatorRejectApplication.output,
    operation: { service: 'points', method: 'operatorRejectApplication' },
    context: { operator: 'operator' },
  }),
} satisfies Record<string, UseCase>;
