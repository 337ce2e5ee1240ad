import { z } from 'zod';
import { merchantCodePath as merchantCode, pathIdText, queryWithBlanksAbsent } from './fields.js';
import { serviceUseCase } from '../use-case.js';
import {
  contentImageBodySchema,
  helpArticleBodySchema,
  helpCategoryBodySchema,
  helpCentreQuerySchema,
  licenceBodySchema,
  noticeBodySchema,
  noticesContentRpcMethods as rpc,
  noticesQuerySchema,
  operatorNoticesQuerySchema,
} from '../notices-content.js';

/**
 * A brand's content is the same for everyone of an audience: each gateway keeps an answer this long at most, and
 * drops a brand's answers at once when its content changes, so the limit only bounds a lost change event.
 */
const CONTENT_CACHE_MS = 60_000;
/** The brand, the language with the brand's fallback, and the caller's audience: never who the member is. */
const READER = { merchantCode: 'brandCode', language: 'interfaceLanguage', brandDefaultLanguage: 'brandDefaultLanguage' } as const;
const OPERATOR = { operator: 'operator' } as const;
/** The back office: the operator API token (OPERATOR_TOKEN); without one configured these calls do not exist. */
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '64kb' } as const;
/** A change to a brand's content: the gateway that carries it drops the brand's cached answers before answering. */
const change = { ...desk, dropsSharedAnswers: true } as const;

/** Path fields: a malformed one is the resource's own not-found error. */
const DECIMAL_ID = /^[1-9][0-9]{0,17}$/;
const noticePath = z.object({ merchantCode, noticeId: pathIdText(DECIMAL_ID, 'NOTICE_NOT_FOUND') });
const categoryPath = z.object({ merchantCode, categoryId: pathIdText(DECIMAL_ID, 'HELP_CATEGORY_NOT_FOUND') });
const articlePath = z.object({ merchantCode, articleId: pathIdText(DECIMAL_ID, 'HELP_ARTICLE_NOT_FOUND') });

/**
 * The brand's content: the notices call and the help centre for players (spec §7 "Notices", "/wps/system/helpCenter"),
 * and the operator's calls that write notices, banners, popups, promotions, the help centre and the licence.
 */
export const noticesContentUseCases = {
  notices: serviceUseCase({
    id: 'notices',
    summary: 'Banners, player notices, popups, promotions and help notices the caller sees now, in the language',
    description:
      '`types` is a comma list of B (banners), PL (player notices), PU (popups), PR (promotions) and H (help notices); all when absent. ' +
      'The audience comes from the session: guests, members (trial accounts too) or agents. Popups follow spec §4: guests see ' +
      'execution B, members A and F; `execution` narrows them to one. Only notices inside their time window are answered. ' +
      'Texts missing in the language come in the brand’s default language. The same for every caller of a brand, language ' +
      'and audience; a `notice` push says when it changed.',
    tag: 'Content',
    method: 'GET',
    paths: ['/wps/system/notices'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    sharedCacheMs: CONTENT_CACHE_MS,
    request: queryWithBlanksAbsent(noticesQuerySchema),
    response: rpc.getNotices.output,
    operation: { service: 'notices', method: 'getNotices' },
    context: { ...READER, audience: 'audience' },
  }),
  helpCentre: serviceUseCase({
    id: 'helpCentre',
    summary: 'The help centre in the language: categories with their articles, the terms, the licence, and a search',
    description: '`search` finds the articles holding every word, in the title or the text, accents and case ignored; title matches first.',
    tag: 'Content',
    method: 'GET',
    paths: ['/wps/system/helpCenter'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    sharedCacheMs: CONTENT_CACHE_MS,
    request: helpCentreQuerySchema,
    response: rpc.getHelpCentre.output,
    operation: { service: 'notices', method: 'getHelpCentre' },
    context: READER,
  }),
  operatorNotices: serviceUseCase({
    ...desk,
    id: 'operatorNotices',
    summary: 'A brand’s notices of every type, with every language, newest start first, paged',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/notices'],
    request: operatorNoticesQuerySchema.extend({ merchantCode }),
    response: rpc.operatorListNotices.output,
    operation: { service: 'notices', method: 'operatorListNotices' },
  }),
  operatorCreateNotice: serviceUseCase({
    ...change,
    id: 'operatorCreateNotice',
    summary: 'Publishes a banner, player notice, popup, promotion or help notice; rich text is sanitised',
    description:
      'Refused with nothing stored: an empty title (NOTICE_TITLE_EMPTY), an end not after the start (NOTICE_WINDOW_INVALID), a banner ' +
      'without a known group (BANNER_GROUP_INVALID), a popup without an execution (NOTICE_EXECUTION_REQUIRED), a link target that does ' +
      'not fit its linkage type (NOTICE_LINK_INVALID: GAME a nodeId, PROMOTION a promotion of the brand, PAGE a site path), a URL ' +
      'that is not http(s) (NOTICE_URL_INVALID), an image not uploaded (CONTENT_IMAGE_NOT_FOUND).',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/notices'],
    request: noticeBodySchema.extend({ merchantCode }),
    response: rpc.operatorCreateNotice.output,
    operation: { service: 'notices', method: 'operatorCreateNotice' },
    context: OPERATOR,
  }),
  operatorUpdateNotice: serviceUseCase({
    ...change,
    id: 'operatorUpdateNotice',
    summary: 'Replaces a notice’s fields and texts; players see the change on their next read',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/notices/:noticeId'],
    request: noticeBodySchema.extend(noticePath.shape),
    response: rpc.operatorUpdateNotice.output,
    operation: { service: 'notices', method: 'operatorUpdateNotice' },
    context: OPERATOR,
  }),
  operatorDeleteNotice: serviceUseCase({
    ...change,
    id: 'operatorDeleteNotice',
    summary: 'Removes one of the brand’s notices',
    method: 'DELETE',
    paths: ['/operator/v1/merchants/:merchantCode/notices/:noticeId'],
    request: noticePath,
    response: rpc.operatorDeleteNotice.output,
    operation: { service: 'notices', method: 'operatorDeleteNotice' },
    context: OPERATOR,
  }),
  operatorUploadContentImage: serviceUseCase({
    ...desk,
    id: 'operatorUploadContentImage',
    summary: 'Uploads an image for notices and the licence: png or jpeg, at most 5 MB, checked by content',
    description:
      'The image is decoded, turned upright, fitted inside 1920 × 1920 and written again without metadata. Anything that is not ' +
      'really a png or jpeg, or is larger, is IMAGE_INVALID and nothing is stored. Answers its key and public URL.',
    method: 'POST',
    paths: ['/operator/v1/content/images'],
    bodyLimit: '7mb',
    request: contentImageBodySchema,
    response: rpc.operatorUploadContentImage.output,
    operation: { service: 'notices', method: 'operatorUploadContentImage' },
    context: OPERATOR,
  }),
  operatorHelpCentre: serviceUseCase({
    ...desk,
    id: 'operatorHelpCentre',
    summary: 'A brand’s help centre with every language: categories, articles and the licence',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/help'],
    request: z.object({ merchantCode }),
    response: rpc.operatorHelpCentre.output,
    operation: { service: 'notices', method: 'operatorHelpCentre' },
  }),
  operatorCreateHelpCategory: serviceUseCase({
    ...change,
    id: 'operatorCreateHelpCategory',
    summary: 'Adds a help-centre category',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/help/categories'],
    request: helpCategoryBodySchema.extend({ merchantCode }),
    response: rpc.operatorCreateHelpCategory.output,
    operation: { service: 'notices', method: 'operatorCreateHelpCategory' },
    context: OPERATOR,
  }),
  operatorUpdateHelpCategory: serviceUseCase({
    ...change,
    id: 'operatorUpdateHelpCategory',
    summary: 'Renames or reorders a help-centre category',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/help/categories/:categoryId'],
    request: helpCategoryBodySchema.extend(categoryPath.shape),
    response: rpc.operatorUpdateHelpCategory.output,
    operation: { service: 'notices', method: 'operatorUpdateHelpCategory' },
    context: OPERATOR,
  }),
  operatorDeleteHelpCategory: serviceUseCase({
    ...change,
    id: 'operatorDeleteHelpCategory',
    summary: 'Removes an empty help-centre category',
    method: 'DELETE',
    paths: ['/operator/v1/merchants/:merchantCode/help/categories/:categoryId'],
    request: categoryPath,
    response: rpc.operatorDeleteHelpCategory.output,
    operation: { service: 'notices', method: 'operatorDeleteHelpCategory' },
    context: OPERATOR,
  }),
  operatorCreateHelpArticle: serviceUseCase({
    ...change,
    id: 'operatorCreateHelpArticle',
    summary: 'Adds a help article to a category; rich text is sanitised; `terms` marks the brand’s terms',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/help/articles'],
    request: helpArticleBodySchema.extend({ merchantCode }),
    response: rpc.operatorCreateHelpArticle.output,
    operation: { service: 'notices', method: 'operatorCreateHelpArticle' },
    context: OPERATOR,
  }),
  operatorUpdateHelpArticle: serviceUseCase({
    ...change,
    id: 'operatorUpdateHelpArticle',
    summary: 'Replaces a help article’s texts, category, order and terms mark',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/help/articles/:articleId'],
    request: helpArticleBodySchema.extend(articlePath.shape),
    response: rpc.operatorUpdateHelpArticle.output,
    operation: { service: 'notices', method: 'operatorUpdateHelpArticle' },
    context: OPERATOR,
  }),
  operatorDeleteHelpArticle: serviceUseCase({
    ...change,
    id: 'operatorDeleteHelpArticle',
    summary: 'Removes a help article',
    method: 'DELETE',
    paths: ['/operator/v1/merchants/:merchantCode/help/articles/:articleId'],
    request: articlePath,
    response: rpc.operatorDeleteHelpArticle.output,
    operation: { service: 'notices', method: 'operatorDeleteHelpArticle' },
    context: OPERATOR,
  }),
  operatorSetLicence: serviceUseCase({
    ...change,
    id: 'operatorSetLicence',
    summary: 'Sets the brand’s licence: its image (an uploaded image’s key) and its text per language',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/licence'],
    request: licenceBodySchema.extend({ merchantCode }),
    response: rpc.operatorSetLicence.output,
    operation: { service: 'notices', method: 'operatorSetLicence' },
    context: OPERATOR,
  }),
};
