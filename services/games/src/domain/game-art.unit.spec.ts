import { describe, expect, it } from 'vitest';
import { artMotif, gameArtSvg, vendorArtSvg, type ArtSubject } from './game-art.js';

/** Checks that every tag closes in order and names only drawing elements (no script, no outside reference). */
function drawingElements(svg: string): string[] {
  const stack: string[] = [];
  const names = new Set<string>();
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    names.add(name!);
    if (closing) expect(stack.pop(), `</${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(stack).toEqual([]);
  return [...names].sort();
}

const DRAWING = new Set(['svg', 'defs', 'g', 'rect', 'circle', 'ellipse', 'path', 'polygon', 'polyline', 'text', 'radialGradient', 'linearGradient', 'stop', 'clipPath']);

const house = (code: string, name: string, gameType: string): ArtSubject => ({ code, name, gameType, color: '#b45309' });

describe('game art', () => {
  it('draws each in-house game with its own motif', () => {
    const expected: Array<[ArtSubject, string]> = [
      [house('house-dice', 'Dice', 'RNG'), 'dice'],
      [house('house-crash', 'Crash', 'RNG'), 'crash'],
      [house('house-mines', 'Mines', 'RNG'), 'mines'],
      [house('house-plinko', 'Plinko', 'RNG'), 'plinko'],
      [house('house-roulette', 'Roulette', 'LIVE'), 'roulette'],
      [house('house-slot-pharaoh', "Pharaoh's Fortune", 'RNG'), 'pyramid'],
      [house('house-slot-fruits', 'Fruit Party', 'RNG'), 'fruits'],
      [house('house-baccarat', 'Baccarat', 'LIVE'), 'cards'],
      [house('house-dragon-tiger', 'Dragon Tiger', 'LIVE'), 'dragonTiger'],
      [house('house-cockfight', 'Cockfight', 'COCKFIGHT'), 'rooster'],
      [house('house-fish', 'Ocean Hunter', 'FISH'), 'fish'],
      [house('house-teen-patti', 'Teen Patti', 'PVP'), 'cards'],
      [house('house-sportsbook', 'Sportsbook', 'SPORTS'), 'football'],
    ];
    for (const [subject, motif] of expected) expect(artMotif(subject), subject.code).toBe(motif);
    // Every in-house game looks different from every other but the two card tables.
    expect(new Set(expected.map(([subject]) => artMotif(subject))).size).toBe(expected.length - 1);
  });

  it('reads a vendor game’s motif from its name, then from its category', () => {
    expect(artMotif({ code: 'pgs-001', name: 'Golden Dragon', gameType: 'RNG' })).toBe('dragon');
    expect(artMotif({ code: 'pgs-004', name: 'Jade Treasure', gameType: 'RNG' })).toBe('chest');
    expect(artMotif({ code: 'jili-003', name: 'Wild Shark Hunt', gameType: 'FISH' })).toBe('shark');
    expect(artMotif({ code: 'evo-004', name: 'Royal Sic Bo', gameType: 'LIVE' })).toBe('sicBo');
    expect(artMotif({ code: 'sbo-002', name: 'Lucky League', gameType: 'SPORTS' })).toBe('trophy');
    expect(artMotif({ code: 'av-002', name: 'Neon Arena', gameType: 'ESPORTS' })).toBe('controller');
    expect(artMotif({ code: 'av-003', name: 'Neon Cup', gameType: 'ESPORTS' })).toBe('trophy');
    expect(artMotif({ code: 'elott-002', name: 'Mystic Keno', gameType: 'ELOTT' })).toBe('keno');
    expect(artMotif({ code: 'x-1', name: 'Starlight', gameType: 'RNG' })).toBe('slots');
    expect(artMotif({ code: 'x-2', name: 'Starlight', gameType: 'COCKFIGHT' })).toBe('rooster');
  });

  it('is a small, well-formed drawing with nothing but shapes, the same for the same game', () => {
    const subjects: ArtSubject[] = [
      house('house-roulette', 'Roulette', 'LIVE'),
      { code: 'pgs-007', name: 'Thunder Gems', gameType: 'RNG', color: '#7c3aed' },
      { code: 'sv3-001', name: 'Golden Derby', gameType: 'COCKFIGHT', color: '#a16207' },
      { code: 'lott-001', name: 'Lucky Lotto', gameType: 'LOTT', color: '#be123c' },
    ];
    for (const subject of subjects) {
      const svg = gameArtSvg(subject);
      for (const element of drawingElements(svg)) expect(DRAWING.has(element), element).toBe(true);
      expect(svg).not.toMatch(/href|on[a-z]+=|javascript:|url\((?!#)/i);
      expect(svg.length).toBeLessThan(12_000);
      expect(gameArtSvg(subject)).toBe(svg);
    }
  });

  it('tints a game by the word that names it and keeps a broken vendor colour out', () => {
    expect(gameArtSvg({ code: 'pgs-002', name: 'Jade Fortune', gameType: 'RNG', color: '#7c3aed' })).toContain('#34d399');
    const broken = gameArtSvg({ code: 'x', name: 'Dice', gameType: 'RNG', color: 'red;" onload="x' });
    expect(broken).not.toContain('onload');
    expect(broken).toContain('stop-color="#');
  });

  it('writes a vendor’s name on its card without letting it inject markup', () => {
    const svg = vendorArtSvg({ code: 'EVIL', name: '<script>alert(1)</script> & Co', gameType: 'LIVE', color: '#047857' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
    drawingElements(svg);
  });
});
