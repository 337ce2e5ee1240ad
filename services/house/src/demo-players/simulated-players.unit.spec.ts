import { describe, expect, it } from 'vitest';
import { diceBodySchema, plinkoBodySchema, slotBodySchema, type MemberRegistered } from '@wps/contracts';
import { diceChoice, plinkoChoice, stakeMinor } from '../games.js';
import { isSimulatedPlayer, pickPlay } from './simulated-players.js';

/** A small seeded generator (mulberry32), so the run is the same every time. */
function seeded(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

describe('simulated players', () => {
  it('play only rounds a member could send: valid bodies, stakes within the table, settings the games take', () => {
    const random = seeded(42);
    const games = new Set<string>();
    for (let index = 0; index < 500; index++) {
      const play = pickPlay(random);
      games.add(play.game === 'slot' ? play.slot : play.game);
      expect(() => stakeMinor(play.amount, 'MXN')).not.toThrow();
      if (play.game === 'house-dice') {
        expect(diceBodySchema.safeParse(play).success).toBe(true);
        expect(() => diceChoice(play.direction, play.target)).not.toThrow();
      } else if (play.game === 'house-plinko') {
        expect(plinkoBodySchema.safeParse(play).success).toBe(true);
        expect(() => plinkoChoice(play.rows, play.risk)).not.toThrow();
      } else {
        expect(slotBodySchema.safeParse({ game: play.slot, amount: play.amount }).success).toBe(true);
      }
    }
    expect(games).toEqual(new Set(['house-dice', 'house-plinko', 'house-slot-pharaoh', 'house-slot-fruits']));
  });

  it('are the demo brand’s team only: never the demo player people sign in as, never another brand’s member', () => {
    const member = (account: string, merchantCode = 'DEMO') => ({ memberId: '7', merchantCode, account, currency: 'MXN' }) as MemberRegistered;
    expect(isSimulatedPlayer(member('demo11'))).toBe(true);
    expect(isSimulatedPlayer(member('demoplayer'))).toBe(false);
    expect(isSimulatedPlayer(member('demo11', 'ACME'))).toBe(false);
    expect(isSimulatedPlayer(member('someone'))).toBe(false);
  });
});
