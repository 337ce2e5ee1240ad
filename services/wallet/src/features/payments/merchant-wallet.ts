import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import type { MemberRef, PaymentsDeps } from './deps.js';

/** GCS_merchantWallet: the member's money split into what can be spent and what pending withdrawals hold. */
export async function merchantWallet(deps: Pick<PaymentsDeps, 'db'>, member: MemberRef): Promise<{ balance: string; held: string; available: string; currency: string }> {
  const accounts = await rows<{ kind: string; balance_minor: string }>(
    deps.db.orm,
    sql`SELECT kind, balance_minor FROM wallet.accounts
        WHERE merchant_code = ${member.merchantCode} AND owner_type = 'member' AND owner_id = ${member.memberId} AND currency = ${member.currency} AND kind IN ('main', 'held')`,
  );
  const available = BigInt(accounts.find((account) => account.kind === 'main')?.balance_minor ?? 0);
  const held = BigInt(accounts.find((account) => account.kind === 'held')?.balance_minor ?? 0);
  const format = (minor: bigint) => formatMinor(minor, member.currency);
  return { balance: format(available + held), held: format(held), available: format(available), currency: member.currency };
}
