import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { formatMinor, type DepositMethod } from '@wps/contracts';
import type { PaymentsDeps } from './deps.js';
import { fromJsonb } from './repository.js';

/** The brand's enabled deposit methods in its order; with the sandbox provider off its method does not exist to callers. */
export async function depositMethods(deps: Pick<PaymentsDeps, 'db' | 'config'>, merchantCode: string): Promise<DepositMethod[]> {
  const methods = await rows<{ code: string; kind: DepositMethod['kind']; name: string; currency: string; min_minor: string; max_minor: string; details: unknown }>(
    deps.db.orm,
    sql`SELECT code, kind, name, currency, min_minor, max_minor, details FROM wallet.deposit_methods
        WHERE merchant_code = ${merchantCode} AND enabled ${deps.config.SANDBOX_PAY_ENABLED ? sql`` : sql`AND kind <> 'sandbox_gateway'`} ORDER BY sort_order, code`,
  );
  return methods.map((method) => ({
    code: method.code,
    kind: method.kind,
    name: method.name,
    currency: method.currency,
    minAmount: formatMinor(BigInt(method.min_minor), method.currency),
    maxAmount: formatMinor(BigInt(method.max_minor), method.currency),
    details: fromJsonb<DepositMethod['details']>(method.details),
  }));
}
