import { describe, expect, it } from 'vitest';
import { clientRouteFor, likePattern, lobbyGameType, maskCustomerName, rngClassifiesFor, totalPages } from './lobby.js';

describe('lobby rules', () => {
  it('moves esports and cockfight vendors out of SPORTS', () => {
    expect(lobbyGameType('AV', 'SPORTS')).toBe('ESPORTS');
    expect(lobbyGameType('IMES', 'SPORTS')).toBe('ESPORTS');
    expect(lobbyGameType('SV3', 'SPORTS')).toBe('COCKFIGHT');
    expect(lobbyGameType('WS168', 'SPORTS')).toBe('COCKFIGHT');
    expect(lobbyGameType('SBO', 'SPORTS')).toBe('SPORTS');
    expect(lobbyGameType('PGS', 'RNG')).toBe('RNG');
  });

  it('offers bingo only to brands with TY among their languages', () => {
    expect(rngClassifiesFor(['ES', 'EN'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC']);
    expect(rngClassifiesFor(['ES', 'TY'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC', 'BG']);
  });

  it('masks winner names as two characters, three stars and the last character', () => {
    expect(maskCustomerName('lucia2024')).toBe('lu***4');
    expect(maskCustomerName('abcd')).toBe('ab***d');
    expect(maskCustomerName('ab')).toBe('a***');
    expect(maskCustomerName(null)).toBe('***');
  });

  it('routes lottery vendors and RNG vendors with their own game list to client pages', () => {
    const game = (vassalage: string, gameType = 'LOTT', isGame: 'GAME' | 'VASSALAGE' = 'GAME') => ({ vassalage, gameCode: 'g 1', gameType, isGame });
    expect(clientRouteFor(game('TCG_LOTTO_VN'))).toBe('/vnLottery?gameCode=g%201');
    expect(clientRouteFor(game('TCG_SEA'))).toBe('/seaLottery?gameCode=g%201');
    expect(clientRouteFor(game('LOTT'))).toBe('/lottery?gameCode=g%201');
    expect(clientRouteFor(game('ELOTT', 'ELOTT'))).toBe('/lottery?gameCode=g%201');
    expect(clientRouteFor(game('JDB', 'RNG', 'VASSALAGE'))).toBe('/rng?vassalage=JDB');
    expect(clientRouteFor(game('PGS', 'RNG'))).toBeUndefined();
  });

  it('opens the house sportsbook from sports and e-sports tiles, not from cockfights', () => {
    const game = (vassalage: string) => ({ vassalage, gameCode: 'g1', gameType: 'SPORTS', isGame: 'GAME' as const });
    expect(clientRouteFor(game('SBO'))).toBe('/sportsbook?group=sports');
    expect(clientRouteFor(game('AV'))).toBe('/sportsbook?group=esports');
    expect(clientRouteFor(game('SV3'))).toBeUndefined();
  });

  it('pages and escapes searches', () => {
    expect(totalPages(0, 18)).toBe(0);
    expect(totalPages(19, 18)).toBe(2);
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });
});
