import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { showToast } from '../../state/ui';
import { required, type FieldError } from '../../validation';
import { Field, FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { PaymentPasswordField } from '../../components/fields/PaymentPasswordField';
import { WalletSummary } from '../../components/member/WalletSummary';
import { useWalletTransfer } from '../../components/member/useWalletTransfer';

/** A transfer from the agent's wallet to one downline (the wallet's transfer call, with the payment password). */
export function TransferDialog({ account, onClose, onDone }: { account: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { wallet, walletError, checkTransferAmount, transfer } = useWalletTransfer();
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const next = { amount: checkTransferAmount(amount), paymentPassword: required(paymentPassword) };
    setErrors(next);
    if (next.amount || next.paymentPassword) return;
    setBusy(true);
    try {
      showToast(await transfer(account, amount, paymentPassword));
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
