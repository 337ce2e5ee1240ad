import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, eventually } from '@wps/platform/testing';
import { checkLiveRound, type LiveHistoryEntry, type LiveRoundProof, type LiveTableState } from '@wps/contracts';
import { startEmbedded, type EmbeddedPlatform } from '../../../../embedded/src/host.js';

// Short rounds.
const env = {
  HOUSE_LIVE_TABLES: 'roulette-1,baccarat-1,cockfight-1',
  HOUSE_LIVE_BETTING_SECONDS: '1.5',
  HOUSE_LIVE_PAUSE_MS: '100',
  HOUSE_LIVE_REVEAL_MS: '50',
};

describe('the proof of a shared round (embedded, through the HTTP API)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  const settledRounds = async (tableId: string, count: number): Promise<LiveHistoryEntry[]> => {
    let history: LiveHistoryEntry[] = [];
    await eventually(
      async () => {
        history = (await call<LiveHistoryEntry[]>('GET', `/wps/house/live/tables/${tableId}/history?limit=10`)).body.value.filter((entry) => entry.status === 'settled');
        return history.length >= count;
      },
      `${count} settled rounds at ${tableId}`,
      40_000,
    );
    return history;
  };

  it("publishes a settled round's seed, chain links and result, and they verify the browser way", async () => {
    for (const tableId of ['roulette-1', 'baccarat-1', 'cockfight-1']) {
      const [newer, older] = await settledRounds(tableId, 2);
      const response = await call<LiveRoundProof>('GET', `/wps/house/live/tables/${tableId}/rounds/${older!.roundNo}/proof`);
      expect(response.status).toBe(200);
      const proof = response.body.value;
      expect(proof).toMatchObject({ tableId, roundNo: older!.roundNo, roundId: older!.roundId, seedHash: older!.seedHash, serverSeed: older!.serverSeed, result: older!.result });
      expect(proof.clientSeed).toBe(`wps-house-${tableId.replace(/-1$/, '')}-1`);
      // The next round's published hash is this round's seed: the link of the chain.
      expect(proof.nextSeedHash).toBe(newer!.seedHash);
      expect(proof.nextSeedHash).toBe(proof.serverSeed);
      expect(proof.chainDistance).toBe(proof.roundNo);
      const check = await checkLiveRound(proof);
      expect(check, tableId).toMatchObject({ hashMatches: true, nextLinkMatches: true, headReached: true, resultMatches: true, passed: true });
    }
  }, 90_000);

  it('refuses the round still in play without revealing its seed', async () => {
    let state: LiveTableState | undefined;
    await eventually(
      async () => {
        state = (await call<LiveTableState>('GET', '/wps/house/live/tables/roulette-1')).body.value;
        return state.round?.status === 'betting' && state.round.closesAt - state.serverTime > 300;
      },
      'a round taking bets',
      20_000,
    );
    const open = await call('GET', `/wps/house/live/tables/roulette-1/rounds/${state!.round!.roundNo}/proof`);
    expect(open.status).toBe(409);
    expect(open.body.code).toBe('LIVE_ROUND_NOT_SETTLED');
    expect(JSON.stringify(open.body)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('answers 404 for an unknown table or round', async () => {
    const unknownTable = await call('GET', '/wps/house/live/tables/nope-1/rounds/1/proof');
    expect(unknownTable.status).toBe(404);
    expect(unknownTable.body.code).toBe('LIVE_TABLE_NOT_FOUND');
    for (const roundNo of ['999999', 'abc', '-1', '1e3']) {
      const unknownRound = await call('GET', `/wps/house/live/tables/roulette-1/rounds/${roundNo}/proof`);
      expect(unknownRound.status, roundNo).toBe(404);
      expect(unknownRound.body.code, roundNo).toBe('LIVE_ROUND_NOT_FOUND');
    }
    // A table that exists but does not run here has no rounds at all.
    expect((await call('GET', '/wps/house/live/tables/dragon-tiger-1/rounds/1/proof')).body.code).toBe('LIVE_ROUND_NOT_FOUND');
  });
});
