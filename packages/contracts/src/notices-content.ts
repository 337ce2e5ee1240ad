import { z } from 'zod';

/**
 * Content of a brand: banners, player notices (the marquee and the notice list), announcement popups, promotion
 * notices and help-centre notices (spec §3 "Popup/announcement", "Banner"; §7 "Notices"). Operators write it through
 * the operator API; players read it through the notices call, cached per brand, language and audience by each gateway.
 */

/** Notice types of the notices call: B banners, PL player notices, PU popups, PR promotions, H help-centre notices. */
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const noticeTypeSchema = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof noticeTypeSchema>;

/** Who sees a popup: A signed-in members, B guests, F members on their first sign-in (spec §4). */
export const noticeExecutionSchema = z.enum(['A', 'B', 'F']);
export type NoticeExecution = z.infer<typeof noticeExecutionSchema>;

/** Where a banner is shown (spec §3). */
export const BANNER_GROUPS = ['w_login', 'w_reg', 'w_forget', 'w_home', 'w_leftmenu'] as const;
export const bannerGroupSchema = z.enum(BANNER_GROUPS);
export type BannerGroup = z.infer<typeof bannerGroupSchema>;

/** What a click on a banner or notice opens: nothing, a game, a promotion, a page of the site, or an outside URL. */
export const linkageTypeSchema = z.enum(['NONE', 'GAME', 'PROMOTION', 'PAGE', 'URL']);
export type LinkageType = z.infer<typeof linkageTypeSchema>;

/** The audiences a notice can be limited to; a member's VIP level narrows it further where a notice names one. */
export const noticeAudienceSchema = z.enum(['guest', 'member', 'agent']);
export type NoticeAudience = z.infer<typeof noticeAudienceSchema>;

/** One notice as a player sees it: `content` is sanitised HTML, `url` the image (banners, popups, promotions). */
export const noticeEntrySchema = z.object({
  id: z.string(),
  type: noticeTypeSchema,
  title: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  linkageType: linkageTypeSchema,
  /** The game code, promotion id, site path or URL the click opens (empty for NONE). */
  linkTarget: z.string(),
  groupName: bannerGroupSchema.nullable(),
  execution: noticeExecutionSchema.nullable(),
  /** When the notice was published (ISO 8601, UTC). */
  timestamp: z.string(),
});
export type NoticeEntry = z.infer<typeof noticeEntrySchema>;

/** The notices call's answer (spec §7: value has banners, player, popup, promotion), plus help-centre notices. */
export const noticesAnswerSchema = z.object({
  banners: z.array(noticeEntrySchema),
  player: z.array(noticeEntrySchema),
  popup: z.array(noticeEntrySchema),
  promotion: z.array(noticeEntrySchema),
  help: z.array(noticeEntrySchema),
});
export type NoticesAnswer = z.infer<typeof noticesAnswerSchema>;

/** A brand's content changed: every gateway drops its cached notices answers of the brand, and sockets get a `notice` push. */
export const noticesChangedSchema = z.object({ merchantCode: z.string(), at: z.string() });
export type NoticesChanged = z.infer<typeof noticesChangedSchema>;
/** The `notice` push: the brand's notices changed; the client reads them again. */
export const noticePushSchema = noticesChangedSchema;

/** The content part of the notices service's operations. */
export const noticesContentRpcMethods = {};
