import type { DepositView, WithdrawalView } from '@wps/contracts';
import type { MemberRef, PaymentsDeps } from './deps.js';
import { pageOf, pageWindow, type Page } from './payment-rules.js';
import { depositPage, withdrawalPage } from './repository.js';
import { depositView, withdrawalView } from './views.js';

/** The member's own deposit and withdrawal history, newest first. */

type PagedRequest = MemberRef & { pageNo: number; pageSize: number };

export async function listDeposits(deps: Pick<PaymentsDeps, 'db'>, input: PagedRequest): Promise<Page<DepositView>> {
  const { found, total } = await depositPage(deps.db.orm, { member: input }, 'newest', pageWindow(input.pageNo, input.pageSize));
  return pageOf(found.map(depositView), total, input.pageNo, input.pageSize);
}

export async function listWithdrawals(deps: Pick<PaymentsDeps, 'db'>, input: PagedRequest): Promise<Page<WithdrawalView>> {
  const { found, total } = await withdrawalPage(deps.db.orm, { member: input }, 'newest', pageWindow(input.pageNo, input.pageSize));
  return pageOf(found.map(withdrawalView), total, input.pageNo, input.pageSize);
}
