import { describe, expect, it } from 'vitest';
import { checkLiveRound, drawLiveRoundWithWebCrypto, LIVE_GAMES, type LiveGame } from '@wps/contracts';
import { chainLinks, OutcomeStream, roundSeed } from './fairness-chain.js';
import { drawResult } from './games.js';

/**
 * The verify page's path (Web Crypto blocks read by the shared rules of @wps/contracts) must give exactly what the
 * server drew (node:crypto blocks); otherwise a fair round would fail verification in the browser.
 */
const CLIENT_SEED = (game: LiveGame) => `wps-house-${game}-1`;

describe('live rounds recomputed the browser way', () => {
  it.each(LIVE_GAMES)('%s: 300 rounds of a chain give the server outcome, odds included', async (game) => {
    const links = chainLinks('5a'.repeat(32), 300);
    for (let offset = 0; offset < 300; offset++) {
      const { serverSeed } = roundSeed(links, offset);
      const roundNo = offset + 1;
      const server = drawResult(game, new OutcomeStream(serverSeed, CLIENT_SEED(game), roundNo));
      const browser = await drawLiveRoundWithWebCrypto(game, serverSeed, CLIENT_SEED(game), roundNo);
      expect(browser).toEqual(server);
    }
  });

  it('passes a round whose seed, chain links and result are right, and fails each kind of tampering', async () => {
    const links = chainLinks('c3'.repeat(32), 40);
    const game: LiveGame = 'baccarat';
    const offset = 6;
    const { serverSeed, seedHash } = roundSeed(links, offset);
    const next = roundSeed(links, offset + 1);
    const drawn = drawResult(game, new OutcomeStream(serverSeed, CLIENT_SEED(game), offset + 1));
    const proof = {
      game,
      roundNo: offset + 1,
      clientSeed: CLIENT_SEED(game),
      serverSeed,
      seedHash,
      nextSeedHash: next.seedHash,
      chainHead: links.at(-1)!,
      chainDistance: offset + 1,
      result: drawn.result,
      odds: null,
    };
    const good = await checkLiveRound(proof);
    expect(good).toMatchObject({ hashMatches: true, nextLinkMatches: true, headReached: true, resultMatches: true, passed: true });

    expect((await checkLiveRound({ ...proof, seedHash: next.seedHash })).hashMatches).toBe(false);
    expect((await checkLiveRound({ ...proof, nextSeedHash: seedHash })).nextLinkMatches).toBe(false);
    expect((await checkLiveRound({ ...proof, chainDistance: offset })).headReached).toBe(false);
    const otherWinner = drawn.result.winner === 'player' ? 'banker' : 'player';
    const forged = await checkLiveRound({ ...proof, result: { ...drawn.result, winner: otherWinner } });
    expect(forged).toMatchObject({ resultMatches: false, passed: false });
    // Another round's number gives another shuffle: the nonce is part of the proof.
    expect((await checkLiveRound({ ...proof, roundNo: offset + 2 })).passed).toBe(false);
    // A round without a next round or a published head is checked on what there is.
    expect(await checkLiveRound({ ...proof, nextSeedHash: null, chainHead: null, chainDistance: null })).toMatchObject({ nextLinkMatches: null, headReached: null, passed: true });
  });

  it('checks the cockfight odds published with the fight', async () => {
    const links = chainLinks('71'.repeat(32), 5);
    const { serverSeed, seedHash } = roundSeed(links, 0);
    const drawn = drawResult('cockfight', new OutcomeStream(serverSeed, CLIENT_SEED('cockfight'), 1));
    const proof = {
      game: 'cockfight' as const,
      roundNo: 1,
      clientSeed: CLIENT_SEED('cockfight'),
      serverSeed,
      seedHash,
      nextSeedHash: null,
      chainHead: null,
      chainDistance: null,
      result: drawn.result,
      odds: drawn.odds!,
    };
    expect((await checkLiveRound(proof)).passed).toBe(true);
    expect((await checkLiveRound({ ...proof, odds: { ...drawn.odds!, meron: '9.99' } })).passed).toBe(false);
  });
});
