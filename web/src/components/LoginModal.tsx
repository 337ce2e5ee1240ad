import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, errorMessage, type LoginFailureValue } from '../api';
import { useAppState } from '../state/AppState';
import { required, type FieldError } from '../validation';
import { Field, FormError } from './Field';
import { Modal } from './Modal';

type Errors = Partial<Record<'username' | 'password', FieldError | null>>;

export function LoginModal() {
  const { t } = useTranslation();
  const { closeModal, openModal, completeLogin } = useAppState();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const user = username.trim();
    const pass = password.trim();
    const next: Errors = { username: required(user), password: required(pass) };
    setErrors(next);
    setFormError(null);
    if (next.username || next.password) return;

    setBusy(true);
    try {
      const value = await api.login({
        username: user,
        password: pass,
        type: 'username',
        ...(captchaShown && captcha.trim() ? { captcha: captcha.trim() } : {}),
      });
      completeLogin(value, false);
    } catch (error) {
      setFormError(errorMessage(error));
      if (error instanceof ApiError && (error.value as LoginFailureValue | undefined)?.captcha) setCaptchaShown(true);
      setBusy(false);
    }
  };

  return (
    <Modal title={t('login_title')} onClose={closeModal} testId="login-modal">
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('login_username')}
          placeholder={t('login_username_placeholder')}
          value={username}
          onValueChange={(v) => {
            setUsername(v);
            if (errors.username) setErrors((e) => ({ ...e, username: null }));
          }}
          error={errors.username}
          testId="login-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <Field
          label={t('login_password')}
          placeholder={t('login_password_placeholder')}
          type="password"
          value={password}
          onValueChange={(v) => {
            setPassword(v);
            if (errors.password) setErrors((e) => ({ ...e, password: null }));
          }}
          error={errors.password}
          testId="login-password"
          autoComplete="current-password"
          required
        />
        {captchaShown && (
          <div className="captcha-block">
            <Field
              label={t('login_captcha')}
              placeholder={t('login_captcha_placeholder')}
              value={captcha}
              onValueChange={setCaptcha}
              testId="login-captcha"
              autoComplete="off"
              maxLength={20}
              required
            />
            <div className="captcha-image" aria-hidden>
              ? ? ? ?
            </div>
            <p className="form-note" data-testid="captcha-note">
              {t('login_captcha_note')}
            </p>
          </div>
        )}
        <FormError message={formError} />
        <button type="submit" className="btn btn-primary btn-block" data-testid="login-submit" disabled={busy}>
          {busy ? t('app_loading') : t('login_submit')}
        </button>
        <p className="form-switch">
          {t('login_no_account')}{' '}
          <button type="button" className="link-button" data-testid="switch-to-register" onClick={() => openModal('register')}>
            {t('login_switch_register')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
