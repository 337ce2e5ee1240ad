import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, type LoginFailureValue, type LoginValue } from '../api';
import { useSignIn } from '../state/signIn';
import { useSystem } from '../state/system';
import { useModal, useNotices } from '../state/ui';
import { required, type FieldError } from '../validation';
import { Field, FormError } from './Field';
import { useSmsCodeSender } from './fields/SmsCodeButton';
import { MobileCodeFields, useMobileCodeInputs } from './fields/MobileCodeFields';
import { FormTabs } from './fields/FormTabs';
import { Modal } from './Modal';
import { ModalBanner } from './content/BannerCarousel';
import { CaptchaField } from './login/CaptchaField';
import { SecondFactorStep } from './login/SecondFactorStep';
import { SocialButtons } from './login/SocialButtons';
import { flagEnabled, isChallenge, newCaptchaKey, readRemembered, signInApi, writeRemembered, type SignInValue } from './login/signInApi';

type Tab = 'username' | 'sms';
type Errors = Partial<Record<'username' | 'password' | 'captcha' | 'mobileNum' | 'code', FieldError | null>>;

const MOBILE_PATTERN = /^\d{6,15}$/;
const DIAL_PATTERN = /^\+?\d{1,4}$/;

export function LoginModal() {
  const { t } = useTranslation();
  const { closeModal, openModal } = useModal();
  const { system } = useSystem();
  const { showNotice } = useNotices();
  const completeLogin = useSignIn();
  const smsEnabled = flagEnabled(system, 'MOBILEVERCODELOGIN3');
  const freePlayEnabled = flagEnabled(system, 'FREEPLAY3');
  const remembered = useMemo(() => readRemembered(), []);

  const [tab, setTab] = useState<Tab>('username');
  const [username, setUsername] = useState(remembered?.username ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(Boolean(remembered));
  const phone = useMobileCodeInputs(remembered?.countryDialingCode || undefined, remembered?.mobileNum);
  const { dialingCode: countryDialingCode, mobile: mobileNum, code } = phone.values;

  const captchaKey = useMemo(() => newCaptchaKey(), []);
  const [captcha, setCaptcha] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);

  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SignInValue | null>(null);

  const clearError = (field: keyof Errors) => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: null }));
  };

  /** A session opens; the default or an expired password sends the member to change it first (spec section 4). */
  const finish = (value: SignInValue, kind: Tab | 'trial') => {
    if (isChallenge(value)) {
      setChallenge(value);
      setBusy(false);
      return;
    }
    completeLogin(value as LoginValue, false);
    if (value.mustChangePassword && kind === 'username') openModal('changePassword');
  };

  const onFailure = (error: unknown) => {
    setFormError(errorMessage(error));
    if (error instanceof ApiError && (error.value as LoginFailureValue | undefined)?.captcha) {
      setCaptchaShown(true);
      setCaptcha('');
      // Every answer spends the image: show a new one for the next try.
      setCaptchaGeneration((generation) => generation + 1);
    }
    setBusy(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (tab === 'sms') {
      const mobile = mobileNum.trim();
      const smsCode = code.trim();
      const next: Errors = {
        mobileNum: required(mobile) ?? (MOBILE_PATTERN.test(mobile) ? null : { key: 'login_err_mobile' }),
        code: required(smsCode),
      };
      setErrors(next);
      if (next.mobileNum || next.code) return;
      setBusy(true);
      try {
        const value = await signInApi.login({ type: 'sms', username: mobile, password: smsCode, countryDialingCode: countryDialingCode.trim() });
        writeRemembered(remember, { username, mobileNum: mobile, countryDialingCode: countryDialingCode.trim() });
        finish(value, 'sms');
      } catch (error) {
        onFailure(error);
      }
      return;
    }

    const user = username.trim();
    const pass = password.trim();
    const answer = captcha.trim();
    const next: Errors = {
      username: required(user),
      password: required(pass),
      captcha: captchaShown && !answer ? { key: 'login_err_captcha' } : null,
    };
    setErrors(next);
    if (next.username || next.password || next.captcha) return;
    setBusy(true);
    try {
      const value = await signInApi.login({ type: 'username', username: user, password: pass, ...(captchaShown ? { captcha: answer, captchaKey } : {}) });
      writeRemembered(remember, { username: user, mobileNum, countryDialingCode });
      finish(value, 'username');
    } catch (error) {
      onFailure(error);
    }
  };

  /** expiredMinutes when a code was sent, null when the server refused, undefined when the number was refused here. */
  const sendCode = async (): Promise<number | null | undefined> => {
    const mobile = mobileNum.trim();
    const mobileError = required(mobile) ?? (MOBILE_PATTERN.test(mobile) && DIAL_PATTERN.test(countryDialingCode.trim()) ? null : { key: 'login_err_mobile' });
    setErrors((current) => ({ ...current, mobileNum: mobileError }));
    if (mobileError) return undefined;
    try {
      const { expiredMinutes } = await signInApi.sendLoginSms({ mobileNum: mobile, countryDialingCode: countryDialingCode.trim() });
      return expiredMinutes;
    } catch (error) {
      showNotice({ title: t('in_popup_prompt'), text: errorMessage(error) });
      return null;
    }
  };
  const smsSender = useSmsCodeSender(sendCode);

  const playForFree = async () => {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    try {
      finish(await signInApi.freePlay(), 'trial');
    } catch (error) {
      onFailure(error);
    }
  };

  if (challenge) {
    return (
      <Modal title={t('login_title')} onClose={closeModal} testId="login-modal">
        <SecondFactorStep challenge={challenge} onSignedIn={(answer) => finish(answer, 'username')} />
      </Modal>
    );
  }

  return (
    <Modal title={t('login_title')} onClose={closeModal} testId="login-modal">
      {smsEnabled && (
        <FormTabs
          tabs={['username', 'sms'] as const}
          active={tab}
          testIdPrefix="login-tab"
          label={(name) => t(name === 'username' ? 'login_tab_username' : 'login_tab_sms')}
          onSelect={(name) => {
            setTab(name);
            setErrors({});
            setFormError(null);
          }}
        />
      )}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {tab === 'username' ? (
          <>
            <Field
              label={t('login_username')}
              placeholder={t('login_username_placeholder')}
              value={username}
              onValueChange={(v) => {
                setUsername(v);
                clearError('username');
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
                clearError('password');
              }}
              error={errors.password}
              testId="login-password"
              autoComplete="current-password"
              required
            />
            {captchaShown && (
              <CaptchaField
                captchaKey={captchaKey}
                generation={captchaGeneration}
                value={captcha}
                onValueChange={(v) => {
                  setCaptcha(v);
                  clearError('captcha');
                }}
                error={errors.captcha}
              />
            )}
          </>
        ) : (
          <>
            <MobileCodeFields
              testIdPrefix="login"
              codeTestId="login-sms-code"
              sendTestId="login-sms-send"
              inputs={phone}
              errors={{ mobile: errors.mobileNum, code: errors.code }}
              onEdited={(field) => clearError(field === 'mobile' ? 'mobileNum' : 'code')}
              placeholders={{ mobile: t('login_mobile_placeholder'), code: t('login_sms_code_placeholder') }}
              sender={smsSender}
            />
          </>
        )}
        <div className="login-options">
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} data-testid="login-remember" />
            {t('login_remember')}
          </label>
          <button type="button" className="link-button" data-testid="login-forgot" onClick={() => openModal('forgotPassword')}>
            {t('login_forgot')}
          </button>
        </div>
        <FormError message={formError} />
        <button type="submit" className="btn btn-primary btn-block" data-testid="login-submit" disabled={busy}>
          {busy ? t('app_loading') : t('login_submit')}
        </button>
        {freePlayEnabled && (
          <button type="button" className="btn btn-ghost btn-block" data-testid="login-free-play" onClick={() => void playForFree()} disabled={busy}>
            {t('login_free_play')}
          </button>
        )}
        <SocialButtons />
        <p className="form-switch">
          {t('login_no_account')}{' '}
          <button type="button" className="link-button" data-testid="switch-to-register" onClick={() => openModal('register')}>
            {t('login_switch_register')}
          </button>
        </p>
      </form>
      <ModalBanner group="w_login" />
    </Modal>
  );
}
