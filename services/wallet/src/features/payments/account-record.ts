import { sql, type SQL } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import type { MemberRef, PaymentsDeps } from './deps.js';
import { pageOf, pageWindow } from './payment-rules.js';
import { iso } from './views.js';

/** The member's account record: every movement of the main balance from the ledger itself, newest first. */
export async function accountRecord(deps: Pick<PaymentsDeps, 'db'>, input: MemberRef & { pageNo: number; pageSize: number; type?: string; from?: string; to?: string }) {
  const { limit, offset } = pageWindow(input.pageNo, input.pageSize);
  const filters: SQL[] = [sql`a.merchant_code = ${input.merchantCode}`, sql`a.owner_type = 'member'`, sql`a.owner_id = ${input.memberId}`, sql`a.kind = 'main'`, sql`a.currency = ${input.currency}`];
  if (input.type) filters.push(sql`t.cause = ${input.type}`);
  if (input.from) filters.push(sql`e.created_at >= ${new Date(input.from).toISOString()}::timestamptz`);
  if (input.to) filters.push(sql`e.created_at < ${new Date(input.to).toISOString()}::timestamptz`);
  const where = sql.join(filters, sql` AND `);
  const from = sql`FROM wallet.entries e JOIN wallet.accounts a ON a.id = e.account_id JOIN wallet.transactions t ON t.id = e.transaction_id`;
  const found = await rows<{ id: string; cause: string; amount_minor: string; balance_after_minor: string; currency: string; cause_ref: string | null; created_at: Date | string }>(
    deps.db.orm,
    sql`SELECT e.id, t.cause, e.amount_minor, e.balance_after_minor, e.currency, t.cause_ref, e.created_at ${from} WHERE ${where} ORDER BY e.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await rows<{ n: number }>(deps.db.orm, sql`SELECT count(*)::int AS n ${from} WHERE ${where}`);
  const content = found.map((row) => ({
    id: row.id,
    type: row.cause,
    amount: formatMinor(BigInt(row.amount_minor), row.currency),
    balanceAfter: formatMinor(BigInt(row.balance_after_minor), row.currency),
    currency: row.currency,
    reference: row.cause_ref,
    createdAt: iso(row.created_at),
  }));
  return pageOf(content, count?.n ?? 0, input.pageNo, input.pageSize);
}
