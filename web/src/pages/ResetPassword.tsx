import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../api';
import { useSystem } from '../state/system';
import { PasswordStrength } from '../components/password/PasswordStrength';
import { checkConfirm, checkNewPassword, type FieldError } from '../validation';
import { Field, FormError } from '../components/Field';
import { passwordApi } from '../components/password/passwordApi';

type Errors = Partial<Record<'newPassword' | 'confirmNewPassword', FieldError | null>>;

/** /reset-password?token=…: the page the e-mailed link opens; a new password ends every session of the account. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { merchantName } = useSystem();
  // Read once, then taken out of the address bar, so it stays out of the history and of screenshots.
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', '/reset-password');
  }, []);
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(!token);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const next: Errors = { newPassword: checkNewPassword(newPassword), confirmNewPassword: checkConfirm(newPassword, confirmNewPassword) };
    setErrors(next);
    if (next.newPassword || next.confirmNewPassword) return;
    setBusy(true);
    try {
      const { account } = await passwordApi.resetWithToken({ token, newPassword: newPassword.trim(), confirmNewPassword: confirmNewPassword.trim() });
      setDoneFor(account);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RESET_LINK_INVALID') setLinkDead(true);
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="reset-page" data-testid="reset-password-page">
      <div className="reset-card">
        <Link to="/" className="reset-brand">
          {merchantName}
        </Link>
        <h1>{t('password_reset_title')}</h1>
        {doneFor ? (
          <div data-testid="reset-password-done">
            <p className="dialog-text">{t('password_reset_done', { account: doneFor })}</p>
            <button type="button" className="btn btn-primary btn-block" data-testid="reset-password-login" onClick={() => void navigate('/login')}>
              {t('login_submit')}
            </button>
          </div>
        ) : linkDead ? (
          <div data-testid="reset-password-invalid">
            <p className="dialog-text">{formError ?? t('password_reset_link_missing')}</p>
            <button type="button" className="btn btn-primary btn-block" onClick={() => void navigate('/login')}>
              {t('password_back_to_login')}
            </button>
          </div>
        ) : (
          <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <Field
              label={t('password_newPassword')}
              type="password"
              value={newPassword}
              onValueChange={(v) => {
                setNewPassword(v);
                setErrors((current) => ({ ...current, newPassword: null }));
              }}
              error={errors.newPassword}
              testId="reset-new-password"
              autoComplete="new-password"
              maxLength={64}
              required
            />
            <PasswordStrength password={newPassword} testId="reset-password-strength" />
            <Field
              label={t('password_confirmNewPassword')}
              type="password"
              value={confirmNewPassword}
              onValueChange={(v) => {
                setConfirmNewPassword(v);
                setErrors((current) => ({ ...current, confirmNewPassword: null }));
              }}
              error={errors.confirmNewPassword}
              testId="reset-confirm-password"
              autoComplete="new-password"
              maxLength={64}
              required
            />
            <FormError message={formError} testId="reset-password-error" />
            <button type="submit" className="btn btn-primary btn-block" data-testid="reset-submit" disabled={busy}>
              {busy ? t('app_loading') : t('password_reset_submit')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
