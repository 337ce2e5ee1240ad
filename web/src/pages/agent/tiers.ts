/** Tier tables as the agent types them, and what they are sent as: minor units and basis points. */
import type { ContractKind, ContractTier } from '@wps/contracts';
import { amountToMinor, bpToPercentInput, minorToAmount, percentToBp } from './agentFormat';

/** A tier as typed: amounts and percentages as text until the form is sent. */
export interface TierDraft {
  minBase: string;
  minActive: string;
  rate: string;
  on: '' | 'loss' | 'win' | 'single';
}

export const MAX_TIERS = 10;

export const emptyTier = (kind: ContractKind): TierDraft => ({ minBase: '', minActive: '0', rate: '', on: kind === 'realtime' ? 'loss' : '' });

export function tierDraftsOf(tiers: readonly ContractTier[]): TierDraft[] {
  return tiers.map((tier) => ({ minBase: minorToAmount(tier.minBaseMinor), minActive: String(tier.minActive), rate: bpToPercentInput(tier.rateBp), on: tier.on ?? '' }));
}

/** The tiers the drafts describe, or the index of the first one that is not valid. */
export function readTiers(kind: ContractKind, drafts: readonly TierDraft[]): { tiers: ContractTier[] } | { invalid: number } {
  const tiers: ContractTier[] = [];
  for (const [index, draft] of drafts.entries()) {
    const minBaseMinor = amountToMinor(draft.minBase);
    const rateBp = percentToBp(draft.rate);
    const minActive = /^\d{1,6}$/.test(draft.minActive.trim()) ? Number(draft.minActive.trim()) : null;
    if (minBaseMinor === null || rateBp === null || minActive === null) return { invalid: index };
    if (kind === 'realtime' && !draft.on) return { invalid: index };
    tiers.push({ minBaseMinor, minActive, rateBp, ...(kind === 'realtime' && draft.on ? { on: draft.on } : {}) });
  }
  if (tiers.length === 0) return { invalid: 0 };
  return { tiers };
}
