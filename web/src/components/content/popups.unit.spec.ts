import { describe, expect, it } from 'vitest';
import type { NoticeEntry, NoticeExecution } from '@wps/contracts';
import { localDate, newestFirst, pageOf, popupExecutions, popupMarker, popupsToShow, titlesPageOf } from './popups';

const popup = (id: string, execution: NoticeExecution | null, timestamp = '2026-01-01T00:00:00.000Z'): NoticeEntry => ({
  id,
  type: 'PU',
  title: `Popup ${id}`,
  content: '<p>text</p>',
  url: null,
  linkageType: 'NONE',
  linkTarget: '',
  groupName: null,
  execution,
  timestamp,
});

const list = [popup('a', 'A'), popup('b', 'B'), popup('f', 'F'), popup('x', null)];
const base = { signedIn: false, firstLogin: false, marked: false, hiddenOn: null, today: '2026-03-09' };
const ids = (entries: NoticeEntry[]) => entries.map((entry) => entry.id);

describe('announcement popup selection', () => {
  it('shows guests the B popups and members the A popups', () => {
    expect(ids(popupsToShow(list, base))).toEqual(['b']);
    expect(ids(popupsToShow(list, { ...base, signedIn: true }))).toEqual(['a']);
  });

  it('adds the F popups only right after a first sign-in', () => {
    expect(ids(popupsToShow(list, { ...base, signedIn: true, firstLogin: true }))).toEqual(['a', 'f']);
    // A guest is never on a first sign-in, whatever the flag says.
    expect(popupExecutions(false, true)).toEqual(['B']);
  });

  it('shows nothing once closed in this session', () => {
    expect(popupsToShow(list, { ...base, marked: true })).toEqual([]);
    expect(popupsToShow(list, { ...base, signedIn: true, firstLogin: true, marked: true })).toEqual([]);
  });

  it('shows nothing on the day "hide today" was chosen, and again the next day', () => {
    expect(popupsToShow(list, { ...base, hiddenOn: '2026-03-09' })).toEqual([]);
    expect(ids(popupsToShow(list, { ...base, hiddenOn: '2026-03-08' }))).toEqual(['b']);
  });

  it('uses the session marker of the audience', () => {
    expect(popupMarker(true)).toBe('USER_POPUP');
    expect(popupMarker(false)).toBe('ANONYMOUS_POPUP');
  });

  it('writes today as the local calendar day', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});

describe('lists in pages', () => {
  it('pages the popup titles seven at a time and the notice list nine at a time', () => {
    const many = Array.from({ length: 20 }, (_, index) => index);
    expect(pageOf(many, 1, 7)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6], totalPages: 3, pageNo: 1 });
    expect(pageOf(many, 3, 7).items).toEqual([14, 15, 16, 17, 18, 19]);
    expect(pageOf(many, 3, 9)).toEqual({ items: [18, 19], totalPages: 3, pageNo: 3 });
  });

  it('keeps a page number inside the list', () => {
    expect(pageOf([1, 2, 3], 9, 9)).toEqual({ items: [1, 2, 3], totalPages: 1, pageNo: 1 });
    expect(pageOf([], 0, 9)).toEqual({ items: [], totalPages: 1, pageNo: 1 });
  });

  it('finds the titles page of a slide', () => {
    expect(titlesPageOf(0)).toBe(1);
    expect(titlesPageOf(6)).toBe(1);
    expect(titlesPageOf(7)).toBe(2);
  });

  it('orders notices newest first', () => {
    const older = popup('old', null, '2026-01-01T00:00:00.000Z');
    const newer = popup('new', null, '2026-02-01T00:00:00.000Z');
    expect(ids(newestFirst([older, newer]))).toEqual(['new', 'old']);
  });
});
