/**
 * The arithmetic of contract settlement (domain notes, section A): which tier a team reached, what each agent earns
 * on its team's base, what it owes its direct downline agents (differential payout), the dividend's negative
 * carry-over, and paying obligations from a short balance. Money is integer minor units (bigint); rates are basis
 * points; every amount rounds down to the minor unit.
 */

export interface Tier {
  /** The base the tier needs (for real-time salary: the smallest stake counted). */
  minBaseMinor: bigint;
  minActive: number;
  rateBp: number;
  on?: 'loss' | 'win' | 'single';
}

export const BP_PER_UNIT = 10_000n;

/** `rateBp` of `baseMinor`, rounded down; nothing on a base at or below zero. */
export function share(baseMinor: bigint, rateBp: number): bigint {
  if (baseMinor <= 0n || rateBp <= 0) return 0n;
  return (baseMinor * BigInt(rateBp)) / BP_PER_UNIT;
}

/**
 * The tier the period reached: a tier is reached only when every one of its thresholds is met (exactly at a threshold
 * counts), and of the reached tiers the one with the highest rate wins (a later tier on a tie). `baseOf` gives the
 * base a tier is measured on (real-time salary measures each tier on the bets it counts); null when none is reached.
 */
export function selectTier(tiers: readonly Tier[], active: number, baseOf: (tier: Tier) => bigint): number | null {
  let chosen: number | null = null;
  tiers.forEach((tier, index) => {
    const reached = baseOf(tier) >= tier.minBaseMinor && active >= tier.minActive;
    if (reached && (chosen === null || tier.rateBp >= tiers[chosen]!.rateBp)) chosen = index;
  });
  return chosen;
}

/**
 * The rate an agent is settled at for a tier: its contract's rate for that tier, never above the rate its payer has for
 * the same tier (the upline's contract, or the brand's table for a top agent). A payer with no such tier allows nothing.
 */
export function cappedRate(own: readonly Tier[], payerLimit: readonly Tier[] | null, tierIndex: number | null): number {
  if (tierIndex === null) return 0;
  const rate = own[tierIndex]?.rateBp ?? 0;
  if (payerLimit === null) return rate;
  return Math.min(rate, payerLimit[tierIndex]?.rateBp ?? 0);
}

/**
 * The dividend's negative carry-over. A period's effective base is its own base plus what was carried in (never
 * positive). A period whose effective base is negative earns nothing and carries it on; otherwise nothing is carried.
 * Carry-over does not cross into a new month when the brand resets it monthly.
 */
export function carryOver(ownBaseMinor: bigint, carryInMinor: bigint): { effectiveBaseMinor: bigint; carryOutMinor: bigint } {
  const effectiveBaseMinor = ownBaseMinor + (carryInMinor < 0n ? carryInMinor : 0n);
  return { effectiveBaseMinor, carryOutMinor: effectiveBaseMinor < 0n ? effectiveBaseMinor : 0n };
}

/** What the previous period carries into this one: nothing across a month boundary when the brand resets monthly. */
export function carryIn(previousCarryOutMinor: bigint | null, sameMonth: boolean, resetsMonthly: boolean): bigint {
  if (previousCarryOutMinor === null || previousCarryOutMinor >= 0n) return 0n;
  return !sameMonth && resetsMonthly ? 0n : previousCarryOutMinor;
}

/** One agent's contract in one period, as the settlement sees it. */
export interface SettlementInput {
  contractId: string;
  agentId: string;
  /** Who pays: the upline that offered the contract; null for a top agent, paid by the platform. */
  payerId: string | null;
  tiers: readonly Tier[];
  /** The period's own base of the agent's team, before carry-over. */
  baseMinor: bigint;
  activeMembers: number;
  carryInMinor: bigint;
  /** Real-time salary: the base a tier is measured on; otherwise every tier is measured on the team's base. */
  baseOf?: (tier: Tier) => bigint;
}

/** One agent's settlement for the period: its inputs, its gross, and what it owes its direct downline agents. */
export interface SettlementLine {
  contractId: string;
  agentId: string;
  payerId: string | null;
  baseMinor: bigint;
  activeMembers: number;
  carryInMinor: bigint;
  carryOutMinor: bigint;
  tierIndex: number | null;
  rateBp: number;
  /** What the agent earns on its team: rate × effective base; the payer owes it all (`amount`). */
  grossMinor: bigint;
  /** What the agent's direct downline agents earned this period, paid by this agent. */
  downlineMinor: bigint;
}

/**
 * Settles one period of one brand and kind over every contract in force: each agent earns its rate of its team's
 * effective base, capped for each tier by what its payer may earn for that tier (the payer's own capped rate, up to the
 * brand's table at the top); what its direct downline agents earn is paid by it. Inputs whose payer has no contract in
 * the period are capped to nothing.
 */
export function settlePeriod(inputs: readonly SettlementInput[], brandTiers: readonly Tier[] | null): SettlementLine[] {
  const byAgent = new Map(inputs.map((input) => [input.agentId, input]));
  // Each agent's rates as capped down its chain of payers: an upline can only pass on what it may earn itself.
  const limits = new Map<string, Tier[]>();
  const limitOf = (agentId: string, seen: Set<string>): Tier[] => {
    const known = limits.get(agentId);
    if (known) return known;
    const input = byAgent.get(agentId);
    if (!input || seen.has(agentId)) return [];
    seen.add(agentId);
    const payer = input.payerId === null ? brandTiers : limitOf(input.payerId, seen);
    const capped = input.tiers.map((tier, index) => ({ ...tier, rateBp: cappedRate(input.tiers, payer, index) }));
    limits.set(agentId, capped);
    return capped;
  };
  const lines = inputs.map((input): SettlementLine => {
    const { effectiveBaseMinor, carryOutMinor } = carryOver(input.baseMinor, input.carryInMinor);
    const baseOf = input.baseOf ?? (() => effectiveBaseMinor);
    const tierIndex = selectTier(input.tiers, input.activeMembers, baseOf);
    const rateBp = tierIndex === null ? 0 : (limitOf(input.agentId, new Set())[tierIndex]?.rateBp ?? 0);
    const rateBase = tierIndex === null ? effectiveBaseMinor : baseOf(input.tiers[tierIndex]!);
    return {
      contractId: input.contractId,
      agentId: input.agentId,
      payerId: input.payerId,
      baseMinor: input.baseOf && tierIndex !== null ? rateBase : effectiveBaseMinor,
      activeMembers: input.activeMembers,
      carryInMinor: input.carryInMinor < 0n ? input.carryInMinor : 0n,
      carryOutMinor,
      tierIndex,
      rateBp,
      grossMinor: share(rateBase, rateBp),
      downlineMinor: 0n,
    };
  });
  const lineOf = new Map(lines.map((line) => [line.agentId, line]));
  for (const line of lines) {
    const payer = line.payerId === null ? undefined : lineOf.get(line.payerId);
    if (payer) payer.downlineMinor += line.grossMinor;
  }
  return lines;
}

/** What an agent keeps of the period: its gross less what it pays its direct downline. */
export const netMinor = (line: SettlementLine): bigint => line.grossMinor - line.downlineMinor;

/**
 * Pays obligations in order from a balance: each gets what is left, up to what it is owed; what stays unpaid is a
 * debt. Earlier obligations (older debts first) are paid in full before a later one gets anything.
 */
export function payInOrder(balanceMinor: bigint, owedMinor: readonly bigint[]): { paidMinor: bigint[]; debtMinor: bigint[]; leftMinor: bigint } {
  let left = balanceMinor > 0n ? balanceMinor : 0n;
  const paidMinor: bigint[] = [];
  const debtMinor: bigint[] = [];
  for (const owed of owedMinor) {
    const paid = owed < left ? owed : left;
    left -= paid;
    paidMinor.push(paid);
    debtMinor.push(owed - paid);
  }
  return { paidMinor, debtMinor, leftMinor: left };
}

/** The state of a settlement row from what was owed and what was paid. */
export function settlementState(amountMinor: bigint, paidMinor: bigint): 'paid' | 'partly-paid' | 'nothing-due' | 'due' {
  if (amountMinor === 0n) return 'nothing-due';
  if (paidMinor >= amountMinor) return 'paid';
  return 'partly-paid';
}
