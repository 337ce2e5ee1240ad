import { describe, expect, it } from 'vitest';
import { FISH_KINDS } from '@wps/contracts/fairness-fish';
import { aimAngle, CANNON, makeSchool, nearestOfKind, onScreen, placeAt, SEA_HEIGHT, SEA_WIDTH, swimmerAt } from './swim';

describe('FISH: cosmetic swim paths and the canvas hit-test', () => {
  const school = makeSchool();

  it('puts every published kind in the sea, with the same paths on every load', () => {
    expect(new Set(school.map((swimmer) => swimmer.fish.kind))).toEqual(new Set(FISH_KINDS.map((fish) => fish.kind)));
    const again = makeSchool();
    for (const seconds of [0, 1.5, 37, 600]) expect(again.map((swimmer) => placeAt(swimmer, seconds))).toEqual(school.map((swimmer) => placeAt(swimmer, seconds)));
  });

  it('keeps the fish inside the sea, above the cannon deck, looping across the width', () => {
    for (const swimmer of school) {
      const xs: number[] = [];
      for (let seconds = 0; seconds < 120; seconds += 0.25) {
        const place = placeAt(swimmer, seconds);
        expect(place.y).toBeGreaterThan(0);
        expect(place.y).toBeLessThan(CANNON.y - 40);
        xs.push(place.x);
      }
      expect(Math.min(...xs)).toBeLessThan(0);
      expect(Math.max(...xs)).toBeGreaterThan(SEA_WIDTH);
    }
  });

  it('hits the fish under the pointer, not empty water, and not a fish just caught', () => {
    const seconds = 12.5;
    const visible = school.filter((swimmer) => onScreen(swimmer, placeAt(swimmer, seconds)));
    expect(visible.length).toBeGreaterThan(5);
    // The smallest visible fish is drawn last: a click on its centre hits it, whatever swims beneath.
    const small = visible[visible.length - 1]!;
    const place = placeAt(small, seconds);
    expect(swimmerAt(school, seconds, place.x, place.y)?.id).toBe(small.id);
    expect(swimmerAt(school, seconds, place.x, place.y, new Set([small.id]))?.id).not.toBe(small.id);
    // A corner of the sand has no fish.
    expect(swimmerAt(school, seconds, 2, SEA_HEIGHT - 2)).toBeUndefined();
  });

  it('finds the nearest visible fish of a kind for the keyboard, and turns the cannon upwards only', () => {
    const seconds = 20;
    const clown = nearestOfKind(school, seconds, 'clownfish');
    expect(clown?.fish.kind).toBe('clownfish');
    expect(onScreen(clown!, placeAt(clown!, seconds))).toBe(true);
    expect(nearestOfKind(school, seconds, 'mermaid')).toBeUndefined();
    expect(aimAngle(CANNON.x, 0)).toBeCloseTo(-Math.PI / 2);
    expect(aimAngle(CANNON.x + 100, CANNON.y + 50)).toBeLessThan(0);
  });
});
