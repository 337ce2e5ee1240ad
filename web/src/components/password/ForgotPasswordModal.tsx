import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type LoginValue } from '../../api';
import { useSignIn } from '../../state/signIn';
import { useSystem } from '../../state/system';
import { useModal, useNotices } from '../../state/ui';
import { checkNewPassword, checkUsername, required, type FieldError } from '../../validation';
import { PasswordStrength } from './PasswordStrength';
import { Field, FormError } from '../Field';
import { useSmsCodeSender } from '../fields/SmsCodeButton';
import { MobileCodeFields, useMobileCodeInputs } from '../fields/MobileCodeFields';
import { FormTabs } from '../fields/FormTabs';
import { Modal } from '../Modal';
import { ModalBanner } from '../content/BannerCarousel';
import { flagEnabled } from '../login/signInApi';
import { passwordApi, signInAfterReset } from './passwordApi';

type Tab = 'email' | 'mobileNum';
type Errors = Partial<Record<'username' | 'email' | 'mobileNum' | 'verificationCode' | 'newPassword', FieldError | null>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const MOBILE_PATTERN = /^[0-9\s-]{6,20}$/;

/**
 * Forgot password (spec sections 2-4): by e-mail (flag CHNGPASSMAIL3) a reset link is mailed and the notice
 * in_been_out shown; by phone (flag CHNGPASSVERIF3) an SMS code sets the new password, then the member is signed in.
 */
export function ForgotPasswordModal() {
  const { t } = useTranslation();
  const { system } = useSystem();
  const { closeModal, openModal } = useModal();
  const { showNotice } = useNotices();
  const completeLogin = useSignIn();
  const tabs = (
    [
      ['email', 'CHNGPASSMAIL3'],
      ['mobileNum', 'CHNGPASSVERIF3'],
    ] as const
  )
    .filter(([, flag]) => flagEnabled(system, flag))
    .map(([tab]) => tab);
  const [tab, setTab] = useState<Tab | undefined>(tabs[0]);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const phone = useMobileCodeInputs();
  const { dialingCode: countryDialingCode, mobile: mobileNum, code: verificationCode } = phone.values;
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clearError = (name: keyof Errors) => errors[name] && setErrors((current) => ({ ...current, [name]: null }));
  const dialingCode = () => countryDialingCode.replace(/[^0-9]/g, '');

  /** expiredMinutes when a code was sent (a minute at least), null when the server refused, undefined when the number was refused here. */
  const sendCode = async (): Promise<number | null | undefined> => {
    const mobile = mobileNum.trim();
    const problem = required(mobile) ?? (MOBILE_PATTERN.test(mobile) ? null : { key: 'login_err_mobile' });
    setErrors((current) => ({ ...current, mobileNum: problem }));
    if (problem) return undefined;
    setFormError(null);
    try {
      const { expiredMinutes } = await passwordApi.sendResetSms({ mobileNum: mobile, countryDialingCode: dialingCode() });
      return Math.max(1, expiredMinutes);
    } catch (error) {
      showNotice({ title: t('in_popup_prompt'), text: errorMessage(error) });
      return null;
    }
  };
  const smsSender = useSmsCodeSender(sendCode);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (tab === 'email') {
      const next: Errors = {
        username: checkUsername(username),
        email: required(email) ?? (EMAIL_PATTERN.test(email.trim()) ? null : { key: 'password_err_email' }),
      };
      setErrors(next);
      if (next.username || next.email) return;
      setBusy(true);
      try {
        await passwordApi.forgotByEmail({ username: username.trim(), email: email.trim() });
        closeModal();
        showNotice({ title: t('in_popup_prompt'), text: t('in_been_out') });
      } catch (error) {
        setFormError(errorMessage(error));
        setBusy(false);
      }
      return;
    }
    const mobile = mobileNum.trim();
    const next: Errors = {
      mobileNum: required(mobile) ?? (MOBILE_PATTERN.test(mobile) ? null : { key: 'login_err_mobile' }),
      verificationCode: required(verificationCode),
      newPassword: checkNewPassword(newPassword),
    };
    setErrors(next);
    if (next.mobileNum || next.verificationCode || next.newPassword) return;
    setBusy(true);
    let account: string;
    try {
      ({ account } = await passwordApi.forgotByPhone({
        newPassword: newPassword.trim(),
        mobileNum: mobile,
        verificationCode: verificationCode.trim(),
        countryDialingCode: dialingCode(),
      }));
    } catch (error) {
      setFormError(errorMessage(error));
      setBusy(false);
      return;
    }
    try {
      const answer = await signInAfterReset(account, newPassword.trim());
      if (answer.token && answer.user) {
        completeLogin(answer as LoginValue, true);
        return;
      }
      // A second step (new device, two-factor) is owed: the login form takes the member through it.
      openModal('login');
    } catch (error) {
      openModal('login');
      showNotice({ title: t('in_popup_prompt'), text: errorMessage(error) });
    }
  };

  return (
    <Modal title={t('password_forgot_title')} onClose={closeModal} testId="forgot-password-modal">
      {tabs.length === 0 || !tab ? (
        <p className="password-note" data-testid="forgot-password-unavailable">
          {t('password_forgot_unavailable')}
        </p>
      ) : (
        <>
          {tabs.length > 1 && (
            <FormTabs
              tabs={tabs}
              active={tab}
              testIdPrefix="forgot-tab"
              label={(name) => t(`password_tab_${name}`)}
              onSelect={(name) => {
                setTab(name);
                setErrors({});
                setFormError(null);
              }}
            />
          )}
          <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
            {tab === 'email' ? (
              <>
                <Field
                  label={t('login_username')}
                  value={username}
                  onValueChange={(v) => {
                    setUsername(v);
                    clearError('username');
                  }}
                  error={errors.username}
                  testId="forgot-username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                />
                <Field
                  label={t('password_email')}
                  type="email"
                  value={email}
                  onValueChange={(v) => {
                    setEmail(v);
                    clearError('email');
                  }}
                  error={errors.email}
                  testId="forgot-email"
                  autoComplete="email"
                  required
                />
              </>
            ) : (
              <>
                <MobileCodeFields
                  testIdPrefix="forgot"
                  codeTestId="forgot-code"
                  sendTestId="forgot-send-code"
                  inputs={phone}
                  errors={{ mobile: errors.mobileNum, code: errors.verificationCode }}
                  onEdited={(field) => clearError(field === 'mobile' ? 'mobileNum' : 'verificationCode')}
                  sender={smsSender}
                />
                <Field
                  label={t('password_newPassword')}
                  type="password"
                  value={newPassword}
                  onValueChange={(v) => {
                    setNewPassword(v);
                    clearError('newPassword');
                  }}
                  error={errors.newPassword}
                  testId="forgot-new-password"
                  autoComplete="new-password"
                  maxLength={64}
                  required
                />
                <PasswordStrength password={newPassword} testId="forgot-password-strength" />
              </>
            )}
            <FormError message={formError} testId="forgot-password-error" />
            <button type="submit" className="btn btn-primary btn-block" data-testid="forgot-submit" disabled={busy}>
              {busy ? t('app_loading') : t(tab === 'email' ? 'password_forgot_send_link' : 'password_forgot_reset')}
            </button>
          </form>
        </>
      )}
      <p className="form-switch">
        <button type="button" className="link-button" data-testid="forgot-back-to-login" onClick={() => openModal('login')}>
          {t('password_back_to_login')}
        </button>
      </p>
      <ModalBanner group="w_forget" />
    </Modal>
  );
}
