import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../api';
import { useAppState } from '../state/AppState';
import { checkConfirm, checkPassword, checkUsername, type FieldError } from '../validation';
import { Field, FormError } from './Field';
import { Modal } from './Modal';

type Errors = Partial<Record<'username' | 'password' | 'confirm' | 'terms', FieldError | null>>;

export function RegisterModal() {
  const { t } = useTranslation();
  const { closeModal, openModal, completeLogin, referralCode } = useAppState();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = (key: keyof Errors) => {
    if (errors[key]) setErrors((e) => ({ ...e, [key]: null }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const user = username.trim();
    const pass = password.trim();
    const conf = confirm.trim();
    const next: Errors = {
      username: checkUsername(user),
      password: checkPassword(pass),
      confirm: checkConfirm(pass, conf),
      terms: terms ? null : { key: 'err_terms_required' },
    };
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) return;

    setBusy(true);
    try {
      const value = await api.register({
        username: user,
        password: pass,
        confirmPassword: conf,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        ...(referralCode ? { referralCode } : {}),
      });
      completeLogin(value, true);
    } catch (error) {
      setFormError(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('register_title')} onClose={closeModal} testId="register-modal">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected="true" className="tab active">
          {t('register_tab_username')}
        </button>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('register_username')}
          placeholder={t('register_username_placeholder')}
          value={username}
          onValueChange={(v) => {
            setUsername(v);
            clear('username');
          }}
          error={errors.username}
          testId="register-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={16}
          required
        />
        <Field
          label={t('register_password')}
          placeholder={t('register_password_placeholder')}
          type="password"
          value={password}
          onValueChange={(v) => {
            setPassword(v);
            clear('password');
          }}
          error={errors.password}
          testId="register-password"
          autoComplete="new-password"
          maxLength={20}
          required
        />
        <Field
          label={t('register_confirm')}
          placeholder={t('register_confirm_placeholder')}
          type="password"
          value={confirm}
          onValueChange={(v) => {
            setConfirm(v);
            clear('confirm');
          }}
          error={errors.confirm}
          testId="register-confirm"
          autoComplete="new-password"
          maxLength={20}
          required
        />
        {referralCode && (
          <p className="form-note" data-testid="register-referral">
            {t('register_referral', { code: referralCode })}
          </p>
        )}
        <div className={`checkbox-field${errors.terms ? ' has-error' : ''}`}>
          <label>
            <input
              type="checkbox"
              checked={terms}
              onChange={(event) => {
                setTerms(event.target.checked);
                clear('terms');
              }}
              data-testid="register-terms"
            />
            <span>{t('register_terms')}</span>
          </label>
          {errors.terms && (
            <p className="field-error" data-testid="register-terms-error" role="alert">
              {t(errors.terms.key)}
            </p>
          )}
        </div>
        <FormError message={formError} />
        <button type="submit" className="btn btn-primary btn-block" data-testid="register-submit" disabled={busy}>
          {busy ? t('app_loading') : t('register_submit')}
        </button>
        <p className="form-switch">
          {t('register_have_account')}{' '}
          <button type="button" className="link-button" data-testid="switch-to-login" onClick={() => openModal('login')}>
            {t('register_switch_login')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
