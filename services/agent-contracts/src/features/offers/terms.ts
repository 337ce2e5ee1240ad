import { sql } from 'drizzle-orm';
import { AppError, type Database, type Executor } from '@wps/platform';
import { contractKindSchema, type BrandTerms, type ContractKind, type ContractPeriod, type ContractTier } from '@wps/contracts';
import { brandTiersProblem, DEMO_TERMS, DEMO_TERMS_SETTINGS, PERIODS_OF_KIND } from '../../domain/offers.js';
import { isTimeZone } from '../../domain/periods.js';
import { brandTerms, brandTermsOf } from './store.js';

export const DEMO_MERCHANT_CODE = 'DEMO';

export interface TermsInput {
  merchantCode: string;
  kind: ContractKind;
  enabled: boolean;
  period: ContractPeriod;
  tiers: ContractTier[];
  activeThresholdMinor: string;
  offerTtlHours: number;
  carryResetsMonthly: boolean;
  timeZone: string;
  settleDelayMinutes: number;
}

/** Checks and stores a brand's terms for one kind. Contracts already made keep the tiers they were made with. */
export async function setTerms(executor: Executor, input: TermsInput): Promise<BrandTerms> {
  if (!PERIODS_OF_KIND[input.kind].includes(input.period)) {
    throw new AppError('CONTRACT_TERMS_INVALID', { field: 'period', params: { detail: `${input.kind} is settled ${PERIODS_OF_KIND[input.kind].join(' or ')}` } });
  }
  if (!isTimeZone(input.timeZone)) throw new AppError('CONTRACT_TERMS_INVALID', { field: 'timeZone', params: { detail: 'unknown time zone' } });
  const problem = brandTiersProblem(input.kind, input.tiers);
  if (problem) throw new AppError('CONTRACT_TERMS_INVALID', { field: 'tiers', params: { detail: problem } });
  await executor.execute(sql`
    INSERT INTO agent_contracts.brand_terms
      (merchant_code, kind, enabled, period, tiers, active_threshold_minor, offer_ttl_hours, carry_resets_monthly, time_zone, settle_delay_minutes, updated_at)
    VALUES (${input.merchantCode}, ${input.kind}, ${input.enabled}, ${input.period}, ${JSON.stringify(input.tiers)}::jsonb, ${input.activeThresholdMinor},
            ${input.offerTtlHours}, ${input.carryResetsMonthly}, ${input.timeZone}, ${input.settleDelayMinutes}, now())
    ON CONFLICT (merchant_code, kind) DO UPDATE SET
      enabled = excluded.enabled, period = excluded.period, tiers = excluded.tiers, active_threshold_minor = excluded.active_threshold_minor,
      offer_ttl_hours = excluded.offer_ttl_hours, carry_resets_monthly = excluded.carry_resets_monthly, time_zone = excluded.time_zone,
      settle_delay_minutes = excluded.settle_delay_minutes, updated_at = now()`);
  return (await brandTermsOf(executor, input.merchantCode, input.kind))!;
}

export const getTerms = async (executor: Executor, merchantCode: string): Promise<{ terms: BrandTerms[] }> => ({ terms: await brandTerms(executor, merchantCode) });

/**
 * The demo brand's terms for every kind (domain notes, section A), in Mexican pesos and Mexico City time. Terms the
 * brand already has (an operator's change) are kept.
 */
export async function ensureDemoTerms(db: Database | Executor, merchantCode = DEMO_MERCHANT_CODE): Promise<void> {
  const executor = 'orm' in db ? db.orm : db;
  for (const kind of contractKindSchema.options) {
    const demo = DEMO_TERMS[kind];
    await executor.execute(sql`
      INSERT INTO agent_contracts.brand_terms
        (merchant_code, kind, enabled, period, tiers, active_threshold_minor, offer_ttl_hours, carry_resets_monthly, time_zone, settle_delay_minutes)
      VALUES (${merchantCode}, ${kind}, true, ${demo.period}, ${JSON.stringify(demo.tiers)}::jsonb, ${DEMO_TERMS_SETTINGS.activeThresholdMinor},
              ${DEMO_TERMS_SETTINGS.offerTtlHours}, ${DEMO_TERMS_SETTINGS.carryResetsMonthly}, ${DEMO_TERMS_SETTINGS.timeZone}, ${DEMO_TERMS_SETTINGS.settleDelayMinutes})
      ON CONFLICT (merchant_code, kind) DO NOTHING`);
  }
}
