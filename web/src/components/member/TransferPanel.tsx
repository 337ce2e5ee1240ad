import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { useSession } from '../../state/session';
import { useNotices } from '../../state/ui';
import { required, type FieldError } from '../../validation';
import { Field, FormError } from '../Field';
import { PaymentPasswordField } from '../fields/PaymentPasswordField';
import { Card } from './common';
import { useWalletTransfer } from './useWalletTransfer';
import { WalletSummary } from './WalletSummary';

export function TransferPanel() {
  const { t } = useTranslation();
  const { member } = useSession();
  const { showToast } = useNotices();
  const { wallet, walletError, reloadWallet, checkTransferAmount, transfer } = useWalletTransfer();
  const [toAccount, setToAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const nextErrors = { toAccount: required(toAccount), amount: checkTransferAmount(amount), paymentPassword: required(paymentPassword) };
    setErrors(nextErrors);
    if (Object.values(nextErrors).some(Boolean)) return;
    setBusy(true);
    try {
      showToast(await transfer(toAccount, amount, paymentPassword));
      setAmount('');
      setPaymentPassword('');
      reloadWallet();
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="panel-stack" data-testid="panel-transferFund">
      <Card title={t('wallet_title')}>
        <WalletSummary wallet={wallet} error={walletError} />
      </Card>
      <Card title={t('transfer_title')}>
        <div className="rule-box" data-testid="transfer-rule">
          <p>{t(member?.isAgent ? 'transfer_rule_agent' : 'transfer_rule_member')}</p>
        </div>
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="form-grid-2">
            <Field label={t('transfer_to')} autoComplete="off" value={toAccount} onValueChange={setToAccount} error={errors.toAccount} testId="transfer-to" required maxLength={32} />
            <Field label={t('money_amount')} inputMode="decimal" autoComplete="off" value={amount} onValueChange={setAmount} error={errors.amount} testId="transfer-amount" required />
            <PaymentPasswordField value={paymentPassword} onValueChange={setPaymentPassword} error={errors.paymentPassword} testId="transfer-paypass" />
          </div>
          <p className="form-note">{t('transfer_paypass_hint')}</p>
          <FormError message={formError} testId="transfer-form-error" />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="transfer-submit">
            {t('transfer_submit')}
          </button>
        </form>
      </Card>
    </div>
  );
}
