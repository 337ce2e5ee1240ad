import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { useIdempotentAction } from '../../idempotency';
import { checkAmount, formatMoney, normaliseAmount } from '../../money';
import { useSession } from '../../state/session';
import { showToast } from '../../state/ui';
import { required, type FieldError } from '../../validation';
import { Field, FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { PaymentPasswordField } from '../../components/fields/PaymentPasswordField';
import { useMerchantWallet, WalletSummary } from '../../components/member/WalletSummary';

/** A transfer from the agent's wallet to one downline (the wallet's transfer call, with the payment password). */
export function TransferDialog({ account, onClose, onDone }: { account: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const runAction = useIdempotentAction();
  const { wallet, error: walletError } = useMerchantWallet();
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const amountProblem = checkAmount(amount, { max: wallet?.available ?? null });
    const next = { amount: amountProblem?.key === 'money_err_amount_range' ? { key: 'money_err_over_available' } : amountProblem, paymentPassword: required(paymentPassword) };
    setErrors(next);
    if (next.amount || next.paymentPassword) return;
    const body = { toAccount: account, amount: normaliseAmount(amount) ?? amount.trim(), paymentPassword: paymentPassword.trim() };
    setBusy(true);
    try {
      const value = await runAction(body, (key) => api.transfer(body, key));
      const symbol = wallet?.currencySymbol ?? member?.currencySymbol;
      showToast(t('transfer_done', { amount: formatMoney(body.amount, symbol), account, balance: formatMoney(value.balance, symbol) }));
      onDone();
    } catch (failure) {
      setFormError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('agent_transfer_title', { account })} onClose={onClose} testId="agent-transfer" size="sm" dismissible={!busy}>
      <WalletSummary wallet={wallet} error={walletError} />
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('money_amount')} inputMode="decimal" autoComplete="off" value={amount} onValueChange={setAmount} error={errors.amount} testId="agent-transfer-amount" required />
        <PaymentPasswordField value={paymentPassword} onValueChange={setPaymentPassword} error={errors.paymentPassword} testId="agent-transfer-paypass" />
        <FormError message={formError} testId="agent-transfer-error" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="agent-transfer-submit">
          {t('transfer_submit')}
        </button>
      </form>
    </Modal>
  );
}
