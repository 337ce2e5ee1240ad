import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import type { PvpHandProof } from '@wps/contracts';
import type { TeenPattiTables } from './teen-patti-tables.js';
import { act, member, playingHand, sit, stateOf, waitFor, type Member } from './pvp-testing.js';
import { checkPvpHandProof } from '../../../../web/src/pages/house/pvp/verifyHand.js';
import { startEmbedded, type EmbeddedPlatform } from '../../../../embedded/src/host.js';

// Short clocks; the live tables do not run here.
const env = {
  HOUSE_LIVE_RUNNERS: 'false',
  HOUSE_PVP_TURN_SECONDS: '5',
  HOUSE_PVP_START_SECONDS: '0.3',
  HOUSE_PVP_TICK_MS: '50',
};

describe('the public proof of a finished Teen Patti hand (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const pvp = () => (platform.instances.house as unknown as { pvp: TeenPattiTables }).pvp;
  const proofOf = (tableId: string, handNo: number | string, headers?: Record<string, string>) =>
    call<PvpHandProof>('GET', `/wps/house/pvp/tables/${tableId}/hands/${handNo}/proof`, headers ? { headers } : {});
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env });
    [alice, bob] = await Promise.all([member(call, '100.00'), member(call, '100.00')]);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('refuses a hand in play without its seed, then proves it once a show ended it: the browser check passes every step', async () => {
    await sit(call, 'tp-1', alice, 1);
    await sit(call, 'tp-1', bob, 3);
    const hand = (await playingHand(call, 'tp-1', alice)).hand!;
    // The clock stops so that the hand ends by the show below, not by a timeout, and no next hand starts.
    await pvp().stop();
    const [{ server_seed: secretSeed }] = (await rows<{ server_seed: string }>(platform.db.orm, sql`SELECT server_seed FROM house.pvp_hands WHERE hand_id = ${hand.handId}`)) as [
      { server_seed: string },
    ];

    const early = await proofOf('tp-1', hand.handNo);
    expect([early.status, early.body.code, early.body.message]).toEqual([409, 'PVP_HAND_NOT_FINISHED', 'This hand is not finished yet; its seed is revealed when it ends']);
    expect(JSON.stringify(early.body)).not.toContain(secretSeed);
    const earlyEs = await proofOf('tp-1', hand.handNo, { 'accept-language': 'es' });
    expect(earlyEs.body.message).toBe('Esta mano aún no ha terminado; su semilla se revela al final');

    const bySeat = new Map([
      [1, alice],
      [3, bob],
    ]);
    const first = bySeat.get(hand.turnSeat!)!;
    const second = first === alice ? bob : alice;
    expect((await act(call, 'tp-1', first, hand.handId, 'chaal')).status).toBe(200);
    expect((await act(call, 'tp-1', second, hand.handId, 'show')).status).toBe(200);
    const settled = (
      await waitFor(
        () => stateOf(call, 'tp-1', alice),
        (state) => state.hand?.handId === hand.handId && state.hand.status === 'settled',
        'the hand to settle',
      )
    ).hand!;

    // A guest may read the proof, like the table's history.
    const found = await proofOf('tp-1', hand.handNo);
    expect(found.status).toBe(200);
    const proof = found.body.value;
    expect(proof).toMatchObject({ tableId: 'tp-1', handId: hand.handId, handNo: hand.handNo, nonce: hand.handNo, status: 'settled', endedBy: 'show', seedHash: hand.seedHash, serverSeed: secretSeed });
    expect(proof).toMatchObject({ pot: '4.00', rake: '0.20', payout: '3.80', winnerSeat: settled.winnerSeat, clientSeed: 'wps-house-teen-patti-1', rakeBp: 500 });
    expect(createHash('sha256').update(Buffer.from(proof.serverSeed, 'hex')).digest('hex')).toBe(proof.seedHash);
    expect(proof.players.map((player) => player.seatNo)).toEqual([hand.turnSeat, hand.turnSeat === 1 ? 3 : 1]);
    expect(proof.players.every((player) => player.shown && player.cards.length === 3)).toBe(true);
    expect(proof.actions.map((action) => action.kind)).toEqual(['boot', 'boot', 'chaal', 'show']);
    expect(proof.settledAt).toBeGreaterThan(0);

    const check = await checkPvpHandProof(proof);
    expect(check).toMatchObject({ hashMatches: true, dealMatches: true, winnerMatches: true, potMatches: true, passed: true, winnerSeat: settled.winnerSeat });
    expect(check.seats.map((seat) => seat.cards)).toEqual(settled.players.map((player) => player.cards));

    // A proof that lies fails its check: another winner, a changed payout, a card swapped, another seed.
    const loser = proof.players.find((player) => player.seatNo !== proof.winnerSeat)!.seatNo;
    expect((await checkPvpHandProof({ ...proof, winnerSeat: loser })).winnerMatches).toBe(false);
    expect((await checkPvpHandProof({ ...proof, payout: '3.90' })).potMatches).toBe(false);
    const swapped = { ...proof, players: proof.players.map((player, index) => (index === 0 ? { ...player, cards: [...player.cards.slice(0, 2), player.cards[2] === '2S' ? '3S' : '2S'] } : player)) };
    expect((await checkPvpHandProof(swapped)).dealMatches).toBe(false);
    const reseeded = await checkPvpHandProof({ ...proof, serverSeed: '0f'.repeat(32) });
    expect([reseeded.hashMatches, reseeded.passed]).toEqual([false, false]);
  }, 60_000);

  it('answers 404 for an unknown table or hand, and for a hand number that is not one', async () => {
    for (const [tableId, handNo, code] of [
      ['nope-1', 1, 'PVP_TABLE_NOT_FOUND'],
      ['tp-2', 1, 'PVP_HAND_NOT_FOUND'],
      ['tp-1', 999_999, 'PVP_HAND_NOT_FOUND'],
      ['tp-1', 'abc', 'PVP_HAND_NOT_FOUND'],
      ['tp-1', 0, 'PVP_HAND_NOT_FOUND'],
      ['TP_1', 1, 'PVP_TABLE_NOT_FOUND'],
    ] as const) {
      const response = await proofOf(tableId, handNo);
      expect([response.status, response.body.code], `${tableId}/${handNo}`).toEqual([404, code]);
    }
    expect((await proofOf('tp-1', 999_999, { 'accept-language': 'es' })).body.message).toBe('Mano no encontrada');
  });
});
