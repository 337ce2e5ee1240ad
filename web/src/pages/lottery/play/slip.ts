/**
 * The betting slip's rules as pure functions: what picker each bet type needs (read from the bet type itself: its
 * example selection, its odds table and its schema), the selection a picker's state makes, the checks before a bet goes
 * on the slip, and the slip's totals. Money stays in integers (minor units) from the typed amount to the total.
 */
import {
  LOTTERY_MAX_COMBINATIONS,
  LOTTERY_MAX_MULTIPLIER,
  formatLotteryOdds,
  lotteryBetTypesOf,
  safeParseLotterySelection,
  ticketMoney,
  type LotteryBetType,
  type LotteryFamily,
} from '@wps/contracts/lottery-rules';
import { AMOUNT_DECIMALS, toMinor } from '../../../money';

export type PickValue = number | string;

export interface PickOption {
  value: PickValue;
  /** Odds of this option alone, when the bet type pays by option (sums, big/small, dragon/tiger). */
  oddsBp?: number;
}

/**
 * How a selection is picked:
 * - `none`: nothing to pick (any triple);
 * - `grid`: numbers from a grid (ball digits, cars, dice faces, sums, 11-choose-5 numbers);
 * - `chips`: named picks (big, small, odd, even, dragon, tiger, tie);
 * - `typed`: numbers of a fixed number of digits typed in (Vietnamese two and three digits, 4D).
 */
export type PickerKind = 'none' | 'grid' | 'chips' | 'typed';

export interface BetForm {
  betType: LotteryBetType;
  /** The position the bet reads (ball, car, or dragon pair), 1…max; absent when the bet reads no single position. */
  position: { max: number } | null;
  kind: PickerKind;
  /** The selection field the picker fills (`digits`, `cars`, `faces`, `sums`, `numbers`, `picks`). */
  field: string | null;
  options: PickOption[];
  /** Fewest values the bet needs (any-3 needs three numbers, xiên 2 two). */
  minCount: number;
  /** Typed numbers: how many digits each has. */
  digits: number;
}

const accepts = (betType: LotteryBetType, selection: Record<string, unknown>): boolean => betType.selectionSchema.safeParse(selection).success;

const forms = new Map<string, BetForm>();

/** The picker a bet type needs, worked out once per bet type from its example selection, odds and schema. */
export function betFormOf(betType: LotteryBetType): BetForm {
  const known = forms.get(betType.code);
  if (known) return known;
  const example = betType.example as Record<string, unknown>;
  let position: BetForm['position'] = null;
  if (typeof example.position === 'number') {
    let max = 1;
    for (let candidate = 1; candidate <= 20; candidate++) if (accepts(betType, { ...example, position: candidate })) max = candidate;
    position = { max };
  }
  const field = Object.keys(example).find((key) => key !== 'position') ?? null;
  const sample = field ? example[field] : undefined;
  let form: BetForm;
  if (!field || !Array.isArray(sample)) {
    form = { betType, position, kind: 'none', field: null, options: [], minCount: 0, digits: 0 };
  } else if (typeof sample[0] === 'string' && /^\d+$/.test(sample[0])) {
    form = { betType, position, kind: 'typed', field, options: [], minCount: sample.length, digits: sample[0].length };
  } else if (typeof sample[0] === 'string') {
    // Named picks: the odds table lists every pick, in the order the slip shows them.
    const options = Object.keys(betType.oddsBp)
      .filter((pick) => accepts(betType, { ...example, [field]: [pick] }))
      .map((pick) => ({ value: pick, oddsBp: betType.oddsBp[pick] }));
    form = { betType, position, kind: 'chips', field, options, minCount: 1, digits: 0 };
  } else {
    const rest = sample.slice(1) as number[];
    const values: number[] = [];
    for (let candidate = 0; candidate <= 99; candidate++) {
      if (rest.includes(candidate) || accepts(betType, { ...example, [field]: [candidate, ...rest] })) values.push(candidate);
    }
    const options = values.map((value) => ({ value, oddsBp: betType.oddsBp[String(value)] }));
    form = { betType, position, kind: 'grid', field, options, minCount: sample.length, digits: 0 };
  }
  forms.set(betType.code, form);
  return form;
}

/** A family's bet types in slip order, by group (the slip's tabs). */
export function betGroupsOf(family: LotteryFamily): Array<{ group: string; betTypes: LotteryBetType[] }> {
  const groups: Array<{ group: string; betTypes: LotteryBetType[] }> = [];
  for (const betType of lotteryBetTypesOf(family)) {
    const found = groups.find((entry) => entry.group === betType.group);
    if (found) found.betTypes.push(betType);
    else groups.push({ group: betType.group, betTypes: [betType] });
  }
  return groups;
}

/** The odds shown beside a bet type: one value, or the lowest and highest when they differ by option (sums). */
export function oddsSummary(betType: LotteryBetType): string {
  const values = Object.values(betType.oddsBp);
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? formatLotteryOdds(low) : `${formatLotteryOdds(low)}–${formatLotteryOdds(high)}`;
}

// ------------------------------------------------------------------------------------------------ the picker's state

export interface PickState {
  position: number;
  /** Grid and chip picks. */
  values: PickValue[];
  /** Typed numbers, as the player typed them. */
  text: string;
}

export const emptyPick = (): PickState => ({ position: 1, values: [], text: '' });

/** Toggles a grid or chip value, keeping the options' order. */
export function togglePick(form: BetForm, values: readonly PickValue[], value: PickValue): PickValue[] {
  const next = values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
  const order = form.options.map((option) => option.value);
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** Typed numbers: separated by spaces, commas, semicolons or new lines. */
export function parseTypedNumbers(text: string, digits: number): { numbers: string[]; invalid: string[] } {
  const tokens = text.split(/[\s,;]+/).filter(Boolean);
  const pattern = new RegExp(`^\\d{${digits}}$`);
  const numbers: string[] = [];
  const invalid: string[] = [];
  for (const token of tokens) {
    if (!pattern.test(token)) invalid.push(token);
    else if (!numbers.includes(token)) numbers.push(token);
  }
  return { numbers, invalid };
}

/** The picked values, whatever the picker. */
export function pickedValues(form: BetForm, state: PickState): PickValue[] {
  return form.kind === 'typed' ? parseTypedNumbers(state.text, form.digits).numbers : state.values;
}

/** The selection the picker's state makes, as sent to the server. */
export function selectionOf(form: BetForm, state: PickState): Record<string, unknown> {
  const selection: Record<string, unknown> = {};
  if (form.position) selection.position = state.position;
  if (form.field) selection[form.field] = pickedValues(form, state);
  return selection;
}

/** The picker's state showing a selection (a quick pick's). */
export function pickStateOf(form: BetForm, selection: Record<string, unknown>): PickState {
  const values = form.field && Array.isArray(selection[form.field]) ? (selection[form.field] as PickValue[]) : [];
  return {
    position: typeof selection.position === 'number' ? selection.position : 1,
    values: form.kind === 'typed' ? [] : [...values],
    text: form.kind === 'typed' ? values.join(' ') : '',
  };
}

/** A random selection of one single bet (the quick pick), as the picker's state. */
export const quickPickState = (form: BetForm, random: () => number = Math.random): PickState => pickStateOf(form, form.betType.quickPick(random));

// ------------------------------------------------------------------------------------------------ checks

/** A message for the player: an i18n key and its values. */
export interface PlayMessage {
  key: string;
  params?: Record<string, string | number>;
}

export type SelectionCheck = { ok: true; selection: Record<string, unknown>; combinations: number } | { ok: false; message: PlayMessage | null };

/**
 * Checks the picker's state against the bet type. A picker with nothing picked yet has no message (nothing is wrong
 * yet); the other refusals say in plain words what to change.
 */
export function checkSelection(form: BetForm, state: PickState): SelectionCheck {
  if (form.kind === 'typed') {
    const { numbers, invalid } = parseTypedNumbers(state.text, form.digits);
    if (invalid.length > 0) return { ok: false, message: { key: 'lp_err_digits', params: { digits: form.digits, numbers: invalid.slice(0, 3).join(', ') } } };
    if (numbers.length === 0) return { ok: false, message: null };
  }
  const count = pickedValues(form, state).length;
  if (form.kind !== 'none' && count === 0) return { ok: false, message: null };
  if (count < form.minCount) return { ok: false, message: { key: 'lp_err_pick_min', params: { count: form.minCount } } };
  const selection = selectionOf(form, state);
  const parsed = safeParseLotterySelection(form.betType, selection);
  if (!parsed.ok) {
    switch (parsed.error.reason) {
      case 'too_many_combinations':
        return { ok: false, message: { key: 'lp_err_too_many', params: { max: LOTTERY_MAX_COMBINATIONS } } };
      case 'invalid_selection':
        return { ok: false, message: { key: 'lp_err_selection' } };
      default:
        return { ok: false, message: { key: 'lp_err_bet_type' } };
    }
  }
  return { ok: true, selection, combinations: form.betType.combinations(parsed.selection) };
}

/** The game's limits, in major units (as the server publishes them). */
export interface StakeLimits {
  minUnitStake: string;
  maxUnitStake: string;
  maxTicketStake: string;
  maxMultiplier: number;
  maxBetsPerSlip: number;
}

export const DEFAULT_LIMITS: StakeLimits = { minUnitStake: '1', maxUnitStake: '1000', maxTicketStake: '50000', maxMultiplier: LOTTERY_MAX_MULTIPLIER, maxBetsPerSlip: 20 };

export type StakeCheck = { ok: true; unitStake: string; unitStakeMinor: bigint; multiplier: number; stakeMinor: bigint } | { ok: false; message: PlayMessage };

/** Checks the unit stake and multiplier of a bet of `selection`, and what the ticket then costs. */
export function checkStake(form: BetForm, selection: Record<string, unknown>, unitStakeText: string, multiplierText: string, limits: StakeLimits = DEFAULT_LIMITS): StakeCheck {
  const unitStakeMinor = toMinor(unitStakeText);
  if (unitStakeMinor === null || unitStakeMinor <= 0n) return { ok: false, message: { key: 'lp_err_stake' } };
  const min = toMinor(limits.minUnitStake) ?? 1n;
  const max = toMinor(limits.maxUnitStake);
  if (unitStakeMinor < min) return { ok: false, message: { key: 'lp_err_stake_min', params: { amount: minorText(min) } } };
  if (max !== null && unitStakeMinor > max) return { ok: false, message: { key: 'lp_err_stake_max', params: { amount: minorText(max) } } };
  const multiplier = /^\d{1,4}$/.test(multiplierText.trim()) ? Number(multiplierText.trim()) : NaN;
  const maxMultiplier = Math.min(limits.maxMultiplier, LOTTERY_MAX_MULTIPLIER);
  if (!Number.isInteger(multiplier) || multiplier < 1 || multiplier > maxMultiplier) return { ok: false, message: { key: 'lp_err_multiplier', params: { max: maxMultiplier } } };
  const { stakeMinor } = ticketMoney({ betType: form.betType, selection, unitStakeMinor, multiplier });
  const maxTicket = toMinor(limits.maxTicketStake);
  if (maxTicket !== null && stakeMinor > maxTicket) return { ok: false, message: { key: 'lp_err_ticket_max', params: { amount: minorText(maxTicket) } } };
  return { ok: true, unitStake: minorText(unitStakeMinor), unitStakeMinor, multiplier, stakeMinor };
}

// ------------------------------------------------------------------------------------------------ the slip

export interface SlipBet {
  /** Local id, for the list's keys and removal. */
  id: string;
  betType: string;
  selection: Record<string, unknown>;
  /** Unit stake in major units, two decimals ("2.00"). */
  unitStake: string;
  multiplier: number;
  combinations: number;
  stakeMinor: bigint;
}

/** What `onPlace` receives: the bets of one slip for one draw, in the API's body shape. */
export interface LotterySlipRequest {
  drawNo: string;
  /** Names the slip: sending it again (a retry after a lost answer) answers the first slip instead of betting twice. */
  requestId: string;
  bets: Array<{ betType: string; selection: Record<string, unknown>; unitStake: string; multiplier: number }>;
}

export const slipTotalMinor = (bets: readonly SlipBet[]): bigint => bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n);

export const slipRequest = (drawNo: string, requestId: string, bets: readonly SlipBet[]): LotterySlipRequest => ({
  drawNo,
  requestId,
  bets: bets.map(({ betType, selection, unitStake, multiplier }) => ({ betType, selection, unitStake, multiplier })),
});

/** Minor units as a decimal amount: 1250n → "12.50". */
export function minorText(minor: bigint, decimals = AMOUNT_DECIMALS): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

// ------------------------------------------------------------------------------------------------ showing a selection

/** A selection as the slip and the tickets list show it: the position it reads and the values picked. */
export function selectionParts(selection: Record<string, unknown>): { position: number | null; values: string[] } {
  const position = typeof selection.position === 'number' ? selection.position : null;
  const values = Object.entries(selection)
    .filter(([key]) => key !== 'position')
    .flatMap(([, value]) => (Array.isArray(value) ? value.map(String) : []));
  return { position, values };
}
