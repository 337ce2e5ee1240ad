import { describe, expect, it } from 'vitest';
import { dealHands, handDeck } from './rules.js';
import { hashServerSeed } from '../fairness/seeds.js';
import { verifyTeenPattiHand } from '../../../../web/src/pages/house/pvp/verifyHand.js';

describe('the browser check of a Teen Patti hand', () => {
  it('deals exactly what the server dealt, and checks the seed against its published hash', async () => {
    for (const [seed, nonce, players] of [
      ['0f'.repeat(32), 1, 2],
      ['a1b2c3d4'.repeat(8), 42, 5],
      ['73'.repeat(32), 9_999, 3],
    ] as const) {
      const verified = await verifyTeenPattiHand({ serverSeed: seed, seedHash: hashServerSeed(seed), clientSeed: 'wps-house-teen-patti-1', nonce, players });
      expect(verified.hashMatches).toBe(true);
      expect(verified.hands).toEqual(dealHands(handDeck(seed, 'wps-house-teen-patti-1', nonce), players));
    }
    const wrong = await verifyTeenPattiHand({ serverSeed: '0f'.repeat(32), seedHash: hashServerSeed('10'.repeat(32)), clientSeed: 'c', nonce: 1, players: 2 });
    expect(wrong.hashMatches).toBe(false);
  });
});
