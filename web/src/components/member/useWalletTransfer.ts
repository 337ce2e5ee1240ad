import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { useIdempotentAction } from '../../idempotency';
import { checkAmount, formatMoney, normaliseAmount } from '../../money';
import { useSession } from '../../state/session';
import type { FieldError } from '../../validation';
import { useMerchantWallet } from './WalletSummary';

/** A transfer from the member's wallet to another account (the wallet's transfer call, with the payment password). */
export function useWalletTransfer() {
  const { t } = useTranslation();
  const { member } = useSession();
  const runAction = useIdempotentAction();
  const { wallet, error: walletError, reload: reloadWallet } = useMerchantWallet();

  /** What is wrong with an amount: above the wallet's available balance reads as such. */
  const checkTransferAmount = (amount: string): FieldError | null => {
    const problem = checkAmount(amount, { max: wallet?.available ?? null });
    return problem?.key === 'money_err_amount_range' ? { key: 'money_err_over_available' } : problem;
  };

  /** Sends the transfer (once, however often it is retried) and answers the confirmation to show. */
  const transfer = async (toAccount: string, amount: string, paymentPassword: string): Promise<string> => {
    const body = { toAccount: toAccount.trim(), amount: normaliseAmount(amount) ?? amount.trim(), paymentPassword: paymentPassword.trim() };
    const value = await runAction(body, (key) => api.transfer(body, key));
    const symbol = wallet?.currencySymbol ?? member?.currencySymbol;
    return t('transfer_done', { amount: formatMoney(body.amount, symbol), account: body.toAccount, balance: formatMoney(value.balance, symbol) });
  };

  return { wallet, walletError, reloadWallet, checkTransferAmount, transfer };
}
