import { describe, expect, it } from 'vitest';
import { audienceOfMemberType, noticeBodySchema, useCases, type NoticeBody } from '@wps/contracts';
import { checkLink, checkNotice, isHttpUrl, nextChange, pickText, searchable, searchArticles, shownTo } from './rules.js';

const now = new Date('2025-06-01T12:00:00Z');
const body = (fields: Record<string, unknown> = {}): NoticeBody => noticeBodySchema.parse({ type: 'PL', texts: { ES: { title: 'Hola' } }, ...fields });
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('content rules', () => {
  it('picks the language, then the brand’s default language, then any, always the same one', () => {
    expect(pickText({ ES: 'hola', EN: 'hello' }, 'EN', 'ES')).toBe('hello');
    expect(pickText({ ES: 'hola' }, 'EN', 'ES')).toBe('hola');
    expect(pickText({ EN: 'hello', PT: 'olá' }, 'ES', 'ES')).toBe('hello');
    expect(pickText({}, 'ES', 'ES')).toBeUndefined();
  });

  it('derives the audience from the member type: agents 1, 2, 41, 42; trial 4 is a member; no session is a guest', () => {
    expect([1, 2, 41, 42].map(audienceOfMemberType)).toEqual(['agent', 'agent', 'agent', 'agent']);
    expect([0, 4].map(audienceOfMemberType)).toEqual(['member', 'member']);
    expect(audienceOfMemberType(undefined)).toBe('guest');
  });

  it('checks a notice: titles, window, banner group, popup execution; clears fields of other types', () => {
    expect(checkNotice(body({ groupName: 'w_home', execution: 'A' }), now)).toMatchObject({ groupName: null, execution: null, startsAt: now, endsAt: null });
    expect(checkNotice(body({ type: 'B', groupName: 'w_leftmenu' }), now).groupName).toBe('w_leftmenu');
    expect(checkNotice(body({ type: 'PU', execution: 'F' }), now).execution).toBe('F');
    expect(checkNotice(body({ texts: { EN: { title: ' <em>Big</em> win ', content: '<p>ok</p><script>x</script>' } } }), now).texts).toEqual({ EN: { title: 'Big win', content: '<p>ok</p>' } });
    expect(codeOf(() => checkNotice(body({ texts: { ES: { title: ' ' } } }), now))).toBe('NOTICE_TITLE_EMPTY');
    expect(codeOf(() => checkNotice(body({ texts: {} }), now))).toBe('NOTICE_TITLE_EMPTY');
    expect(codeOf(() => checkNotice(body({ startsAt: '2025-06-02T00:00:00Z', endsAt: '2025-06-02T00:00:00Z' }), now))).toBe('NOTICE_WINDOW_INVALID');
    expect(codeOf(() => checkNotice(body({ startsAt: '2025-05-01T00:00:00Z', endsAt: '2025-05-31T00:00:00Z' }), now))).toBe('NOTICE_WINDOW_INVALID');
    expect(checkNotice(body({ startsAt: '2025-05-01T00:00:00Z', endsAt: '2025-06-30T00:00:00Z' }), now).endsAt).toEqual(new Date('2025-06-30T00:00:00Z'));
    expect(codeOf(() => checkNotice(body({ type: 'B', groupName: 'w_top' }), now))).toBe('BANNER_GROUP_INVALID');
    expect(codeOf(() => checkNotice(body({ type: 'B' }), now))).toBe('BANNER_GROUP_INVALID');
    expect(codeOf(() => checkNotice(body({ type: 'PU' }), now))).toBe('NOTICE_EXECUTION_REQUIRED');
  });

  it('checks that a link target fits its linkage type', () => {
    const fits = (type: Parameters<typeof checkLink>[0], target: string) => codeOf(() => checkLink(type, target)) ?? 'ok';
    expect(fits('NONE', '')).toBe('ok');
    expect(fits('NONE', '/live')).toBe('NOTICE_LINK_INVALID');
    expect(fits('GAME', '1234')).toBe('ok');
    expect(fits('GAME', 'house-dice')).toBe('NOTICE_LINK_INVALID');
    expect(fits('PROMOTION', '0')).toBe('NOTICE_LINK_INVALID');
    expect(fits('PAGE', '/rng?vassalage=PGS')).toBe('ok');
    expect(fits('PAGE', '/register')).toBe('ok');
    for (const target of ['//evil.example', '/\\evil.example', 'live', 'https://example.com', '/a b']) expect(fits('PAGE', target)).toBe('NOTICE_LINK_INVALID');
    expect(fits('URL', 'https://example.com/promo?a=1')).toBe('ok');
    for (const target of ['javascript:alert(1)', 'ftp://example.com', 'data:text/html,x', '/live', 'https://', 'http://exa mple.com']) expect(fits('URL', target)).toBe('NOTICE_URL_INVALID');
    expect(isHttpUrl('HTTP://EXAMPLE.COM')).toBe(true);
  });

  it('shows a notice to its audiences and VIP levels; popups by execution: B to guests, A and F to members', () => {
    const note = { type: 'PL' as const, audiences: ['guest', 'member'], minVipLevel: 0, execution: null };
    expect(shownTo(note, { audience: 'guest', vipLevel: 0 })).toBe(true);
    expect(shownTo(note, { audience: 'agent', vipLevel: 0 })).toBe(false);
    expect(shownTo({ ...note, minVipLevel: 2 }, { audience: 'member', vipLevel: 1 })).toBe(false);
    expect(shownTo({ ...note, minVipLevel: 2 }, { audience: 'member', vipLevel: 2 })).toBe(true);
    const popup = (execution: 'A' | 'B' | 'F') => ({ type: 'PU' as const, audiences: ['guest', 'member', 'agent'], minVipLevel: 0, execution });
    expect(shownTo(popup('B'), { audience: 'guest', vipLevel: 0 })).toBe(true);
    expect(shownTo(popup('A'), { audience: 'guest', vipLevel: 0 })).toBe(false);
    expect(shownTo(popup('A'), { audience: 'guest', vipLevel: 0, execution: 'A' })).toBe(false);
    expect(shownTo(popup('B'), { audience: 'member', vipLevel: 0 })).toBe(false);
    expect(shownTo(popup('F'), { audience: 'agent', vipLevel: 0 })).toBe(true);
    expect(shownTo(popup('F'), { audience: 'member', vipLevel: 0, execution: 'A' })).toBe(false);
  });

  it('finds when an answer next changes by itself: the earliest start or end after now', () => {
    const at = (text: string) => new Date(`2025-06-${text}Z`);
    expect(nextChange([], now)).toBeNull();
    expect(nextChange([{ startsAt: at('01T00:00:00'), endsAt: null }], now)).toBeNull();
    expect(
      nextChange(
        [
          { startsAt: at('01T00:00:00'), endsAt: at('03T00:00:00') },
          { startsAt: at('02T00:00:00'), endsAt: null },
        ],
        now,
      ),
    ).toEqual(at('02T00:00:00'));
  });

  it('searches articles for every word, accents and case ignored, title matches first', () => {
    const article = (id: string, title: string, text: string) => ({ id, searchTitle: searchable(title), searchText: searchable(text) });
    const articles = [article('1', 'Mi depósito no aparece', 'Espera 30 minutos'), article('2', 'Retiros', 'Un retiro tras el depósito'), article('3', 'Juegos', 'Slots')];
    expect(searchArticles(articles, 'DEPOSITO').map((found) => found.id)).toEqual(['1', '2']);
    expect(searchArticles(articles, 'retiro deposito').map((found) => found.id)).toEqual(['2']);
    expect(searchArticles(articles, 'deposito slots')).toEqual([]);
    expect(searchArticles(articles, '   ')).toEqual([]);
    expect(searchable('  Términos   Y  CONDICIONES ')).toBe('terminos y condiciones');
  });

  it('reads the notices call’s query: types once each in one order, W by default, empty fields ignored', () => {
    const noticesQuerySchema = useCases.notices.request;
    expect(noticesQuerySchema.parse({ types: 'pr, B,B', platform: '' })).toMatchObject({ types: ['B', 'PR'], platform: 'W' });
    expect(noticesQuerySchema.parse({}).types).toEqual(['B', 'PL', 'PU', 'PR', 'H']);
    expect(noticesQuerySchema.parse({ execution: '' }).execution).toBeUndefined();
    expect(noticesQuerySchema.safeParse({ types: 'B,ZZ' }).success).toBe(false);
  });
});
