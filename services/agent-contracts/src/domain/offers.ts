import type { ContractKind, ContractPeriod, ContractTier } from '@wps/contracts';

/**
 * The rules of contract tiers: a contract uses its brand's thresholds, in the brand's order, and only the rates are
 * the offering upline's to choose, each at most the upline's own rate on the same tier (the platform's cap for a top
 * agent is the brand's rate).
 */

/** What makes two tiers the same tier: their thresholds (and, for real-time salary, which bets they pay on). */
const tierKey = (tier: ContractTier): string => `${tier.minBaseMinor}|${tier.minActive}|${tier.on ?? ''}`;

/** Why offered tiers do not follow the brand's thresholds, or null when they do. */
export function tiersMismatch(offered: readonly ContractTier[], brand: readonly ContractTier[]): string | null {
  if (offered.length !== brand.length) return `${brand.length} tiers expected, ${offered.length} given`;
  for (let index = 0; index < brand.length; index++) {
    if (tierKey(offered[index]!) !== tierKey(brand[index]!)) return `tier ${index + 1} must be ${describeTier(brand[index]!)}`;
  }
  return null;
}

const describeTier = (tier: ContractTier): string => `base ${tier.minBaseMinor}, ${tier.minActive} active${tier.on ? `, on ${tier.on}` : ''}`;

/** The highest rate allowed on a tier under the cap's tiers: the cap's rate on the same thresholds, else 0. */
export function capRate(tier: ContractTier, cap: readonly ContractTier[] | null): number {
  if (!cap) return 0;
  const key = tierKey(tier);
  return cap.find((candidate) => tierKey(candidate) === key)?.rateBp ?? 0;
}

/** The first tier (1-based) whose rate is above the cap, with the cap's rate; null when every tier is within it. */
export function firstRateAbove(offered: readonly ContractTier[], cap: readonly ContractTier[] | null): { tier: number; max: number } | null {
  for (let index = 0; index < offered.length; index++) {
    const max = capRate(offered[index]!, cap);
    if (offered[index]!.rateBp > max) return { tier: index + 1, max };
  }
  return null;
}

/** Whether any tier pays more than the cap allows (`null`: no contract above, so any positive rate is too high). */
export const exceedsCap = (tiers: readonly ContractTier[], cap: readonly ContractTier[] | null): boolean => firstRateAbove(tiers, cap) !== null;

/** The tiers an invitation's contract keeps: those on the brand's thresholds whose rates are within the upline's. */
export function tiersWithinCap(offered: readonly ContractTier[], brand: readonly ContractTier[], cap: readonly ContractTier[]): ContractTier[] {
  const brandKeys = new Set(brand.map(tierKey));
  return offered.filter((tier) => brandKeys.has(tierKey(tier)) && tier.rateBp <= capRate(tier, cap)).map((tier) => ({ ...tier }));
}

/** The periods each kind may be settled in. */
export const PERIODS_OF_KIND: Record<ContractKind, readonly ContractPeriod[]> = {
  dividend: ['daily', 'weekly', 'semi-monthly', 'monthly'],
  daily: ['daily'],
  hourly: ['hourly'],
  realtime: ['5min'],
};

/** Why a brand's tier table is unusable, or null: thresholds must grow tier by tier (real-time tiers name their bets instead). */
export function brandTiersProblem(kind: ContractKind, tiers: readonly ContractTier[]): string | null {
  if (kind === 'realtime') {
    if (tiers.some((tier) => !tier.on)) return 'every real-time tier names the bets it pays on';
    if (new Set(tiers.map((tier) => tier.on)).size !== tiers.length) return 'one real-time tier per kind of bet';
    return null;
  }
  if (tiers.some((tier) => tier.on)) return 'only real-time tiers name the bets they pay on';
  for (let index = 1; index < tiers.length; index++) {
    const previous = tiers[index - 1]!;
    const tier = tiers[index]!;
    if (BigInt(tier.minBaseMinor) < BigInt(previous.minBaseMinor) || tier.minActive < previous.minActive || tierKey(tier) === tierKey(previous)) {
      return `tier ${index + 1} must need more than tier ${index}`;
    }
  }
  return null;
}

/** The consolidated flag of one kind (spec §3): 0 off or not an agent, 1 no contract, 2 an offer waits, 3 in force. */
export function contractFlag(input: { enabled: boolean; agent: boolean; pendingToMe: boolean; contracted: boolean }): 0 | 1 | 2 | 3 {
  if (!input.enabled || !input.agent) return 0;
  if (input.pendingToMe) return 2;
  return input.contracted ? 3 : 1;
}

/** Major units (MXN) to minor units, for readable tier tables. */
const major = (amount: number): string => String(amount * 100);

/**
 * The demo brand's terms (domain notes, section A): dividends semi-monthly on team net loss; daily salary on
 * yesterday's team valid bet; hourly salary on a tenth of the daily thresholds; real-time salary on each settled bet.
 */
export const DEMO_TERMS: Record<ContractKind, { period: ContractPeriod; tiers: ContractTier[] }> = {
  dividend: {
    period: 'semi-monthly',
    tiers: [
      { minBaseMinor: major(50_000), minActive: 5, rateBp: 1_000 },
      { minBaseMinor: major(200_000), minActive: 15, rateBp: 2_000 },
      { minBaseMinor: major(1_000_000), minActive: 40, rateBp: 3_000 },
    ],
  },
  daily: {
    period: 'daily',
    tiers: [
      { minBaseMinor: major(100_000), minActive: 3, rateBp: 30 },
      { minBaseMinor: major(500_000), minActive: 10, rateBp: 50 },
      { minBaseMinor: major(2_000_000), minActive: 30, rateBp: 80 },
    ],
  },
  hourly: {
    period: 'hourly',
    tiers: [
      { minBaseMinor: major(10_000), minActive: 3, rateBp: 30 },
      { minBaseMinor: major(50_000), minActive: 10, rateBp: 50 },
      { minBaseMinor: major(200_000), minActive: 30, rateBp: 80 },
    ],
  },
  realtime: {
    period: '5min',
    tiers: [
      { minBaseMinor: '0', minActive: 0, rateBp: 50, on: 'loss' },
      { minBaseMinor: '0', minActive: 0, rateBp: 20, on: 'win' },
      { minBaseMinor: major(1_000), minActive: 0, rateBp: 10, on: 'single' },
    ],
  },
};
export const DEMO_TERMS_SETTINGS = {
  timeZone: 'America/Mexico_City',
  activeThresholdMinor: major(1_000),
  offerTtlHours: 168,
  settleDelayMinutes: 5,
  carryResetsMonthly: true,
} as const;
