import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { formatMinor, type DepositMethod } from '@wps/contracts';
import type { PaymentsDeps } from './deps.js';
import { fromJsonb } from './repository.js';

/** A method's name and note as the brand wrote them in one language; either may be missing. */
type MethodTexts = { name?: string; note?: string };

/**
 * The brand's enabled deposit methods in its order, each named and explained in the caller's language where the brand
 * wrote it in that language, else as first written; with the sandbox provider off its method does not exist to callers.
 */
export async function depositMethods(deps: Pick<PaymentsDeps, 'db' | 'config'>, merchantCode: string, language?: string): Promise<DepositMethod[]> {
  const methods = await rows<{ code: string; kind: DepositMethod['kind']; name: string; currency: string; min_minor: string; max_minor: string; details: unknown; translations: unknown }>(
    deps.db.orm,
    sql`SELECT code, kind, name, currency, min_minor, max_minor, details, translations FROM wallet.deposit_methods
        WHERE merchant_code = ${merchantCode} AND enabled ${deps.config.SANDBOX_PAY_ENABLED ? sql`` : sql`AND kind <> 'sandbox_gateway'`} ORDER BY sort_order, code`,
  );
  return methods.map((method) => {
    const details = fromJsonb<DepositMethod['details']>(method.details);
    const texts = (language ? fromJsonb<Record<string, MethodTexts>>(method.translations)[language.toUpperCase()] : undefined) ?? {};
    return {
      code: method.code,
      kind: method.kind,
      name: texts.name || method.name,
      currency: method.currency,
      minAmount: formatMinor(BigInt(method.min_minor), method.currency),
      maxAmount: formatMinor(BigInt(method.max_minor), method.currency),
      details: texts.note && details.note !== undefined ? { ...details, note: texts.note } : details,
    };
  });
}
