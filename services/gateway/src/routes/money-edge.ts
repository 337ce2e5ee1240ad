import { isAgentType, isTrialType, useCases } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { edgeOperation } from '../use-cases.js';

/**
 * The payment calls that span two services: the payment password is identity's, the money is the wallet's, and the
 * transfer's counterpart is found in identity's member tree before the wallet moves anything.
 */
export const moneyEdgeOperations = Object.fromEntries([
  edgeOperation(useCases.withdraw, async ({ request, context, clients }) => {
    const { memberId, merchantCode, currency } = context.principal!;
    await clients.identity.verifyPaymentPassword({ memberId, password: request.paymentPassword ?? '' });
    const withdrawal = await clients.wallet.createWithdrawal({
      memberId,
      merchantCode,
      currency,
      amount: request.amount,
      bankName: request.bankName,
      accountName: request.accountName,
      accountNumber: request.accountNumber,
      idempotencyKey: request.idempotencyKey!,
      ...(request.forfeitBonus ? { forfeitBonus: true } : {}),
    });
    return { value: withdrawal };
  }),
  edgeOperation(useCases.merchantWallet, async ({ context, clients }) => {
    const { memberId, merchantCode, currency } = context.principal!;
    const [wallet, merchant] = await Promise.all([clients.wallet.getMerchantWallet({ memberId, merchantCode, currency }), clients.identity.resolveMerchant({ merchantCode })]);
    return { value: { ...wallet, currencySymbol: merchant.currencySymbol } };
  }),
  edgeOperation(useCases.walletTransfer, async ({ request, context, clients }) => {
    const { merchantCode, memberId, currency, type } = context.principal!;
    const target = await clients.identity.findMemberForTransfer({ merchantCode, fromMemberId: memberId, toAccount: request.toAccount });
    await clients.identity.verifyPaymentPassword({ memberId, password: request.paymentPassword ?? '' });
    // A name nobody holds is refused exactly like a member the caller may not pay (same status, code and message,
    // after the same password check), so the form cannot be used to find out which usernames exist.
    if (!target) throw new AppError(isTrialType(type) ? 'TRIAL_ACCOUNT_REFUSED' : isAgentType(type) ? 'TRANSFER_DOWNLINE_ONLY' : 'TRANSFER_UPLINE_ONLY');
    const transfer = await clients.wallet.transfer({
      merchantCode,
      currency,
      fromMemberId: memberId,
      fromType: type,
      toMemberId: target.id,
      toType: target.type,
      toIsDirectUplineOfFrom: target.isDirectUplineOfCaller,
      toIsInDownlineOfFrom: target.isInDownlineOfCaller,
      amount: request.amount,
      idempotencyKey: request.idempotencyKey!,
    });
    return { value: transfer };
  }),
]);
