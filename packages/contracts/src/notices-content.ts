import { z } from 'zod';
import { interfaceLanguageSchema, perInterfaceLanguage } from './content-languages.js';
import { decimalIdSchema } from './ids.js';
import { isAgentType } from './members.js';
import { commaListPattern } from './patterns.js';
import { NOTICE_TYPES } from './shared-values.js';
import { noticesChangedSchema } from './push-data.js';
export { noticesChangedSchema };

export { NOTICE_TYPES };

/**
 * Content of a brand: banners, player notices (the marquee and the notice list), announcement popups, promotion
 * notices and help-centre notices (spec §3 "Popup/announcement", "Banner"; §7 "Notices"), and the help centre with its
 * licence. Operators write it through the operator API; players read it through the notices call and the help centre,
 * cached per brand, language and audience by each gateway.
 */

export const noticeTypeSchema = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof noticeTypeSchema>;

/** Who sees a popup: A signed-in members, B guests, F members on their first sign-in (spec §4). */
export const noticeExecutionSchema = z.enum(['A', 'B', 'F']);
export type NoticeExecution = z.infer<typeof noticeExecutionSchema>;

/** Where a banner is shown (spec §3). */
export const BANNER_GROUPS = ['w_login', 'w_reg', 'w_forget', 'w_home', 'w_leftmenu'] as const;
export const bannerGroupSchema = z.enum(BANNER_GROUPS);
export type BannerGroup = z.infer<typeof bannerGroupSchema>;

/**
 * What a click on a banner or notice opens: nothing, a game (its `nodeId`), a promotion (the id of a PR notice of the
 * brand), a page of the site (a path such as `/live`), or an outside http(s) URL.
 */
export const linkageTypeSchema = z.enum(['NONE', 'GAME', 'PROMOTION', 'PAGE', 'URL']);
export type LinkageType = z.infer<typeof linkageTypeSchema>;

/** The audiences a notice can be limited to; a member's VIP level narrows it further where a notice names one. */
export const NOTICE_AUDIENCES = ['guest', 'member', 'agent'] as const;
export const noticeAudienceSchema = z.enum(NOTICE_AUDIENCES);
export type NoticeAudience = z.infer<typeof noticeAudienceSchema>;

/** The caller's audience: guests without a live session, agents by type (1, 2, 41, 42), every other member (trial type 4 too). */
export const audienceOfMemberType = (memberType: number | undefined): NoticeAudience => (memberType === undefined ? 'guest' : isAgentType(memberType) ? 'agent' : 'member');

/** One notice as a player sees it: `content` is sanitised HTML, `url` the image (banners, popups, promotions). */
export const noticeEntrySchema = z.object({
  id: z.string(),
  type: noticeTypeSchema,
  title: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  linkageType: linkageTypeSchema,
  /** The game's nodeId, the promotion's id, the site path or the URL the click opens (empty for NONE). */
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
  /**
   * When this answer next changes by itself, because a notice of the brand starts or ends (ISO 8601); null when nothing
   * is scheduled. Gateways keep the answer no longer than this.
   */
  validUntil: z.string().nullable().optional(),
});
export type NoticesAnswer = z.infer<typeof noticesAnswerSchema>;

export type NoticesChanged = z.infer<typeof noticesChangedSchema>;
/** The `notice` push: the brand's notices changed; the client reads them again. */
export const noticePushSchema = noticesChangedSchema;

// ---- The notices call ------------------------------------------------------------------------------------------

/** Platforms of the notices call: W, the web site (spec §1 "platform WEB"). */
export const noticePlatformSchema = z.enum(['W']);

/** `types` of the notices call: a comma list (`B,PL,PU,PR,H`), empty or absent for all; kept in one order, once each. */
export const noticeTypesQuerySchema = z
  .string()
  .max(40)
  .regex(commaListPattern(NOTICE_TYPES))
  .optional()
  .transform((text, ctx) => {
    const given = (text ?? '')
      .split(',')
      .map((type) => type.trim().toUpperCase())
      .filter(Boolean);
    const unknown = given.find((type) => !(NOTICE_TYPES as readonly string[]).includes(type));
    if (unknown) {
      ctx.addIssue({ code: 'custom', message: `unknown notice type ${unknown}` });
      return z.NEVER;
    }
    return NOTICE_TYPES.filter((type) => given.length === 0 || given.includes(type));
  });

/** The query of `GET /wps/system/notices`. */
export const noticesQuerySchema = z.object({
  types: noticeTypesQuerySchema,
  platform: noticePlatformSchema.default('W'),
  /** Only popups of this execution; without it, every execution the caller may see (B for guests, A and F for members). */
  execution: noticeExecutionSchema.optional(),
  language: z.string().max(10).optional(),
});

// ---- The help centre -------------------------------------------------------------------------------------------

/** Longest help-centre search: a few words. */
export const HELP_SEARCH_MAX = 100;

/** The query of `GET /wps/system/helpCenter`: the language, and words to search for (trimmed; empty means none). */
export const helpCentreQuerySchema = z.object({
  language: z.string().max(10).optional(),
  search: z
    .string()
    .max(HELP_SEARCH_MAX)
    .optional()
    .transform((text) => text?.trim().replace(/\s+/g, ' ').toLowerCase() || undefined),
});

/** One help article in the caller's language; `content` is sanitised HTML. */
export const helpArticleSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  content: z.string(),
  /** The brand's terms and conditions (opened by `/help#term`). */
  terms: z.boolean(),
  updatedAt: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpCategorySchema = z.object({ id: z.string(), title: z.string(), articles: z.array(helpArticleSchema) });
export type HelpCategory = z.infer<typeof helpCategorySchema>;

/** The brand's licence (spec §2 "licence (opens licence image)", modal legalLicense): image and text. */
export const licenceSchema = z.object({ url: z.string().nullable(), text: z.string() });
export type Licence = z.infer<typeof licenceSchema>;

/** The help centre of a brand in one language. */
export const helpCentreSchema = z.object({
  categories: z.array(helpCategorySchema),
  /** With `search`: the articles holding every word (title or text, accents ignored), title matches first; else null. */
  results: z.array(helpArticleSchema).nullable(),
  terms: helpArticleSchema.nullable(),
  licence: licenceSchema.nullable(),
});
export type HelpCentre = z.infer<typeof helpCentreSchema>;

// ---- The operator's content API ---------------------------------------------------------------------------------

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 20_000;
export const NOTICE_LINK_TARGET_MAX = 500;

/** Text per interface language; at least one language, the others fall back to the brand's default language. */
const perLanguage = perInterfaceLanguage;
const isoTime = z.iso.datetime({ offset: true });

export const noticeTextSchema = z.strictObject({ title: z.string().max(NOTICE_TITLE_MAX), content: z.string().max(NOTICE_CONTENT_MAX).default('') });

/**
 * A notice as the operator writes it (`POST` and `PUT /operator/v1/merchants/:code/notices`). Rich text is sanitised on
 * write. Refused: an empty title (NOTICE_TITLE_EMPTY), an end not after the start (NOTICE_WINDOW_INVALID), a banner
 * without a known group (BANNER_GROUP_INVALID), a popup without an execution (NOTICE_EXECUTION_REQUIRED), a link
 * target that does not fit its linkage type (NOTICE_LINK_INVALID), a URL that is not http(s) (NOTICE_URL_INVALID),
 * an image that was not uploaded (CONTENT_IMAGE_NOT_FOUND).
 */
export const noticeBodySchema = z.strictObject({
  type: noticeTypeSchema,
  texts: perLanguage(noticeTextSchema),
  /** Who sees it; all three when absent. */
  audiences: z.array(noticeAudienceSchema).min(1).max(3).default(['guest', 'member', 'agent']),
  /** Members below this VIP level do not see it (0: everyone). */
  minVipLevel: z.number().int().min(0).max(99).default(0),
  /** Popups only: A signed-in members, B guests, F first sign-in. */
  execution: noticeExecutionSchema.nullable().default(null),
  /** Banners only: where it is shown. */
  groupName: z.string().max(40).nullable().default(null),
  /** An uploaded image's key (`content/<name>.png`), from the image upload. */
  imageKey: z.string().max(120).nullable().default(null),
  linkageType: linkageTypeSchema.default('NONE'),
  linkTarget: z.string().trim().max(NOTICE_LINK_TARGET_MAX).default(''),
  /** Lower first. */
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** When it starts showing; now when absent. */
  startsAt: isoTime.optional(),
  /** When it stops showing; never when null or absent. */
  endsAt: isoTime.nullable().default(null),
  /** A draft is kept but never shown. */
  status: z.enum(['draft', 'published']).default('published'),
});
export type NoticeBody = z.infer<typeof noticeBodySchema>;

export const operatorNoticeSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  type: noticeTypeSchema,
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  audiences: z.array(noticeAudienceSchema),
  minVipLevel: z.number().int(),
  execution: noticeExecutionSchema.nullable(),
  groupName: bannerGroupSchema.nullable(),
  imageKey: z.string().nullable(),
  url: z.string().nullable(),
  linkageType: linkageTypeSchema,
  linkTarget: z.string(),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorNotice = z.infer<typeof operatorNoticeSchema>;

/** `GET /operator/v1/merchants/:code/notices`: by type, newest window first, paged. */
export const operatorNoticesQuerySchema = z.object({
  type: z.preprocess((value) => (value === '' ? undefined : value), noticeTypeSchema.optional()),
  pageNo: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});

export const operatorNoticePageSchema = z.object({
  list: z.array(operatorNoticeSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** The largest image upload as base64 text (5 MB of bytes, plus a data-URL prefix). */
export const CONTENT_IMAGE_BASE64_MAX = 7_000_050;

/** `POST /operator/v1/content/images`: a png or jpeg as base64 (a data URL is fine). */
export const contentImageBodySchema = z.strictObject({ image: z.string().min(1).max(CONTENT_IMAGE_BASE64_MAX) });

/** A stored content image: its key for notices and the licence, its public URL, and its size after resizing. */
export const contentImageSchema = z.object({ key: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() });

const helpTitle = z.string().max(NOTICE_TITLE_MAX);
export const helpCategoryBodySchema = z.strictObject({
  texts: perLanguage(z.strictObject({ title: helpTitle })),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type HelpCategoryBody = z.infer<typeof helpCategoryBodySchema>;

export const helpArticleBodySchema = z.strictObject({
  categoryId: decimalIdSchema,
  texts: perLanguage(z.strictObject({ title: helpTitle, content: z.string().max(NOTICE_CONTENT_MAX).default('') })),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** The brand's terms and conditions; marking one article moves the mark from any other. */
  terms: z.boolean().default(false),
});
export type HelpArticleBody = z.infer<typeof helpArticleBodySchema>;

export const licenceBodySchema = z.strictObject({
  imageKey: z.string().max(120).nullable(),
  texts: perLanguage(z.string().max(NOTICE_CONTENT_MAX)),
});
export type LicenceBody = z.infer<typeof licenceBodySchema>;

const operatorHelpArticleSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  sort: z.number().int(),
  terms: z.boolean(),
  updatedAt: z.string(),
});
const operatorHelpCategorySchema = z.object({
  id: z.string(),
  texts: z.record(z.string(), z.object({ title: z.string() })),
  sort: z.number().int(),
  articles: z.array(operatorHelpArticleSchema),
});
const operatorLicenceSchema = z.object({ imageKey: z.string().nullable(), url: z.string().nullable(), texts: z.record(z.string(), z.string()), updatedAt: z.string() });

/** The help centre as the operator edits it: every language. */
export const operatorHelpCentreSchema = z.object({ categories: z.array(operatorHelpCategorySchema), licence: operatorLicenceSchema.nullable() });
export type OperatorHelpCentre = z.infer<typeof operatorHelpCentreSchema>;

const brand = { merchantCode: z.string() };
const byOperator = { ...brand, operator: z.string() };
const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

/** The content part of the notices service's operations. */
export const noticesContentRpcMethods = {
  /** Banners, player notices, popups, promotions and help notices the audience sees now, in the language. */
  getNotices: {
    input: z.object({
      ...brand,
      language: interfaceLanguageSchema,
      brandDefaultLanguage: z.string(),
      audience: noticeAudienceSchema,
      vipLevel: z.number().int().min(0).default(0),
      types: z.array(noticeTypeSchema),
      platform: noticePlatformSchema,
      execution: noticeExecutionSchema.optional(),
    }),
    output: noticesAnswerSchema,
  },
  getHelpCentre: {
    input: z.object({ ...brand, language: interfaceLanguageSchema, brandDefaultLanguage: z.string(), search: z.string().max(HELP_SEARCH_MAX).optional() }),
    output: helpCentreSchema,
  },
  operatorListNotices: { input: operatorNoticesQuerySchema.extend(brand), output: operatorNoticePageSchema },
  operatorCreateNotice: { input: noticeBodySchema.extend(byOperator), output: operatorNoticeSchema },
  /** Replaces the notice's fields and texts; another brand's notice is NOTICE_NOT_FOUND. */
  operatorUpdateNotice: { input: noticeBodySchema.extend({ ...byOperator, noticeId: decimalIdSchema }), output: operatorNoticeSchema },
  operatorDeleteNotice: { input: z.object({ ...byOperator, noticeId: decimalIdSchema }), output: deleted },
  /** Checks the upload by content, resizes it and strips its metadata; a refused one stores nothing (IMAGE_INVALID). */
  operatorUploadContentImage: { input: contentImageBodySchema.extend({ operator: z.string() }), output: contentImageSchema },
  operatorHelpCentre: { input: z.object(brand), output: operatorHelpCentreSchema },
  operatorCreateHelpCategory: { input: helpCategoryBodySchema.extend(byOperator), output: operatorHelpCategorySchema },
  operatorUpdateHelpCategory: { input: helpCategoryBodySchema.extend({ ...byOperator, categoryId: decimalIdSchema }), output: operatorHelpCategorySchema },
  /** Only an empty category (HELP_CATEGORY_NOT_EMPTY otherwise). */
  operatorDeleteHelpCategory: { input: z.object({ ...byOperator, categoryId: decimalIdSchema }), output: deleted },
  operatorCreateHelpArticle: { input: helpArticleBodySchema.extend(byOperator), output: operatorHelpArticleSchema },
  operatorUpdateHelpArticle: { input: helpArticleBodySchema.extend({ ...byOperator, articleId: decimalIdSchema }), output: operatorHelpArticleSchema },
  operatorDeleteHelpArticle: { input: z.object({ ...byOperator, articleId: decimalIdSchema }), output: deleted },
  operatorSetLicence: { input: licenceBodySchema.extend(byOperator), output: operatorLicenceSchema },
};
