import type { DepositView, WithdrawalView } from '@wps/contracts';
import type { PaymentsDeps } from './deps.js';
import { pageOf, pageWindow, type Page } from './payment-rules.js';
import { depositPage, withdrawalPage, type OperatorListFilter } from './repository.js';
import { depositView, withdrawalView } from './views.js';

/** The operator's review queues across members, oldest first so the longest-waiting request is on the first page. */

type WithOwner<T> = T & { merchantCode: string; memberId: string };
type PagedFilter = OperatorListFilter & { pageNo: number; pageSize: number };

export async function operatorDeposits(deps: Pick<PaymentsDeps, 'db'>, filter: PagedFilter & { status?: DepositView['status'] }): Promise<Page<WithOwner<DepositView>>> {
  const { found, total } = await depositPage(deps.db.orm, { operator: filter }, 'oldest', pageWindow(filter.pageNo, filter.pageSize));
  const content = found.map((row) => ({ ...depositView(row), merchantCode: row.merchant_code, memberId: row.member_id }));
  return pageOf(content, total, filter.pageNo, filter.pageSize);
}

export async function operatorWithdrawals(deps: Pick<PaymentsDeps, 'db'>, filter: PagedFilter & { status?: WithdrawalView['status'] }): Promise<Page<WithOwner<WithdrawalView>>> {
  const { found, total } = await withdrawalPage(deps.db.orm, { operator: filter }, 'oldest', pageWindow(filter.pageNo, filter.pageSize));
  const content = found.map((row) => ({ ...withdrawalView(row), merchantCode: row.merchant_code, memberId: row.member_id }));
  return pageOf(content, total, filter.pageNo, filter.pageSize);
}
