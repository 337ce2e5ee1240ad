import type { RpcHandlers } from '@wps/contracts';
import type { paymentsRpcMethods } from '@wps/contracts';
import type { Payments } from './payments.js';

/** The wallet's payment RPC methods, bound to one `Payments`. */
export function paymentHandlers(payments: Payments): RpcHandlers<typeof paymentsRpcMethods> {
  return {
    getMerchantWallet: (input) => payments.merchantWallet(input),
    listDepositMethods: ({ merchantCode }) => payments.depositMethods(merchantCode),
    createDeposit: (input) => payments.createDeposit(input),
    addDepositProof: (input) => payments.addDepositProof(input),
    listDeposits: (input) => payments.listDeposits(input),
    listWithdrawals: (input) => payments.listWithdrawals(input),
    getDepositLimits: (input) => payments.depositLimits(input),
    setDepositLimits: (input) => payments.setDepositLimits(input),
    settleSandboxDeposit: (input) => payments.settleSandboxDeposit(input),
    getSandboxDeposit: ({ depositId }) => payments.getSandboxDeposit(depositId),
    createWithdrawal: (input) => payments.createWithdrawal(input),
    confirmWithdrawal: (input) => payments.confirmWithdrawal(input),
    transfer: (input) => payments.transfer(input),
    listAccountRecord: (input) => payments.accountRecord(input),
    operatorListDeposits: (input) => payments.operatorDeposits(input),
    operatorDecideDeposit: (input) => payments.operatorDecideDeposit(input),
    operatorListWithdrawals: (input) => payments.operatorWithdrawals(input),
    operatorDecideWithdrawal: (input) => payments.operatorDecideWithdrawal(input),
    operatorAdjust: (input) => payments.operatorAdjust(input),
    autoConfirmWithdrawals: () => payments.autoConfirmWithdrawals(),
  };
}
