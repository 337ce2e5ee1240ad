import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { useNotices } from '../../state/ui';
import { checkConfirm, checkPaymentPassword, type FieldError } from '../../validation';
import { Field, FormError } from '../Field';
import { PaymentPasswordField } from '../fields/PaymentPasswordField';

/** Sets the payment password, or changes it (the old one is then required). */
export function PaymentPasswordForm({ isSet, onDone }: { isSet: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useNotices();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      oldPassword: isSet ? (oldPassword.trim() ? null : { key: 'err_input_empty' }) : null,
      password: checkPaymentPassword(password),
      confirmPassword: checkConfirm(password, confirmPassword),
    };
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await api.setPaymentPassword({
        password: password.trim(),
        confirmPassword: confirmPassword.trim(),
        ...(isSet ? { oldPassword: oldPassword.trim() } : {}),
      });
      showToast(t(isSet ? 'paypass_changed' : 'paypass_set_done'));
      setOldPassword('');
      setPassword('');
      setConfirmPassword('');
      onDone();
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form form-narrow" onSubmit={(event) => void submit(event)} noValidate data-testid="paypass-form">
      {!isSet && <p className="form-note">{t('paypass_needed')}</p>}
      {isSet && <Field label={t('paypass_old')} type="password" autoComplete="off" value={oldPassword} onValueChange={setOldPassword} error={errors.oldPassword} testId="paypass-old" required />}
      <PaymentPasswordField
        value={password}
        onValueChange={setPassword}
        error={errors.password}
        testId="paypass-new"
        choosing={{ label: t('paypass_new'), placeholder: t('register_password_placeholder') }}
      />
      <PaymentPasswordField value={confirmPassword} onValueChange={setConfirmPassword} error={errors.confirmPassword} testId="paypass-confirm" choosing={{ label: t('paypass_confirm') }} />
      <FormError message={formError} testId="paypass-form-error" />
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="paypass-submit">
        {t(isSet ? 'paypass_change_submit' : 'paypass_set_submit')}
      </button>
    </form>
  );
}
