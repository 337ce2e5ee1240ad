import { describe, expect, it } from 'vitest';
import { LOTTERY_FAMILIES, lotteryBetType, lotteryBetTypesOf, type LotteryBetType } from '@wps/contracts/lottery-rules';
import {
  betFormOf,
  betGroupsOf,
  checkSelection,
  checkStake,
  emptyPick,
  minorText,
  oddsSummary,
  parseTypedNumbers,
  pickStateOf,
  quickPickState,
  selectionOf,
  selectionParts,
  slipRequest,
  slipTotalMinor,
  togglePick,
  type SlipBet,
} from './slip';

const bet = (code: string): LotteryBetType => lotteryBetType(code)!;

/** A seeded Math.random stand-in, so the quick picks are repeatable. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('bet forms from the rules', () => {
  it('reads positions and number grids from the bet types', () => {
    const ssc = betFormOf(bet('ssc.position'));
    expect(ssc).toMatchObject({ kind: 'grid', field: 'digits', position: { max: 5 }, minCount: 1 });
    expect(ssc.options.map((option) => option.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(betFormOf(bet('pk10.position')).position).toEqual({ max: 10 });
    expect(betFormOf(bet('pk10.dragon_tiger')).position).toEqual({ max: 5 });
    expect(betFormOf(bet('k3.triple')).options.map((option) => option.value)).toEqual([1, 2, 3, 4, 5, 6]);
    const any3 = betFormOf(bet('x115.any3'));
    expect(any3.options.map((option) => option.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(any3.minCount).toBe(3);
  });

  it('shows the odds of each sum beside it', () => {
    const sums = betFormOf(bet('k3.sum'));
    expect(sums.options).toHaveLength(14);
    expect(sums.options[0]).toEqual({ value: 4, oddsBp: 648_000 });
    expect(betFormOf(bet('pk10.top2_sum')).options.map((option) => option.value)).toEqual(Array.from({ length: 17 }, (_, index) => index + 3));
    expect(oddsSummary(bet('k3.sum'))).toBe('7.20–64.80');
    expect(oddsSummary(bet('ssc.position'))).toBe('9.00');
  });

  it('offers named picks as chips and typed numbers for the prize draws', () => {
    expect(betFormOf(bet('ssc.sum_bsoe')).options.map((option) => option.value)).toEqual(['big', 'small', 'odd', 'even']);
    expect(betFormOf(bet('ssc.dragon_tiger')).options).toEqual([
      { value: 'dragon', oddsBp: 20_000 },
      { value: 'tiger', oddsBp: 20_000 },
      { value: 'tie', oddsBp: 90_000 },
    ]);
    expect(betFormOf(bet('vn_north.lo'))).toMatchObject({ kind: 'typed', digits: 2, minCount: 1 });
    expect(betFormOf(bet('vn_south.3cang'))).toMatchObject({ kind: 'typed', digits: 3 });
    expect(betFormOf(bet('vn_central.xien3'))).toMatchObject({ kind: 'typed', digits: 2, minCount: 3 });
    expect(betFormOf(bet('sea_4d.big'))).toMatchObject({ kind: 'typed', digits: 4 });
    expect(betFormOf(bet('k3.any_triple'))).toMatchObject({ kind: 'none', field: null });
  });

  it('groups every family into tabs, and quick picks always make a valid single bet', () => {
    const random = seeded(7);
    for (const family of LOTTERY_FAMILIES) {
      const groups = betGroupsOf(family);
      expect(groups.flatMap((group) => group.betTypes)).toHaveLength(lotteryBetTypesOf(family).length);
      for (const betType of lotteryBetTypesOf(family)) {
        const form = betFormOf(betType);
        for (let round = 0; round < 20; round++) {
          const check = checkSelection(form, quickPickState(form, random));
          expect(check.ok, betType.code).toBe(true);
          if (check.ok) expect(check.combinations).toBe(betType.code.endsWith('.lo') ? betType.combinations(betType.example) : 1);
        }
      }
    }
  });
});

describe('picking and checking a selection', () => {
  it('toggles values in the grid order and builds the selection', () => {
    const form = betFormOf(bet('ssc.position'));
    let values = togglePick(form, [], 7);
    values = togglePick(form, values, 2);
    expect(values).toEqual([2, 7]);
    expect(togglePick(form, values, 7)).toEqual([2]);
    expect(selectionOf(form, { position: 3, values, text: '' })).toEqual({ position: 3, digits: [2, 7] });
  });

  it('reads typed numbers, skipping repeats and naming the malformed ones', () => {
    expect(parseTypedNumbers('12 34,56;12\n7', 2)).toEqual({ numbers: ['12', '34', '56'], invalid: ['7'] });
    const form = betFormOf(bet('vn_north.de'));
    expect(checkSelection(form, { position: 1, values: [], text: '12 345' })).toEqual({ ok: false, message: { key: 'lp_err_digits', params: { digits: 2, numbers: '345' } } });
    expect(checkSelection(form, { position: 1, values: [], text: '12 45' })).toEqual({ ok: true, selection: { numbers: ['12', '45'] }, combinations: 2 });
  });

  it('says nothing while nothing is picked, and names what is missing or too much', () => {
    const any3 = betFormOf(bet('x115.any3'));
    expect(checkSelection(any3, emptyPick())).toEqual({ ok: false, message: null });
    expect(checkSelection(any3, { position: 1, values: [1, 2], text: '' })).toEqual({ ok: false, message: { key: 'lp_err_pick_min', params: { count: 3 } } });
    expect(checkSelection(any3, { position: 1, values: [1, 2, 3, 4], text: '' })).toMatchObject({ ok: true, combinations: 4 });
    const lo = betFormOf(bet('vn_north.lo'));
    const many = Array.from({ length: 40 }, (_, index) => String(index).padStart(2, '0')).join(' ');
    expect(checkSelection(lo, { position: 1, values: [], text: many })).toEqual({ ok: false, message: { key: 'lp_err_too_many', params: { max: 1000 } } });
    const anyTriple = betFormOf(bet('k3.any_triple'));
    expect(checkSelection(anyTriple, emptyPick())).toEqual({ ok: true, selection: {}, combinations: 1 });
  });

  it('turns a stored selection back into the picker state', () => {
    expect(pickStateOf(betFormOf(bet('vn_north.xien2')), { numbers: ['11', '22'] })).toEqual({ position: 1, values: [], text: '11 22' });
    expect(pickStateOf(betFormOf(bet('pk10.position')), { position: 4, cars: [3] })).toEqual({ position: 4, values: [3], text: '' });
  });
});

describe('stakes and the slip', () => {
  const form = betFormOf(bet('ssc.position'));
  const selection = { position: 1, digits: [1, 2, 3] };

  it('costs unit stake × combinations × multiplier, in minor units', () => {
    expect(checkStake(form, selection, '2', '5')).toEqual({ ok: true, unitStake: '2.00', unitStakeMinor: 200n, multiplier: 5, stakeMinor: 3000n });
  });

  it('refuses stakes and multipliers outside the limits, in plain words', () => {
    expect(checkStake(form, selection, 'abc', '1')).toEqual({ ok: false, message: { key: 'lp_err_stake' } });
    expect(checkStake(form, selection, '0.5', '1')).toEqual({ ok: false, message: { key: 'lp_err_stake_min', params: { amount: '1.00' } } });
    expect(checkStake(form, selection, '1001', '1')).toEqual({ ok: false, message: { key: 'lp_err_stake_max', params: { amount: '1000.00' } } });
    expect(checkStake(form, selection, '1', '0')).toMatchObject({ ok: false, message: { key: 'lp_err_multiplier' } });
    expect(checkStake(form, selection, '1', '1.5')).toMatchObject({ ok: false, message: { key: 'lp_err_multiplier' } });
    expect(checkStake(form, selection, '1000', '20')).toEqual({ ok: false, message: { key: 'lp_err_ticket_max', params: { amount: '50000.00' } } });
  });

  it('totals the slip and sends it in the API shape', () => {
    const bets: SlipBet[] = [
      { id: 'a', betType: 'ssc.position', selection, unitStake: '2.00', multiplier: 5, combinations: 3, stakeMinor: 3000n },
      { id: 'b', betType: 'ssc.sum_bsoe', selection: { picks: ['big'] }, unitStake: '1.50', multiplier: 1, combinations: 1, stakeMinor: 150n },
    ];
    expect(minorText(slipTotalMinor(bets))).toBe('31.50');
    expect(slipRequest('20261126-0042', 'slip-0001', bets)).toEqual({
      drawNo: '20261126-0042',
      requestId: 'slip-0001',
      bets: [
        { betType: 'ssc.position', selection, unitStake: '2.00', multiplier: 5 },
        { betType: 'ssc.sum_bsoe', selection: { picks: ['big'] }, unitStake: '1.50', multiplier: 1 },
      ],
    });
    expect(minorText(5n)).toBe('0.05');
    expect(minorText(-1234n)).toBe('-12.34');
  });

  it('shows a selection as its position and values', () => {
    expect(selectionParts({ position: 2, digits: [1, 9] })).toEqual({ position: 2, values: ['1', '9'] });
    expect(selectionParts({ numbers: ['12'] })).toEqual({ position: null, values: ['12'] });
    expect(selectionParts({})).toEqual({ position: null, values: [] });
  });
});
