import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { DrawStream, outcomeBytes, precomputedBlocks, pvpRakeMinor } from '@wps/contracts';
import { allowedActions, compareHands, dealHands, DECK, decide, evaluateHand, handDeck, shuffleDeck, type HandState } from './rules.js';

const SEED = '6b1f0c3a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b';

describe('Teen Patti hand ranking', () => {
  it('orders the categories trail > pure sequence > sequence > colour > pair > high card', () => {
    const ladder = [
      ['2S', '2H', '2D'],
      ['4H', '5H', '6H'],
      ['4H', '5D', '6C'],
      ['2C', '9C', 'KC'],
      ['AS', 'AD', 'KH'],
      ['AS', 'KD', 'JH'],
    ];
    expect(ladder.map((cards) => evaluateHand(cards).rank)).toEqual(['trail', 'pure-sequence', 'sequence', 'colour', 'pair', 'high-card']);
    for (let better = 0; better < ladder.length; better++) {
      for (let worse = better + 1; worse < ladder.length; worse++) {
        expect(compareHands(ladder[better]!, ladder[worse]!), `${ladder[better]!.join(' ')} beats ${ladder[worse]!.join(' ')}`).toBeGreaterThan(0);
        expect(compareHands(ladder[worse]!, ladder[better]!)).toBeLessThan(0);
      }
    }
  });

  it('ranks within a category by the cards, never by suit', () => {
    expect(compareHands(['AS', 'AH', 'AD'], ['KS', 'KH', 'KD'])).toBeGreaterThan(0);
    // A-K-Q is the best sequence, A-2-3 the next, then K-Q-J.
    expect(compareHands(['AS', 'KH', 'QD'], ['AS', '2H', '3D'])).toBeGreaterThan(0);
    expect(compareHands(['AS', '2H', '3D'], ['KS', 'QH', 'JD'])).toBeGreaterThan(0);
    expect(evaluateHand(['AS', '2H', '3D']).rank).toBe('sequence');
    expect(evaluateHand(['QS', 'KS', 'AS']).rank).toBe('pure-sequence');
    expect(evaluateHand(['KS', 'AS', '2S']).rank).toBe('colour');
    // Pairs: the pair first, then the kicker.
    expect(compareHands(['9S', '9H', '2D'], ['8S', '8H', 'AD'])).toBeGreaterThan(0);
    expect(compareHands(['9S', '9H', '5D'], ['9D', '9C', '4D'])).toBeGreaterThan(0);
    // High cards and colours compare highest first.
    expect(compareHands(['AS', '9H', '3D'], ['AD', '8H', '7C'])).toBeGreaterThan(0);
    expect(compareHands(['KS', 'JS', '4S'], ['KH', 'JH', '3H'])).toBeGreaterThan(0);
    // Equal ranks in other suits are equal hands.
    expect(compareHands(['AS', '9H', '3D'], ['AH', '9D', '3C'])).toBe(0);
  });
});

describe('the provably fair shuffle', () => {
  it('is a permutation of the deck, the same for the same seed, client seed and hand number', () => {
    const deck = handDeck(SEED, 'wps-house-teen-patti-1', 7);
    expect([...deck].sort()).toEqual([...DECK].sort());
    expect(handDeck(SEED, 'wps-house-teen-patti-1', 7)).toEqual(deck);
    expect(handDeck(SEED, 'wps-house-teen-patti-1', 8)).not.toEqual(deck);
    expect(handDeck(SEED, 'another', 7)).not.toEqual(deck);
  });

  it('gives the same deck from the browser-side Web Crypto bytes', async () => {
    const bytes = await outcomeBytes(SEED, 'wps-house-teen-patti-1', 3, 12);
    expect(shuffleDeck(new DrawStream(precomputedBlocks(bytes)))).toEqual(handDeck(SEED, 'wps-house-teen-patti-1', 3));
  });

  it('deals three cards each, one at a time round the table', () => {
    const deck = handDeck(SEED, 'c', 1);
    expect(dealHands(deck, 3)).toEqual([
      [deck[0], deck[3], deck[6]],
      [deck[1], deck[4], deck[7]],
      [deck[2], deck[5], deck[8]],
    ]);
  });

  it('puts every card first equally often (chi-square, 51 degrees of freedom, p = 0.001)', () => {
    const hands = 52 * 200;
    const firstCard = new Map<string, number>();
    const aceOfSpadesAt = new Array<number>(52).fill(0);
    for (let hand = 1; hand <= hands; hand++) {
      const deck = handDeck(SEED, 'chi-square', hand);
      firstCard.set(deck[0]!, (firstCard.get(deck[0]!) ?? 0) + 1);
      aceOfSpadesAt[deck.indexOf('AS')]! += 1;
    }
    const expected = hands / 52;
    const chiSquare = (counts: number[]) => counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // The 0.999 quantile of chi-square with 51 degrees of freedom.
    const critical = 87.97;
    expect(firstCard.size).toBe(52);
    expect(chiSquare(DECK.map((card) => firstCard.get(card) ?? 0))).toBeLessThan(critical);
    expect(chiSquare(aceOfSpadesAt)).toBeLessThan(critical);
  });
});

describe('the rake', () => {
  it('is 5 % of the pot rounded up to the minor unit, in the house favour', () => {
    expect(pvpRakeMinor(200n)).toBe(10n);
    expect(pvpRakeMinor(201n)).toBe(11n);
    expect(pvpRakeMinor(219n)).toBe(11n);
    expect(pvpRakeMinor(220n)).toBe(11n);
    expect(pvpRakeMinor(221n)).toBe(12n);
    expect(pvpRakeMinor(1n)).toBe(1n);
    expect(pvpRakeMinor(0n)).toBe(0n);
    for (let pot = 0n; pot < 5_000n; pot += 7n) {
      const rake = pvpRakeMinor(pot);
      expect(rake * 10_000n >= pot * 500n && (rake - 1n) * 10_000n < pot * 500n).toBe(true);
    }
  });
});

describe('turn order', () => {
  const limits = { maxStakeMinor: 800n, potLimitMinor: 100_000n };
  const start = (cards: string[][]): HandState => ({
    players: cards.map((hand, index) => ({ seatNo: [2, 4, 5][index]!, status: 'active', stakedMinor: 100n, cards: hand })),
    turnSeat: 2,
    stakeMinor: 100n,
    potMinor: 100n * BigInt(cards.length),
  });
  const three = start([
    ['2S', '7H', '9D'],
    ['AS', 'AH', 'AD'],
    ['KS', 'QS', '4C'],
  ]);
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return (error as AppError).code;
    }
    return 'none';
  };

  it('goes round the seats in order, skipping packed players, with chaal, raise (capped) and pack', () => {
    const chaal = decide(three, 2, 'chaal', limits);
    expect([chaal.amountMinor, chaal.next.turnSeat, chaal.next.potMinor]).toEqual([100n, 4, 400n]);
    const raise = decide(chaal.next, 4, 'raise', limits);
    expect([raise.amountMinor, raise.next.stakeMinor, raise.next.turnSeat]).toEqual([200n, 200n, 5]);
    const pack = decide(raise.next, 5, 'pack', limits);
    expect([pack.amountMinor, pack.next.turnSeat, pack.ended]).toEqual([0n, 2, null]);
    expect(allowedActions(pack.next, 2, limits)).toEqual(['chaal', 'raise', 'pack', 'show']);
    expect(allowedActions(pack.next, 4, limits)).toEqual([]);
    const again = decide(pack.next, 2, 'chaal', limits);
    expect(again.next.turnSeat).toBe(4);
    expect(code(() => decide(raise.next, 2, 'raise', { ...limits, maxStakeMinor: 300n }))).toBe('PVP_NOT_YOUR_TURN');
    expect(code(() => decide(raise.next, 5, 'raise', { ...limits, maxStakeMinor: 300n }))).toBe('PVP_OUTSIDE_LIMITS');
  });

  it('refuses out of turn, after packing, and a show with three players in', () => {
    expect(code(() => decide(three, 4, 'chaal', limits))).toBe('PVP_NOT_YOUR_TURN');
    expect(code(() => decide(three, 2, 'show', limits))).toBe('PVP_SHOW_NEEDS_TWO');
    const packed = decide(three, 2, 'pack', limits).next;
    expect(code(() => decide(packed, 2, 'chaal', limits))).toBe('PVP_NOT_IN_HAND');
  });

  it('ends with the last player standing, or a show that the better hand wins and the asker loses on a tie', () => {
    const first = decide(three, 2, 'pack', limits);
    const last = decide(first.next, 4, 'pack', limits);
    expect(last.ended).toEqual({ by: 'pack', winnerSeat: 5, shownSeats: [] });
    expect(last.next.turnSeat).toBeNull();

    const two = decide(three, 2, 'pack', limits).next;
    const show = decide(two, 4, 'show', limits);
    expect(show.amountMinor).toBe(100n);
    expect(show.ended).toEqual({ by: 'show', winnerSeat: 4, shownSeats: [4, 5] });

    const tied = start([
      ['AS', '9H', '3D'],
      ['AH', '9D', '3C'],
    ]);
    expect(decide(tied, 2, 'show', limits).ended!.winnerSeat).toBe(4);
  });

  it('a timeout packs the player to act; leaving packs out of turn', () => {
    const timedOut = decide(three, 2, 'timeout', limits);
    expect([timedOut.kind, timedOut.next.turnSeat]).toEqual(['timeout', 4]);
    const left = decide(three, 5, 'leave', limits);
    expect([left.kind, left.next.turnSeat, left.next.players[2]!.status]).toEqual(['pack', 2, 'packed']);
  });

  it('makes everyone still in show when the pot reaches the limit', () => {
    const reached = decide(three, 2, 'chaal', { ...limits, potLimitMinor: 400n });
    expect(reached.ended).toEqual({ by: 'pot-limit', winnerSeat: 4, shownSeats: [4, 5, 2] });
  });
});
