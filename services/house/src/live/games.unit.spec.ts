import { describe, expect, it } from 'vitest';
import { BP, dealFromShoe, drawResult, msToReachX100, multiplierX100At, playBaccarat, returnBp, rouletteNumbers, validSpot } from './games.js';
import { chainLinks, followsInChain, OutcomeStream, roundSeed, sha256Hex } from './fairness-chain.js';

describe('the table hash chain', () => {
  it('reveals seeds that each hash to the one before, down to the published head', () => {
    const links = chainLinks('11'.repeat(32), 50);
    const head = links.at(-1)!;
    const first = roundSeed(links, 0);
    const second = roundSeed(links, 1);
    expect(first.seedHash).toBe(head);
    expect(followsInChain(first.serverSeed, head)).toBe(true);
    expect(followsInChain(second.serverSeed, first.serverSeed)).toBe(true);
    expect(second.seedHash).toBe(sha256Hex(second.serverSeed));
    expect(() => roundSeed(links, 50)).toThrow();
  });

  it('draws integers without modulo bias: a chi-square over 37 roulette pockets stays below the 0.1 % critical value', () => {
    const counts = new Array<number>(37).fill(0);
    const draws = 37_000;
    for (let nonce = 0; nonce < draws; nonce++) counts[new OutcomeStream('ab'.repeat(32), 'table', nonce).int(37)]!++;
    const expected = draws / 37;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 36 degrees of freedom: P(χ² > 67.99) = 0.001.
    expect(chiSquare).toBeLessThan(67.99);
  });

  it('gives the same result for the same seed, client seed and round', () => {
    const a = drawResult('baccarat', new OutcomeStream('cd'.repeat(32), 'wps-house-baccarat-1', 7));
    const b = drawResult('baccarat', new OutcomeStream('cd'.repeat(32), 'wps-house-baccarat-1', 7));
    expect(a).toEqual(b);
  });
});

describe('roulette', () => {
  it('knows the European bets and refuses the rest', () => {
    expect(rouletteNumbers('split-0-2')).toEqual([0, 2]);
    expect(rouletteNumbers('split-3-4')).toBeUndefined();
    expect(rouletteNumbers('corner-1')).toEqual([1, 2, 4, 5]);
    expect(rouletteNumbers('street-34')).toEqual([34, 35, 36]);
    expect(rouletteNumbers('column-1')).toHaveLength(12);
    expect(rouletteNumbers('straight-37')).toBeUndefined();
    expect(validSpot('roulette', 'red')).toBe(true);
    expect(validSpot('roulette', 'banker')).toBe(false);
  });

  it('pays 35:1 straight, 17:1 split, 1:1 on red, and nothing on red when zero comes', () => {
    expect(returnBp('roulette', 'straight-17', { number: 17 })).toBe(36 * BP);
    expect(returnBp('roulette', 'split-17-20', { number: 20 })).toBe(18 * BP);
    expect(returnBp('roulette', 'dozen-2', { number: 13 })).toBe(3 * BP);
    expect(returnBp('roulette', 'red', { number: 1 })).toBe(2 * BP);
    expect(returnBp('roulette', 'red', { number: 0 })).toBe(0);
    expect(returnBp('roulette', 'black', { number: 1 })).toBe(0);
  });
});

describe('baccarat', () => {
  it('applies the third-card rules', () => {
    // Player 2+3 = 5 draws a 4 (9); banker 5+0 = 5 draws on a player third card of 4 and gets a 3 (8).
    const hand = playBaccarat(['2S', '5H', '3D', 'KC', '4S', '3H']);
    expect(hand.player).toEqual(['2S', '3D', '4S']);
    expect(hand.banker).toEqual(['5H', 'KC', '3H']);
    expect(hand.winner).toBe('player');
    // Naturals stand.
    expect(playBaccarat(['9S', '2H', 'KD', '5C', '4S', '3H']).player).toHaveLength(2);
  });

  it('pays banker 0.95:1, ties 8:1 and pushes the main bets on a tie', () => {
    expect(returnBp('baccarat', 'banker', { winner: 'banker' })).toBe(19_500);
    expect(returnBp('baccarat', 'player', { winner: 'player' })).toBe(2 * BP);
    expect(returnBp('baccarat', 'tie', { winner: 'tie' })).toBe(9 * BP);
    expect(returnBp('baccarat', 'banker', { winner: 'tie' })).toBe(BP);
    expect(returnBp('baccarat', 'player-pair', { winner: 'banker', playerPair: true })).toBe(12 * BP);
  });
});

describe('dragon tiger, cockfight and crash', () => {
  it('dragon tiger pays 1:1, tie 8:1 and takes half on a tie', () => {
    expect(returnBp('dragon-tiger', 'dragon', { winner: 'dragon' })).toBe(2 * BP);
    expect(returnBp('dragon-tiger', 'tiger', { winner: 'tie' })).toBe(BP / 2);
    expect(returnBp('dragon-tiger', 'tie', { winner: 'tie' })).toBe(9 * BP);
  });

  it('cockfight pays the published odds and returns meron and wala on a draw', () => {
    const odds = { meron: '0.85', wala: '1.05', draw: '8.00' };
    expect(returnBp('cockfight', 'meron', { winner: 'meron' }, odds)).toBe(18_500);
    expect(returnBp('cockfight', 'wala', { winner: 'meron' }, odds)).toBe(0);
    expect(returnBp('cockfight', 'wala', { winner: 'draw' }, odds)).toBe(BP);
    expect(returnBp('cockfight', 'draw', { winner: 'draw' }, odds)).toBe(9 * BP);
    const drawn = drawResult('cockfight', new OutcomeStream('ef'.repeat(32), 'c', 3));
    expect(Number(drawn.odds!.meron)).toBeGreaterThan(0);
  });

  it('crash: the curve reaches the bust point at the computed time, and about 2 % of rounds bust at 1.00 (P(x ≥ 1.01) = 0.99 / 1.01)', () => {
    const growth = 0.00006;
    expect(multiplierX100At(msToReachX100(250, growth), growth)).toBeGreaterThanOrEqual(250);
    expect(multiplierX100At(msToReachX100(250, growth) - 5, growth)).toBeLessThan(250);
    let instant = 0;
    for (let nonce = 0; nonce < 20_000; nonce++) if ((drawResult('crash', new OutcomeStream('01'.repeat(32), 'c', nonce)).result.crashX100 as number) === 100) instant++;
    expect(instant / 20_000).toBeGreaterThan(0.015);
    expect(instant / 20_000).toBeLessThan(0.025);
  });

  it('deals distinct cards from one shuffled shoe', () => {
    const cards = dealFromShoe(new OutcomeStream('aa'.repeat(32), 's', 1), 6, 1);
    expect(new Set(cards).size).toBe(6);
  });
});
