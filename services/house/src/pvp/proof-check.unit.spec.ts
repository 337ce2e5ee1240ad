import { describe, expect, it } from 'vitest';
import { formatMinor, pvpRakeMinor, PVP_RAKE_BP, type PvpHandProof } from '@wps/contracts';
import { allowedActions, dealHands, decide, handDeck, type HandEnd, type HandState } from './rules.js';
import { hashServerSeed } from '../fairness/seeds.js';
import { checkPvpHandProof } from '../../../../web/src/pages/house/pvp/verifyHand.js';

const CLIENT_SEED = 'wps-house-teen-patti-1';
const limits = { maxStakeMinor: 1_600n, potLimitMinor: 4_000n };
const usd = (minor: bigint) => formatMinor(minor, 'USD');

/** Plays one hand with the server's rules, each move picked by `pick`, and writes the proof the server would publish. */
function playedProof(seed: string, handNo: number, players: number, pick: (allowed: string[], step: number) => string): { proof: PvpHandProof; ended: HandEnd } {
  const cards = dealHands(handDeck(seed, CLIENT_SEED, handNo), players);
  const seats = Array.from({ length: players }, (_, index) => index + 1);
  let state: HandState = {
    players: seats.map((seatNo, index) => ({ seatNo, status: 'active', stakedMinor: 100n, cards: cards[index]! })),
    turnSeat: 1,
    stakeMinor: 100n,
    potMinor: 100n * BigInt(players),
  };
  const actions: PvpHandProof['actions'] = seats.map((seatNo) => ({ seq: seatNo, seatNo, kind: 'boot', amount: usd(100n) }));
  let ended: HandEnd | null = null;
  for (let step = 0; !ended; step++) {
    const seat = state.turnSeat!;
    const decision = decide(state, seat, pick(allowedActions(state, seat, limits), step) as 'chaal', limits);
    actions.push({ seq: actions.length + 1, seatNo: seat, kind: decision.kind, amount: usd(decision.amountMinor) });
    state = decision.next;
    ended = decision.ended;
  }
  const rake = pvpRakeMinor(state.potMinor);
  return {
    ended,
    proof: {
      tableId: 'tp-1',
      handId: `tp-1.${handNo}`,
      handNo,
      status: 'settled',
      currency: 'USD',
      serverSeed: seed,
      seedHash: hashServerSeed(seed),
      clientSeed: CLIENT_SEED,
      nonce: handNo,
      players: state.players.map((player) => ({
        seatNo: player.seatNo,
        player: `p${player.seatNo}***`,
        status: player.seatNo === ended.winnerSeat ? 'won' : 'lost',
        cards: [...player.cards],
        shown: ended.shownSeats.includes(player.seatNo),
        staked: usd(player.stakedMinor),
        payout: usd(player.seatNo === ended.winnerSeat ? state.potMinor - rake : 0n),
      })),
      actions,
      winnerSeat: ended.winnerSeat,
      endedBy: ended.by,
      pot: usd(state.potMinor),
      rake: usd(rake),
      payout: usd(state.potMinor - rake),
      rakeBp: PVP_RAKE_BP,
      settledAt: 1,
    },
  };
}

describe('the verify page’s check of a finished hand', () => {
  it('recomputes the same winner as the server for hands ended by a pack, a show and the pot limit', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 60; round++) {
      const seed = round.toString(16).padStart(2, '0').repeat(32);
      const players = 2 + (round % 4);
      const style = round % 3;
      const { proof, ended } = playedProof(seed, round + 1, players, (allowed, step) => {
        if (style === 0) return step < players - 1 ? 'pack' : 'chaal';
        if (style === 1 && allowed.includes('show')) return 'show';
        if (style === 1 && step < players - 2) return 'pack';
        return allowed.includes('raise') ? 'raise' : 'chaal';
      });
      seen.add(ended.by);
      const check = await checkPvpHandProof(proof);
      expect(check, `round ${round}`).toMatchObject({ hashMatches: true, dealMatches: true, winnerSeat: ended.winnerSeat, winnerMatches: true, potMatches: true, passed: true });
    }
    expect([...seen].sort()).toEqual(['pack', 'pot-limit', 'show']);
  });

  it('fails a proof whose winner, rake or seed was changed, and passes a refunded hand without a winner', async () => {
    const { proof } = playedProof('ab'.repeat(32), 7, 3, (allowed) => (allowed.includes('show') ? 'show' : 'pack'));
    const other = proof.players.find((player) => player.seatNo !== proof.winnerSeat)!.seatNo;
    expect((await checkPvpHandProof({ ...proof, winnerSeat: other })).passed).toBe(false);
    expect((await checkPvpHandProof({ ...proof, rake: '0.00', payout: proof.pot })).potMatches).toBe(false);
    expect((await checkPvpHandProof({ ...proof, seedHash: hashServerSeed('cd'.repeat(32)) })).hashMatches).toBe(false);
    const refunded: PvpHandProof = {
      ...proof,
      status: 'refunded',
      endedBy: 'refund',
      winnerSeat: null,
      actions: [],
      players: proof.players.map((player) => ({ ...player, status: 'refunded', shown: false, payout: '0.00' })),
    };
    expect(await checkPvpHandProof(refunded)).toMatchObject({ winnerSeat: null, winnerMatches: true, potMatches: null, passed: true });
  });
});
