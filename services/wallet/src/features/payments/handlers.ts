import type { RpcHandlers } from '@wps/contracts';
import type { paymentsRpcMethods } from '@wps/contracts';
import type { PaymentsDeps } from './deps.js';
import { accountRecord } from './account-record.js';
import { addDepositProof } from './add-deposit-proof.js';
import { adjustBalance } from './adjust-balance.js';
import { approveDeposit } from './approve-deposit.js';
import { approveWithdrawal } from './approve-withdrawal.js';
import { autoConfirmWithdrawals } from './auto-confirm-withdrawals.js';
import { confirmReceipt } from './confirm-receipt.js';
import { depositMethods } from './deposit-methods.js';
import { markWithdrawalPaid } from './mark-withdrawal-paid.js';
import { listDeposits, listWithdrawals } from './member-lists.js';
import { merchantWallet } from './merchant-wallet.js';
import { operatorDeposits, operatorWithdrawals } from './operator-lists.js';
import { depositLimits, setDepositLimits } from './payment-limits.js';
import { rejectDeposit } from './reject-deposit.js';
import { rejectWithdrawal } from './reject-withdrawal.js';
import { requestDeposit } from './request-deposit.js';
import { requestWithdrawal } from './request-withdrawal.js';
import { getSandboxDeposit, settleSandboxDeposit } from './sandbox-gateway.js';
import { transfer } from './transfer.js';

const withdrawalDecisions = { approve: approveWithdrawal, reject: rejectWithdrawal, paid: markWithdrawalPaid };

/** The wallet's payment RPC methods, each bound to its use case. */
export function paymentHandlers(deps: PaymentsDeps): RpcHandlers<typeof paymentsRpcMethods> {
  return {
    getMerchantWallet: (input) => merchantWallet(deps, input),
    listDepositMethods: ({ merchantCode, language }) => depositMethods(deps, merchantCode, language),
    createDeposit: (input) => requestDeposit(deps, input),
    addDepositProof: (input) => addDepositProof(deps, input),
    listDeposits: (input) => listDeposits(deps, input),
    listWithdrawals: (input) => listWithdrawals(deps, input),
    getDepositLimits: (input) => depositLimits(deps, input),
    setDepositLimits: (input) => setDepositLimits(deps, input),
    settleSandboxDeposit: (input) => settleSandboxDeposit(deps, input),
    getSandboxDeposit: ({ depositId }) => getSandboxDeposit(deps, depositId),
    createWithdrawal: (input) => requestWithdrawal(deps, input),
    confirmWithdrawal: (input) => confirmReceipt(deps, input),
    transfer: (input) => transfer(deps, input),
    listAccountRecord: (input) => accountRecord(deps, input),
    operatorListDeposits: (input) => operatorDeposits(deps, input),
    operatorDecideDeposit: (input) => (input.decision === 'approve' ? approveDeposit(deps, input) : rejectDeposit(deps, input)),
    operatorListWithdrawals: (input) => operatorWithdrawals(deps, input),
    operatorDecideWithdrawal: (input) => withdrawalDecisions[input.decision](deps, input),
    operatorAdjust: (input) => adjustBalance(deps, input),
    autoConfirmWithdrawals: () => autoConfirmWithdrawals(deps),
  };
}
