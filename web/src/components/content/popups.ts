import type { NoticeEntry, NoticeExecution } from '@wps/contracts';

/** Announcement popup (publicModal) and notice list (noticeModal) constants (spec §9). */
export const POPUP_AUTOPLAY_MS = 5_000;
export const POPUP_SPEED_MS = 1_000;
export const POPUP_TITLES_PER_PAGE = 7;
export const NOTICE_LIST_PAGE_SIZE = 9;

/** Session markers set when the popup is closed: it is not shown again in that session (spec §4). */
export const USER_POPUP = 'USER_POPUP';
export const ANONYMOUS_POPUP = 'ANONYMOUS_POPUP';
/** Local storage key holding the local date on which the visitor chose "hide today". */
export const POPUP_HIDDEN_ON = 'POPUP_HIDDEN_ON';

export const popupMarker = (signedIn: boolean): string => (signedIn ? USER_POPUP : ANONYMOUS_POPUP);

/** The popups an audience sees: guests B; members A, and F as well right after their first sign-in. */
export function popupExecutions(signedIn: boolean, firstLogin: boolean): NoticeExecution[] {
  if (!signedIn) return ['B'];
  return firstLogin ? ['A', 'F'] : ['A'];
}

/** A date as the visitor's calendar day, yyyy-MM-dd in local time. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface PopupState {
  signedIn: boolean;
  firstLogin: boolean;
  /** The session marker of this audience is set: the popup was closed in this session. */
  marked: boolean;
  /** The day "hide today" was chosen (yyyy-MM-dd), if ever. */
  hiddenOn: string | null;
  /** Today in the visitor's calendar (yyyy-MM-dd). */
  today: string;
}

/** The popups to show now: none once closed this session or hidden today, else those of the visitor's audience. */
export function popupsToShow(popups: readonly NoticeEntry[], state: PopupState): NoticeEntry[] {
  if (state.marked || state.hiddenOn === state.today) return [];
  const executions = popupExecutions(state.signedIn, state.firstLogin);
  return popups.filter((popup) => popup.execution !== null && executions.includes(popup.execution));
}

/** The page (1-based) of the titles list that holds slide `index`. */
export const titlesPageOf = (index: number, perPage = POPUP_TITLES_PER_PAGE): number => Math.floor(index / perPage) + 1;

/** Entries of one page (1-based), and how many pages there are. */
export function pageOf<T>(list: readonly T[], pageNo: number, pageSize: number): { items: T[]; totalPages: number; pageNo: number } {
  const totalPages = Math.max(1, Math.ceil(list.length / pageSize));
  const current = Math.min(Math.max(1, pageNo), totalPages);
  return { items: list.slice((current - 1) * pageSize, current * pageSize), totalPages, pageNo: current };
}

/** Notices newest first (ties keep the brand's order). */
export const newestFirst = (list: readonly NoticeEntry[]): NoticeEntry[] => [...list].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
