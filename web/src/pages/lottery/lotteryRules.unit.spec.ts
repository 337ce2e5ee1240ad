import { describe, expect, it } from 'vitest';
import { favouritesFirst, favouritesKey, lotteryAreaOf, lotteryLaunchParams, lotteryVendorsOf, readFavourites, toggleFavourite, writeFavourites } from './lotteryRules';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
};

describe('lottery page rules', () => {
  it('maps paths to areas, case-insensitively', () => {
    expect(lotteryAreaOf('/lottery').vendors).toEqual(['LOTT', 'ELOTT']);
    expect(lotteryAreaOf('/vnlottery').area).toBe('vnLottery');
    expect(lotteryAreaOf('/seaLottery/').area).toBe('seaLottery');
  });

  it('builds the spec launch fields: prize mode from the lottery vendors, VN area, SEA prize mode on the SEA page', () => {
    const lanes = [
      { title: 'LOTT', cards: [{ vassalage: 'LOTT' }, { vassalage: 'TCG_SEA' }] },
      { title: 'RNG', cards: [{ vassalage: 'PGS' }] },
    ];
    expect(lotteryVendorsOf(lanes)).toEqual(['LOTT', 'TCG_SEA']);
    const common = { view: 'lobby' as const, backUrl: 'https://x.example/lottery?gameCode=a', language: 'EN' };
    expect(lotteryLaunchParams({ area: lotteryAreaOf('/lottery'), lotteryVendors: ['LOTT'], ...common })).toEqual({ launchMode: 'LOTT', prizeMode: 'ELOTT', device: 'WEB', ...common });
    expect(lotteryLaunchParams({ area: lotteryAreaOf('/lottery'), lotteryVendors: ['TCG_SEA'], ...common }).prizeMode).toBe('LOTT');
    expect(lotteryLaunchParams({ area: lotteryAreaOf('/vnLottery'), lotteryVendors: ['TCG_LOTTO_VN'], ...common })).toMatchObject({ lottoArea: 'VN', prizeMode: 'ELOTT' });
    expect(lotteryLaunchParams({ area: lotteryAreaOf('/seaLottery'), lotteryVendors: ['LOTT'], ...common }).prizeMode).toBe('SEA');
  });

  it('keeps favourites per username as a list of game ids', () => {
    const storage = memoryStorage();
    expect(readFavourites(storage, 'ana')).toEqual([]);
    writeFavourites(storage, 'ana', toggleFavourite([], '12'));
    expect(storage.values.get(favouritesKey('ana'))).toBe('["12"]');
    expect(readFavourites(storage, 'ana')).toEqual(['12']);
    expect(readFavourites(storage, 'bob')).toEqual([]);
    expect(toggleFavourite(['12', '13'], '12')).toEqual(['13']);
    storage.setItem(favouritesKey('ana'), '{broken');
    expect(readFavourites(storage, 'ana')).toEqual([]);
    expect(favouritesFirst([{ nodeId: 1 }, { nodeId: 2 }, { nodeId: 3 }], ['3'])).toEqual([{ nodeId: 3 }, { nodeId: 1 }, { nodeId: 2 }]);
  });
});
