import { describe, expect, it } from 'vitest';
import {
  addFavouriteId,
  compareDecimal,
  decideCategory,
  decideCategoryView,
  gameTypeOfPath,
  initialCategoryView,
  leadingThrottle,
  pageOf,
  pagingRange,
  prizeMode,
  removeFavouriteId,
  sortWinners,
  vendorLink,
  type CategoryViewState,
} from './rules';

describe('pagingRange (range 5, margin 2)', () => {
  it('lists every page when they all fit', () => {
    expect(pagingRange(1, 1)).toEqual([1]);
    expect(pagingRange(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagingRange(1, 0)).toEqual([]);
  });
  it('keeps two pages at each end and five around the current one', () => {
    expect(pagingRange(10, 20)).toEqual([1, 2, 'gap', 8, 9, 10, 11, 12, 'gap', 19, 20]);
  });
  it('slides the window at the edges', () => {
    expect(pagingRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 19, 20]);
    expect(pagingRange(20, 20)).toEqual([1, 2, 'gap', 16, 17, 18, 19, 20]);
    expect(pagingRange(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 19, 20]);
  });
  it('clamps a current page outside the range', () => {
    expect(pagingRange(99, 12)).toEqual(pagingRange(12, 12));
  });
});

describe('leadingThrottle (favourite toggle, 1000 ms)', () => {
  it('runs the first call of a window and drops the rest', () => {
    let now = 10_000;
    const allow = leadingThrottle(1000, () => now);
    expect(allow()).toBe(true);
    now += 999;
    expect(allow()).toBe(false);
    now += 1;
    expect(allow()).toBe(true);
    expect(allow()).toBe(false);
  });
});

describe('favourite ids', () => {
  it('skips an add when the game is already a favourite', () => {
    const ids = ['1', '2'];
    expect(addFavouriteId(ids, '2')).toBe(ids);
    expect(addFavouriteId(ids, '3')).toEqual(['1', '2', '3']);
    expect(removeFavouriteId(ids, '1')).toEqual(['2']);
    expect(removeFavouriteId(ids, '9')).toBe(ids);
  });
});

describe('the category view rules (spec §4 Lobby)', () => {
  const busy: CategoryViewState = { vassalage: 'PG', gameClassify: 'SC', filter: 'HOT', pageNo: 3, searchText: 'dragon ', gameName: 'dragon' };

  it('choosing a vendor resets classification and filter to ALL, the page and the search', () => {
    expect(decideCategoryView(busy, { kind: 'vendor', vassalage: 'JDB' }, true).state).toEqual({
      vassalage: 'JDB',
      gameClassify: 'ALL',
      filter: 'ALL',
      pageNo: 1,
      searchText: '',
      gameName: '',
    });
  });

  it('choosing a classification alone selects its first vendor', () => {
    const next = decideCategoryView(busy, { kind: 'classify', gameClassify: 'VP', vendorsOfClassify: ['JILI', 'PG'] }, true).state;
    expect(next.gameClassify).toBe('VP');
    expect(next.vassalage).toBe('JILI');
    expect(next.pageNo).toBe(1);
    expect(next.searchText).toBe('');
  });

  it('changing the filter resets the search and the page', () => {
    const next = decideCategoryView(busy, { kind: 'filter', filter: 'ALL' }, false).state;
    expect(next).toMatchObject({ filter: 'ALL', pageNo: 1, searchText: '', gameName: '', vassalage: 'PG' });
  });

  it('the favourite and recent filters need a login and change nothing without one', () => {
    for (const filter of ['FAV', 'RECENT'] as const) {
      const decision = decideCategoryView(busy, { kind: 'filter', filter }, false);
      expect(decision.login).toBe(true);
      expect(decision.state).toBe(busy);
      expect(decideCategoryView(busy, { kind: 'filter', filter }, true).state.filter).toBe(filter);
    }
  });

  it('changing the page resets the search; a page past totalPages is ignored', () => {
    expect(decideCategoryView(busy, { kind: 'page', pageNo: 4, totalPages: 4 }, true).state).toMatchObject({ pageNo: 4, searchText: '', gameName: '' });
    expect(decideCategoryView(busy, { kind: 'page', pageNo: 5, totalPages: 4 }, true).state).toBe(busy);
    expect(decideCategoryView(busy, { kind: 'page', pageNo: 0, totalPages: 4 }, true).state).toBe(busy);
  });

  it('a search filters by the trimmed name from page 1', () => {
    const typed = decideCategoryView(initialCategoryView(), { kind: 'typing', text: '  Lucky ' }, false).state;
    expect(typed.gameName).toBe('');
    const searched = decideCategoryView({ ...typed, pageNo: 2 }, { kind: 'search' }, false).state;
    expect(searched).toMatchObject({ gameName: 'Lucky', pageNo: 1, searchText: '  Lucky ' });
  });

  it('FAV without login opens the login popup and returns to HOME', () => {
    expect(decideCategory('FAV', false)).toEqual({ state: 'HOME', login: true });
    expect(decideCategory('FAV', true)).toEqual({ state: 'FAV' });
    expect(decideCategory('LIVE', false)).toEqual({ state: 'LIVE' });
  });
});

describe('winner board order', () => {
  it('sorts by win amount, largest first, without floats, and keeps 20', () => {
    const list = ['9.99', '10.00', '100.5', '0.01', '99999999999999999.99'].map((winAmount) => ({ winAmount }));
    expect(sortWinners(list).map((w) => w.winAmount)).toEqual(['99999999999999999.99', '100.5', '10.00', '9.99', '0.01']);
    const many = Array.from({ length: 30 }, (_, i) => ({ winAmount: `${i}.00` }));
    expect(sortWinners(many)).toHaveLength(20);
    expect(sortWinners(many)[0]?.winAmount).toBe('29.00');
  });
  it('compares decimal strings', () => {
    expect(compareDecimal('1.10', '1.1')).toBe(0);
    expect(compareDecimal('-2', '1')).toBe(-1);
    expect(compareDecimal('0.00', '-0')).toBe(0);
    expect(compareDecimal('12', '9.99')).toBe(1);
  });
});

describe('routes and small rules', () => {
  it('maps category routes both ways', () => {
    expect(gameTypeOfPath('/rng')).toBe('RNG');
    expect(gameTypeOfPath('/cockfight')).toBe('COCKFIGHT');
    expect(gameTypeOfPath('/seamless')).toBeNull();
    expect(vendorLink('RNG', 'PG')).toBe('/rng?vassalage=PG');
  });
  it('pages a whole list', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], totalPages: 3 });
    expect(pageOf([], 1, 18)).toEqual({ items: [], totalPages: 1 });
  });
  it('picks the prize mode from the lottery vendors', () => {
    expect(prizeMode(['TCG_LOTTO_VN'])).toBe('ELOTT');
    expect(prizeMode(['LOTT', 'X'])).toBe('ELOTT');
    expect(prizeMode(['TCG_SEA'])).toBe('LOTT');
  });
});
