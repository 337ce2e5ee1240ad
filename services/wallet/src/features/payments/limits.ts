/** Deposit limits as pure rules: when a change applies, and whether a credit fits. Time is always passed in. */
export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Rolling windows, so a limit means the same in every time zone and there is no midnight reset to game. */
export const LIMIT_WINDOW_MS: Record<LimitPeriod, number> = { daily: 86_400_000, weekly: 7 * 86_400_000, monthly: 30 * 86_400_000 };

export type LimitValues = Record<LimitPeriod, bigint | null>;
export interface LimitState {
  current: LimitValues;
  pending?: { values: Partial<LimitValues>; effectiveAt: Date };
}

export const NO_LIMITS: LimitState = { current: { daily: null, weekly: null, monthly: null } };

/** Applies a pending change whose cooling-off has passed. */
export function settleLimits(state: LimitState, now: Date): LimitState {
  if (!state.pending || state.pending.effectiveAt.getTime() > now.getTime()) return state;
  return { current: { ...state.current, ...state.pending.values } };
}

const isLoosening = (from: bigint | null, to: bigint | null): boolean => from !== null && (to === null || to > from);

/**
 * A requested change: tightening (a lower limit, or a limit where there was none) applies at once; loosening (a higher
 * limit or none) waits for the cooling-off, and asking again restarts it. Periods left out of the request keep their
 * value and any pending change.
 */
export function changeLimits(state: LimitState, requested: Partial<LimitValues>, now: Date, coolingOffMs: number): LimitState {
  const settled = settleLimits(state, now);
  const current = { ...settled.current };
  const pendingValues: Partial<LimitValues> = { ...settled.pending?.values };
  let loosened = false;
  for (const period of LIMIT_PERIODS) {
    if (!(period in requested)) continue;
    const wanted = requested[period] ?? null;
    delete pendingValues[period];
    if (wanted === current[period]) continue;
    if (isLoosening(current[period], wanted)) {
      pendingValues[period] = wanted;
      loosened = true;
    } else {
      current[period] = wanted;
    }
  }
  if (Object.keys(pendingValues).length === 0) return { current };
  const effectiveAt = loosened || !settled.pending ? new Date(now.getTime() + coolingOffMs) : settled.pending.effectiveAt;
  return { current, pending: { values: pendingValues, effectiveAt } };
}

/** The first period whose limit the credit would pass, given what was already credited in each window. */
export function exceededPeriod(limits: LimitValues, creditedInWindow: Record<LimitPeriod, bigint>, amountMinor: bigint): LimitPeriod | undefined {
  return LIMIT_PERIODS.find((period) => limits[period] !== null && creditedInWindow[period] + amountMinor > limits[period]);
}
