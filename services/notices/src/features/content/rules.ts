import { BANNER_GROUPS, textForReader, type BannerGroup, type LinkageType, type NoticeAudience, type NoticeBody, type NoticeExecution, type NoticeType } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { plainText, sanitiseRichText } from '../../infra/sanitise.js';

/** Texts keyed by interface language (ES, EN, FR, ZH-TW…). */
export type Texts<T> = Partial<Record<string, T>>;

/** The text to show in `language`: that language's, else the brand's default language's, else any (the same for all). */
export const pickText = <T>(texts: Texts<T>, language: string, defaultLanguage: string): T | undefined => textForReader(texts, language, defaultLanguage);

/** A title as stored: plain text, trimmed (markup is removed, never shown). */
export const cleanTitle = (title: string): string => plainText(title);

/**
 * Texts per language as stored: titles plain, contents sanitised rich text. A language sent with an empty title, or
 * no language at all, is NOTICE_TITLE_EMPTY.
 */
export function cleanTexts<T extends { title: string; content?: string }>(texts: Texts<T>): Record<string, { title: string; content: string }> {
  const clean: Record<string, { title: string; content: string }> = {};
  for (const [language, text] of Object.entries(texts)) {
    if (!text) continue;
    const title = cleanTitle(text.title);
    if (!title) throw new AppError('NOTICE_TITLE_EMPTY', { field: `texts.${language}.title` });
    clean[language] = { title, content: sanitiseRichText(text.content ?? '') };
  }
  if (Object.keys(clean).length === 0) throw new AppError('NOTICE_TITLE_EMPTY', { field: 'texts' });
  return clean;
}

const DECIMAL_ID = /^[1-9][0-9]{0,17}$/;
/** A path of this site: one leading slash (never `//host`, which leaves it), no spaces or backslashes. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** Whether `target` fits `linkageType`; a URL must be an absolute http(s) address (NOTICE_URL_INVALID otherwise). */
export function checkLink(linkageType: LinkageType, target: string): void {
  const invalid = () => new AppError('NOTICE_LINK_INVALID', { field: 'linkTarget' });
  switch (linkageType) {
    case 'NONE':
      if (target !== '') throw invalid();
      return;
    case 'GAME':
    case 'PROMOTION':
      if (!DECIMAL_ID.test(target)) throw invalid();
      return;
    case 'PAGE':
      if (!SITE_PATH.test(target)) throw invalid();
      return;
    case 'URL':
      if (!isHttpUrl(target)) throw new AppError('NOTICE_URL_INVALID', { field: 'linkTarget' });
      return;
  }
}

export const isHttpUrl = (text: string): boolean => {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** A notice ready to store: the operator's body checked, its texts cleaned, the fields of other types cleared. */
export interface CheckedNotice extends Omit<NoticeBody, 'texts' | 'groupName' | 'execution' | 'startsAt' | 'endsAt'> {
  texts: Record<string, { title: string; content: string }>;
  groupName: BannerGroup | null;
  execution: NoticeExecution | null;
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * The operator's notice, checked at `now`: texts (NOTICE_TITLE_EMPTY), a window that ends after it starts and after
 * now (NOTICE_WINDOW_INVALID), a banner's group (BANNER_GROUP_INVALID), a popup's execution
 * (NOTICE_EXECUTION_REQUIRED) and the link (NOTICE_LINK_INVALID, NOTICE_URL_INVALID). Only a banner keeps a group
 * and only a popup an execution.
 */
export function checkNotice(body: NoticeBody, now: Date): CheckedNotice {
  const texts = cleanTexts(body.texts);
  const startsAt = body.startsAt ? new Date(body.startsAt) : now;
  const endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && (endsAt <= startsAt || endsAt <= now)) throw new AppError('NOTICE_WINDOW_INVALID', { field: 'endsAt' });
  let groupName: BannerGroup | null = null;
  if (body.type === 'B') {
    if (!body.groupName || !(BANNER_GROUPS as readonly string[]).includes(body.groupName)) throw new AppError('BANNER_GROUP_INVALID', { field: 'groupName' });
    groupName = body.groupName as BannerGroup;
  }
  let execution: NoticeExecution | null = null;
  if (body.type === 'PU') {
    if (!body.execution) throw new AppError('NOTICE_EXECUTION_REQUIRED', { field: 'execution' });
    execution = body.execution;
  }
  checkLink(body.linkageType, body.linkTarget);
  return { ...body, texts, groupName, execution, startsAt, endsAt };
}

/** Popup executions each audience sees (spec §4): guests B; members and agents A, and F on their first sign-in. */
const EXECUTIONS_OF: Record<NoticeAudience, readonly NoticeExecution[]> = { guest: ['B'], member: ['A', 'F'], agent: ['A', 'F'] };

export interface Viewer {
  audience: NoticeAudience;
  vipLevel: number;
  /** Only popups of this execution. */
  execution?: NoticeExecution;
}

/** Whether a notice inside its window is shown to this viewer. */
export function shownTo(notice: { type: NoticeType; audiences: readonly string[]; minVipLevel: number; execution: NoticeExecution | null }, viewer: Viewer): boolean {
  if (!notice.audiences.includes(viewer.audience) || notice.minVipLevel > viewer.vipLevel) return false;
  if (notice.type !== 'PU') return true;
  if (!notice.execution || !EXECUTIONS_OF[viewer.audience].includes(notice.execution)) return false;
  return viewer.execution === undefined || viewer.execution === notice.execution;
}

/** The earliest of the times after now at which a notice starts or ends: when the answer changes by itself. */
export function nextChange(windows: readonly { startsAt: Date; endsAt: Date | null }[], now: Date): Date | null {
  let next: Date | null = null;
  for (const { startsAt, endsAt } of windows) {
    for (const time of [startsAt, endsAt]) if (time && time > now && (!next || time < next)) next = time;
  }
  return next;
}

/** Text as the help-centre search compares it: lower case, accents removed, single spaces. */
export const searchable = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The articles holding every word of `search` in their title or text, those with every word in the title first,
 * otherwise in their given order.
 */
export function searchArticles<A extends { searchTitle: string; searchText: string }>(articles: readonly A[], search: string): A[] {
  const words = searchable(search).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const found = articles.filter((article) => words.every((word) => article.searchTitle.includes(word) || article.searchText.includes(word)));
  const inTitle = (article: A) => words.every((word) => article.searchTitle.includes(word));
  return [...found.filter(inTitle), ...found.filter((article) => !inTitle(article))];
}
