import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, ApiError, errorMessage } from '../../api';
import { storeUser } from '../../session';
import { useSession } from '../../state/session';
import { useSignOut } from '../../state/signIn';
import { useModal, useNotices } from '../../state/ui';
import { checkConfirm, checkNewPassword, required, type FieldError } from '../../validation';
import { PasswordStrength } from './PasswordStrength';
import { Field, FormError } from '../Field';
import { Modal } from '../Modal';
import { passwordApi, takeVoluntaryPasswordChange } from './passwordApi';

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword', FieldError | null>>;
/** Where the server's refusal belongs on this form; anything else is shown above the button. */
const FIELD_OF_CODE: Record<string, keyof Errors> = {
  OLD_PASSWORD_WRONG: 'oldPassword',
  PASSWORD_LENGTH: 'newPassword',
  PASSWORD_FORMAT: 'newPassword',
  PASSWORD_TOO_WEAK: 'newPassword',
  PASSWORD_UNCHANGED: 'newPassword',
  CONFIRM_PASSWORD_MISMATCH: 'confirmNewPassword',
};

/**
 * Change password (spec sections 3-5): old, new and confirmation. Success reloads the login info, closes the modal and
 * goes to /. Forced after a sign-in with a default or expired password, it cannot be dismissed, only signed out of.
 */
export function ChangePasswordModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { closeModal } = useModal();
  const { showToast } = useNotices();
  const requestLogout = useSignOut();
  const [voluntary] = useState(takeVoluntaryPasswordChange);
  const account = useSession().member?.account ?? '';
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const next: Errors = {
      oldPassword: required(oldPassword),
      newPassword: checkNewPassword(newPassword, account),
      confirmNewPassword: checkConfirm(newPassword, confirmNewPassword),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await passwordApi.change({ oldPassword, newPassword: newPassword.trim(), confirmNewPassword: confirmNewPassword.trim() });
      try {
        storeUser(await api.memberInfo());
      } catch {
        // The password is changed either way; the header keeps what it shows.
      }
      showToast(t('password_changed'));
      closeModal();
      void navigate('/');
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field) setErrors({ [field]: { key: 'password_server_error', params: { message: errorMessage(error) } } });
      else setFormError(errorMessage(error));
      setBusy(false);
    }
  };

  const field = (name: keyof Errors, value: string, set: (value: string) => void, autoComplete: string) => (
    <Field
      label={t(`password_${name}`)}
      type="password"
      value={value}
      onValueChange={(v) => {
        set(v);
        if (errors[name]) setErrors((current) => ({ ...current, [name]: null }));
      }}
      error={errors[name]}
      testId={`change-password-${name}`}
      autoComplete={autoComplete}
      maxLength={64}
      required
    />
  );

  return (
    <Modal title={t('password_change_title')} onClose={voluntary ? closeModal : () => undefined} testId="change-password-modal" size="sm" dismissible={voluntary}>
      {!voluntary && (
        <p className="password-note" data-testid="change-password-forced">
          {t('password_change_forced')}
        </p>
      )}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {field('oldPassword', oldPassword, setOldPassword, 'current-password')}
        {field('newPassword', newPassword, setNewPassword, 'new-password')}
        <PasswordStrength password={newPassword} username={account} testId="change-password-strength" />
        {field('confirmNewPassword', confirmNewPassword, setConfirmNewPassword, 'new-password')}
        <FormError message={formError} testId="change-password-error" />
        <button type="submit" className="btn btn-primary btn-block" data-testid="change-password-submit" disabled={busy}>
          {busy ? t('app_loading') : t('password_change_submit')}
        </button>
        {!voluntary && (
          <button type="button" className="btn btn-ghost btn-block" data-testid="change-password-logout" onClick={() => void requestLogout()}>
            {t('password_sign_out_instead')}
          </button>
        )}
      </form>
    </Modal>
  );
}
