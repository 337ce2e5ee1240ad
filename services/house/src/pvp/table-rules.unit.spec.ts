import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '@wps/platform';
import { allowedActions, dealHands, DECK, decide, type Decision, type HandState } from './rules.js';
import type { HandRow } from './store.js';
import {
  afterBoots,
  awayMembers,
  checkBoot,
  checkCanLeave,
  checkHandOpen,
  checkTurn,
  chooseSeat,
  dealOrder,
  handClock,
  handIdOf,
  handLimits,
  mayAct,
  nextTurnDeadline,
  potSplit,
  recoveryOf,
  STUCK_STAKE_MS,
  tableClock,
  turnDeadline,
  turnTimedOut,
} from './table-rules.js';

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.code;
  }
  return 'none';
};

const hand = (over: Partial<HandRow> = {}): HandRow => ({
  hand_id: 'tp-1.4',
  table_id: 'tp-1',
  hand_no: 4,
  status: 'playing',
  currency: 'USD',
  dealer_seat: 1,
  turn_seat: 2,
  turn_deadline_ms: 10_000,
  stake_minor: '100',
  pot_minor: '200',
  rake_minor: null,
  payout_minor: null,
  winner_seat: null,
  ended_by: null,
  server_seed: 'seed',
  seed_hash: 'hash',
  client_seed: 'client',
  next_seq: 3,
  pending_seq: null,
  ...over,
});

const seat = (seatNo: number, memberId = `m${seatNo}`, currency = 'USD') => ({ seat_no: seatNo, member_id: memberId, currency });
/** Seat numbers 1..9 as a sorted, duplicate-free list, the way the seats query returns them. */
const seatNumbers = (minLength: number) => fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength, maxLength: 9 }).map((seats) => [...seats].sort((a, b) => a - b));

describe('seating', () => {
  it('gives the lowest free seat, or the one asked for when it is free and on the table', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), seatNumbers(0), fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }), (count, numbers, asked) => {
        const taken = numbers.filter((no) => no <= count);
        const seats = taken.map((no) => seat(no));
        const input = { memberId: 'newcomer', currency: 'USD', seatNo: asked };
        const outcome = codeOf(() => chooseSeat(seats, count, input));
        if (taken.length >= count) expect(outcome).toBe('PVP_TABLE_FULL');
        else if (asked !== undefined && (asked > count || taken.includes(asked))) expect(outcome).toBe('PVP_SEAT_TAKEN');
        else {
          const chosen = chooseSeat(seats, count, input);
          expect(taken).not.toContain(chosen);
          expect(chosen).toBe(asked ?? Math.min(...Array.from({ length: count }, (_, index) => index + 1).filter((no) => !taken.includes(no))));
        }
      }),
    );
  });

  it('refuses a player already seated, even at a full table, and a second currency', () => {
    const full = [seat(1), seat(2, 'me')];
    expect(codeOf(() => chooseSeat(full, 2, { memberId: 'me', currency: 'USD' }))).toBe('PVP_ALREADY_SEATED');
    expect(codeOf(() => chooseSeat([seat(3)], 5, { memberId: 'me', currency: 'EUR' }))).toBe('PVP_TABLE_CURRENCY');
    expect(chooseSeat([], 5, { memberId: 'me', currency: 'EUR' })).toBe(1);
  });

  it('seats only a player who can pay the boot', () => {
    expect(codeOf(() => checkBoot(99n, 100n, 'USD'))).toBe('PVP_BELOW_BOOT');
    expect(codeOf(() => checkBoot(100n, 100n, 'USD'))).toBe('none');
  });
});

describe('the countdown and the deal', () => {
  it('counts down with two players, deals when it ends, and stops when a player leaves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }), fc.integer({ min: 0, max: 100_000 }), (seated, startsMs, now) => {
        const step = tableClock(seated, startsMs, now, 8);
        if (seated >= 2 && startsMs === null) expect(step).toEqual({ kind: 'countdown', startsAt: now + 8_000 });
        else if (seated >= 2) expect(step.kind).toBe(now >= startsMs! ? 'deal' : 'wait');
        else expect(step.kind).toBe(startsMs === null ? 'wait' : 'cancel-countdown');
      }),
    );
  });

  it('moves the dealer button round the seats, and plays from the dealer’s left round to the dealer', () => {
    fc.assert(
      fc.property(seatNumbers(2), fc.integer({ min: 0, max: 9 }), (numbers, lastDealer) => {
        const seats = numbers.map((no) => seat(no));
        const deal = dealOrder(seats, lastDealer)!;
        expect(deal.dealer.seat_no).toBe(numbers.find((no) => no > lastDealer) ?? numbers[0]);
        const order = deal.inTurnOrder.map((one) => one.seat_no);
        expect(order.at(-1)).toBe(deal.dealer.seat_no);
        expect([...order].sort((a, b) => a - b)).toEqual(numbers);
        // A rotation of the seat order: ascending except for one wrap.
        expect(order.filter((no, index) => index > 0 && no < order[index - 1]!).length).toBeLessThanOrEqual(1);
        // Over as many hands as players, everyone deals once.
        const dealers: number[] = [];
        let last = lastDealer;
        for (let handNo = 0; handNo < numbers.length; handNo++) {
          last = dealOrder(seats, last)!.dealer.seat_no;
          dealers.push(last);
        }
        expect([...dealers].sort((a, b) => a - b)).toEqual(numbers);
      }),
    );
  });

  it('needs two seats, and deals only the players of the first seat’s currency', () => {
    expect(dealOrder([seat(1)], 0)).toBeUndefined();
    const deal = dealOrder([seat(1), seat(2, 'm2', 'EUR'), seat(4)], 1)!;
    expect([deal.currency, deal.inTurnOrder.map((one) => one.seat_no)]).toEqual(['USD', [1, 4]]);
  });

  it('plays a hand with two boots or more, the first of them in turn order acting first', () => {
    fc.assert(
      fc.property(seatNumbers(2), fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }), fc.bigInt({ min: 1n, max: 100_000n }), (numbers, refusedFlags, boot) => {
        const players = numbers.map((no) => ({ seat_no: no }));
        const refused = numbers.filter((_, index) => refusedFlags[index]);
        const booted = numbers.filter((no) => !refused.includes(no));
        const next = afterBoots(players, refused, boot);
        if (booted.length < 2) {
          expect(next).toEqual({ kind: 'refund' });
          return;
        }
        expect(next).toEqual({ kind: 'play', booted: booted.map((no) => ({ seat_no: no })), potMinor: boot * BigInt(booted.length), turnSeat: booted[0] });
      }),
    );
  });

  it('names a hand after its table and number', () => {
    expect(handIdOf('tp-2', 31)).toBe('tp-2.31');
  });
});

describe('the hand’s clock', () => {
  const clockHand = fc.record({
    status: fc.constantFrom<HandRow['status']>('booting', 'playing', 'settling'),
    pending_seq: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
    turn_seat: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    turn_deadline_ms: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
  });

  it('pays a decided hand, refunds one cut short while booting, packs a player past the deadline, gives up a stuck stake', () => {
    fc.assert(
      fc.property(clockHand, fc.integer({ min: 0, max: 400_000 }), (view, now) => {
        const step = handClock(view, now);
        const deadline = view.turn_deadline_ms;
        if (view.status === 'settling') expect(step).toBe('settle');
        else if (view.status === 'booting') expect(step).toBe('refund');
        else if (deadline !== null && view.pending_seq === null && view.turn_seat !== null && now >= deadline) expect(step).toBe('time-out');
        else if (deadline !== null && view.pending_seq !== null && now >= deadline + STUCK_STAKE_MS) expect(step).toBe('refund');
        else expect(step).toBe('wait');
      }),
    );
  });

  it('never times out a turn whose stake is on its way, nor a hand not in play', () => {
    expect(turnTimedOut(hand({ pending_seq: 4 }), 1_000_000)).toBe(false);
    expect(turnTimedOut(hand({ status: 'settling' }), 1_000_000)).toBe(false);
    expect(turnTimedOut(hand(), 9_999)).toBe(false);
    expect(turnTimedOut(hand(), 10_000)).toBe(true);
    expect(handClock(hand({ pending_seq: 4 }), 10_000 + STUCK_STAKE_MS - 1)).toBe('wait');
  });

  it('gives each turn the table’s seconds, and no deadline once the hand ended', () => {
    expect(turnDeadline(5_000, 15)).toBe(20_000);
    expect(nextTurnDeadline({ ended: null }, 5_000, 15)).toBe(20_000);
    expect(nextTurnDeadline({ ended: { by: 'pack', winnerSeat: 1, shownSeats: [] } }, 5_000, 15)).toBeNull();
  });

  it('recovers a decided hand by paying it, any other by refunding it', () => {
    expect(recoveryOf({ status: 'settling' })).toBe('settle');
    expect(recoveryOf({ status: 'playing' })).toBe('refund');
    expect(recoveryOf({ status: 'booting' })).toBe('refund');
  });
});

describe('acting', () => {
  it('takes moves only in a hand of the table in play, from the player whose turn it is', () => {
    expect(codeOf(() => checkHandOpen(undefined, 'tp-1'))).toBe('PVP_HAND_CLOSED');
    expect(codeOf(() => checkHandOpen(hand(), 'tp-2'))).toBe('PVP_HAND_CLOSED');
    expect(codeOf(() => checkHandOpen(hand({ status: 'settling' }), 'tp-1'))).toBe('PVP_HAND_CLOSED');
    expect(codeOf(() => checkHandOpen(hand(), 'tp-1'))).toBe('none');
    expect(codeOf(() => checkTurn(hand(), { status: 'packed', seat_no: 2 }))).toBe('PVP_NOT_IN_HAND');
    expect(codeOf(() => checkTurn(hand(), { status: 'active', seat_no: 3 }))).toBe('PVP_NOT_YOUR_TURN');
    expect(codeOf(() => checkTurn(hand({ pending_seq: 3 }), { status: 'active', seat_no: 2 }))).toBe('PVP_NOT_YOUR_TURN');
    expect(codeOf(() => checkTurn(hand(), { status: 'active', seat_no: 2 }))).toBe('none');
    expect(codeOf(() => checkCanLeave(hand({ pending_seq: 3 })))).toBe('PVP_NOT_YOUR_TURN');
    expect(codeOf(() => checkCanLeave(hand()))).toBe('none');
  });

  it('offers actions only to a player still in a hand in play with nothing on its way', () => {
    expect(mayAct(hand(), { status: 'active' })).toBe(true);
    expect(mayAct(undefined, { status: 'active' })).toBe(false);
    expect(mayAct(hand(), undefined)).toBe(false);
    expect(mayAct(hand({ pending_seq: 3 }), { status: 'active' })).toBe(false);
    expect(mayAct(hand({ status: 'settling' }), { status: 'active' })).toBe(false);
    expect(mayAct(hand(), { status: 'packed' })).toBe(false);
  });

  it('reads the table’s limits in the hand’s currency', () => {
    expect(handLimits({ max_stake: '16', pot_limit: '200' }, 'USD')).toEqual({ maxStakeMinor: 1_600n, potLimitMinor: 20_000n, maxStakeText: '16.00' });
    expect(handLimits({ max_stake: '16', pot_limit: '200' }, 'JPY')).toEqual({ maxStakeMinor: 16n, potLimitMinor: 200n, maxStakeText: '16' });
  });
});

describe('the end of a hand', () => {
  it('takes a 5 % rake rounded up to the minor unit, and pays the rest', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (pot) => {
        const { rakeMinor, payoutMinor } = potSplit(pot);
        expect(rakeMinor + payoutMinor).toBe(pot);
        expect(rakeMinor * 20n >= pot && (rakeMinor - 1n) * 20n < pot).toBe(true);
        expect(payoutMinor >= 0n).toBe(true);
      }),
    );
  });

  it('stands up the players the clock packed', () => {
    expect(
      awayMembers([
        { member_id: 'a', timed_out: false },
        { member_id: 'b', timed_out: true },
        { member_id: 'c', timed_out: true },
      ]),
    ).toEqual(['b', 'c']);
  });
});

describe('a whole hand, played at random', () => {
  type Move = 'chaal' | 'raise' | 'pack' | 'show' | 'timeout' | 'leave';
  const BOOT = 100n;

  it('keeps the pot equal to the stakes, hands the turn to a player still in, and ends with one paid winner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.shuffledSubarray([...DECK], { minLength: 15, maxLength: 15 }),
        fc.integer({ min: 3, max: 60 }),
        fc.array(fc.tuple(fc.constantFrom<Move>('chaal', 'raise', 'pack', 'show', 'timeout', 'leave'), fc.nat()), { minLength: 200, maxLength: 200 }),
        (count, deck, potLimitBoots, moves) => {
          const limits = { maxStakeMinor: BOOT * 8n, potLimitMinor: BOOT * BigInt(potLimitBoots) };
          const cards = dealHands(deck, count);
          let state: HandState = {
            players: cards.map((hand, index) => ({ seatNo: index + 1, status: 'active', stakedMinor: BOOT, cards: hand })),
            turnSeat: 1,
            stakeMinor: BOOT,
            potMinor: BOOT * BigInt(count),
          };
          let last: Decision | undefined;
          for (const [move, pick] of moves) {
            const active = state.players.filter((player) => player.status === 'active');
            const turn = state.turnSeat!;
            let decision: Decision;
            if (move === 'leave') {
              decision = decide(state, active[pick % active.length]!.seatNo, 'leave', limits);
            } else if (move === 'timeout') {
              decision = decide(state, turn, 'timeout', limits);
            } else {
              const allowed = allowedActions(state, turn, limits);
              if (!allowed.includes(move)) {
                expect(codeOf(() => decide(state, turn, move, limits))).not.toBe('none');
                continue;
              }
              decision = decide(state, turn, move, limits);
            }
            const next = decision.next;
            expect(next.potMinor).toBe(next.players.reduce((sum, player) => sum + player.stakedMinor, 0n));
            expect(next.potMinor).toBe(state.potMinor + decision.amountMinor);
            expect(next.stakeMinor <= limits.maxStakeMinor).toBe(true);
            expect(decision.amountMinor === 0n || decision.amountMinor === next.stakeMinor).toBe(true);
            last = decision;
            if (decision.ended) break;
            const turnPlayer = next.players.find((player) => player.seatNo === next.turnSeat);
            expect(turnPlayer?.status).toBe('active');
            state = next;
          }
          // Every valid move packs a player or raises the pot by a boot or more: the hand ends well within the moves drawn.
          expect(last?.ended).toBeTruthy();
          const { ended, next } = last!;
          if (!ended) return;
          expect(next.turnSeat).toBeNull();
          expect(next.players.find((player) => player.seatNo === ended.winnerSeat)?.status).toBe('active');
          if (ended.by === 'pack') expect(next.players.filter((player) => player.status === 'active')).toHaveLength(1);
          else expect(ended.shownSeats).toContain(ended.winnerSeat);
          const { rakeMinor, payoutMinor } = potSplit(next.potMinor);
          expect(rakeMinor + payoutMinor).toBe(next.potMinor);
          expect(nextTurnDeadline(last!, 0, 15)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});
