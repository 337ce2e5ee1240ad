import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../api';
import { useSignIn } from '../state/signIn';
import { useSystem } from '../state/system';
import { useModal, useNotices } from '../state/ui';
import { passwordWeakness } from '@wps/contracts/password-policy';
import { checkByRule, checkPasswordRule, type FieldError, type FieldRule } from '../validation';
import { PasswordStrength } from './password/PasswordStrength';
import { Field, FormError } from './Field';
import { Modal } from './Modal';
import { ModalBanner } from './content/BannerCarousel';
import { registerApi, registerSettingsFrom, whitelabelOn, type RegisterRequest, type RegisterSettings } from './register/registerApi';
import { SmsCodeButton, useSmsCodeSender } from './fields/SmsCodeButton';
import './register/patternMessages';

type Tab = 'register' | 'registerMobile';
type Errors = Record<string, FieldError | null>;

/** Optional profile fields in the order the form shows them; each appears only when the brand enables it. */
const PROFILE_FIELDS = ['payeeName', 'email', 'paymentPassword', 'qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId'] as const;
const INVITATION_FIELDS = ['affiliateCode', 'referralCode'] as const;

/** Fields whose refusal has words of its own in the spec (section 5); the others show their pattern's message. */
const FORMAT_KEYS: Record<string, string> = {
  username: 'err_account_format',
  email: 'err_email_format',
  mobileNum: 'err_phone_format',
  payeeName: 'err_real_name_format',
  affiliateCode: 'err_affiliate_code',
  referralCode: 'err_invitation_code',
};

/** Used until the brand's configuration has arrived, and for anything an older server leaves out. */
const FALLBACK_RULES: Record<string, FieldRule> = {
  username: { enabled: true, required: true, patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16 },
  password: { enabled: true, required: true, patternId: 'PRINTABLE', minLength: 8, maxLength: 64 },
  mobileNum: { enabled: false, required: false, patternId: 'PHONE', minLength: 7, maxLength: 15 },
  affiliateCode: { enabled: true, required: false, patternId: 'ALNUM', minLength: 1, maxLength: 30 },
  referralCode: { enabled: true, required: false, patternId: 'ALNUM', minLength: 1, maxLength: 30 },
};
const DISABLED: FieldRule = { enabled: false, required: false, patternId: 'ANY', minLength: 0, maxLength: 255 };

const TEST_IDS: Record<string, string> = {
  confirmPassword: 'register-confirm',
  mobileNum: 'register-mobile',
  countryDialingCode: 'register-dialing-code',
  verificationCode: 'register-code',
};
const testIdOf = (field: string) => TEST_IDS[field] ?? `register-${field}`;

const INPUT_HINTS: Record<string, { type?: string; inputMode?: 'tel' | 'numeric' | 'email'; autoComplete?: string }> = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  paymentPassword: { type: 'password', autoComplete: 'off' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { inputMode: 'tel' },
  payeeName: { autoComplete: 'name' },
};

/** Invitation codes from the address (`/register?referralCode=…`, `?affiliateCode=…`), read once when the form opens. */
function codesFromAddress(routeReferral: string | null): { affiliateCode: string; referralCode: string } {
  const params = new URLSearchParams(window.location.search);
  return { affiliateCode: params.get('affiliateCode')?.trim() ?? '', referralCode: routeReferral ?? params.get('referralCode')?.trim() ?? '' };
}

export function RegisterModal() {
  const { t } = useTranslation();
  const { closeModal, openModal, referralCode: routeReferral } = useModal();
  const { system } = useSystem();
  const { showNotice } = useNotices();
  const completeLogin = useSignIn();
  const usernameTab = whitelabelOn(system, 'USERNAMEREG3');
  const mobileTab = whitelabelOn(system, 'MOBILENUMREG3');
  const verifyOnUsernameTab = whitelabelOn(system, 'REGMOBVERF3');
  const mobilePassword = whitelabelOn(system, 'MOBILENUMPASSREG3');
  const tabs = ([usernameTab && 'register', mobileTab && 'registerMobile'] as const).filter((name): name is Tab => Boolean(name));

  const [settings, setSettings] = useState<RegisterSettings>(() => registerSettingsFrom(system));
  const [tab, setTab] = useState<Tab>(tabs[0] ?? 'register');
  const fromAddress = useMemo(() => codesFromAddress(routeReferral), [routeReferral]);
  const [values, setValues] = useState<Record<string, string>>(() => ({ countryDialingCode: '+52', ...fromAddress }));
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The status call's copy may be minutes old: the form follows the brand's current configuration.
  useEffect(() => {
    let cancelled = false;
    registerApi.settings().then(
      (fresh) => !cancelled && setSettings(fresh),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!tabs.includes(tab) && tabs[0]) setTab(tabs[0]);
  }, [tabs, tab]);

  const rule = (field: string): FieldRule => settings[field] ?? FALLBACK_RULES[field] ?? DISABLED;
  const onMobileTab = tab === 'registerMobile';
  const showMobile = onMobileTab || rule('mobileNum').enabled;
  const showCode = onMobileTab || (showMobile && verifyOnUsernameTab);
  const showPassword = !onMobileTab || mobilePassword;
  const mobileRule: FieldRule = { ...rule('mobileNum'), required: onMobileTab || rule('mobileNum').required };

  const value = (field: string) => values[field] ?? '';
  const setValue = (field: string, next: string) => {
    setValues((current) => ({ ...current, [field]: next }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: null }));
  };

  const checkMobile = (): FieldError | null => checkByRule(value('mobileNum').replace(/[\s-]/g, ''), { ...mobileRule, patternId: 'PHONE' }, 'err_phone_format');

  /** Every shown field, in form order; all problems are shown at once. */
  const validate = (): Errors => {
    const next: Errors = {};
    if (!onMobileTab) next.username = checkByRule(value('username'), { ...rule('username'), required: true }, FORMAT_KEYS.username);
    if (showMobile) next.mobileNum = checkMobile();
    if (showCode && (onMobileTab || value('mobileNum').trim())) {
      const code = value('verificationCode').trim();
      next.verificationCode = !code ? { key: 'err_input_empty' } : code.length > 255 ? { key: 'err_verification_code' } : null;
    }
    if (showPassword) {
      next.password = checkPasswordRule(value('password'), rule('password')) ?? (passwordWeakness(value('password'), value('username')) ? { key: 'err_password_weak' } : null);
      const confirm = value('confirmPassword');
      next.confirmPassword = !confirm.trim() ? { key: 'err_input_empty' } : confirm !== value('password') ? { key: 'err_confirm_password' } : null;
    }
    for (const field of [...PROFILE_FIELDS, ...INVITATION_FIELDS]) {
      if (rule(field).enabled) next[field] = checkByRule(value(field), rule(field), FORMAT_KEYS[field]);
    }
    next.terms = terms ? null : { key: 'err_terms_required' };
    return next;
  };

  /** expiredMinutes when a code was sent, null when the server refused, undefined when nothing was asked of it. */
  const sendCode = async (): Promise<number | null | undefined> => {
    const mobileError = checkMobile() ?? (value('mobileNum').trim() ? null : { key: 'err_input_empty' });
    if (mobileError) {
      setErrors((current) => ({ ...current, mobileNum: mobileError }));
      return undefined;
    }
    try {
      const { expiredMinutes } = await registerApi.sendSms({
        mobileNo: value('mobileNum').replace(/[\s-]/g, ''),
        countryDialingCode: value('countryDialingCode').trim(),
        regType: onMobileTab ? 'registerMobile' : 'register',
      });
      return expiredMinutes;
    } catch (error) {
      // Spec section 8: an SMS request failure is a warning dialog with the server's message.
      showNotice({ title: t('register_notice_title'), text: errorMessage(error) });
      return null;
    }
  };
  const smsSender = useSmsCodeSender(sendCode);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = validate();
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) return;

    setBusy(true);
    try {
      const affiliateCode = value('affiliateCode').trim();
      if (rule('affiliateCode').enabled && affiliateCode) {
        try {
          await registerApi.checkAffiliate({ code: affiliateCode, domain: window.location.hostname });
        } catch (error) {
          if (error instanceof ApiError && error.code === 'AFFILIATE_CODE_INVALID') {
            showNotice({ title: t('register_notice_title'), text: t('err_affiliate_code') });
            setBusy(false);
            return;
          }
          throw error;
        }
      }
      const body: RegisterRequest = { registerUrl: window.location.href, registerMethod: 'WEB', acceptTerms: true, domain: window.location.hostname, login: true };
      if (!onMobileTab) body.username = value('username').trim();
      if (showPassword) {
        body.password = value('password');
        body.confirmPassword = value('confirmPassword');
      }
      if (showMobile && value('mobileNum').trim()) {
        body.mobileNum = value('mobileNum').replace(/[\s-]/g, '');
        body.countryDialingCode = value('countryDialingCode').trim();
      }
      if (showCode && value('verificationCode').trim()) body.verificationCode = value('verificationCode').trim();
      for (const field of [...PROFILE_FIELDS, ...INVITATION_FIELDS]) {
        if (rule(field).enabled && value(field).trim()) body[field] = field === 'paymentPassword' ? value(field) : value(field).trim();
      }
      const answer = onMobileTab ? await registerApi.registerMobile(body) : await registerApi.registerUser(body);
      completeLogin(answer, true);
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field && field in validate()) setErrors((current) => ({ ...current, [field]: { key: 'register_server_error', params: { message: errorMessage(error) } } }));
      else setFormError(errorMessage(error));
      setBusy(false);
    }
  };

  const textField = (field: string, label: string, options: { required?: boolean; placeholder?: string; maxLength?: number } = {}) => {
    const hints = INPUT_HINTS[field] ?? {};
    return (
      <Field
        key={field}
        label={label}
        placeholder={options.placeholder}
        value={value(field)}
        onValueChange={(next) => setValue(field, next)}
        error={errors[field]}
        testId={testIdOf(field)}
        required={options.required ?? rule(field).required}
        maxLength={options.maxLength ?? (rule(field).maxLength || undefined)}
        autoCapitalize="none"
        spellCheck={false}
        {...hints}
      />
    );
  };

  const patternHint = (field: string) => {
    const fieldRule = rule(field);
    return t(`pattern_${fieldRule.patternId}`, { range: fieldRule.minLength === fieldRule.maxLength ? String(fieldRule.minLength) : `${fieldRule.minLength}-${fieldRule.maxLength}` });
  };

  const invitation = (field: (typeof INVITATION_FIELDS)[number]) => {
    if (!rule(field).enabled) return null;
    const fixed = fromAddress[field];
    // A code that came with the link is shown, not edited: the visitor came through that agent or friend.
    if (fixed) {
      return (
        <p key={field} className="form-note" data-testid={field === 'referralCode' ? 'register-referral' : 'register-affiliate'}>
          {t(field === 'referralCode' ? 'register_referral' : 'register_affiliate', { code: fixed })}
          {errors[field] && (
            <span className="field-error" role="alert" data-testid={`${testIdOf(field)}-error`}>
              {' '}
              {t(errors[field].key, errors[field].params)}
            </span>
          )}
        </p>
      );
    }
    return textField(field, t(`register_${field}`), { placeholder: rule(field).required ? undefined : t('register_optional') });
  };

  if (!tabs.length) {
    return (
      <Modal title={t('register_title')} onClose={closeModal} testId="register-modal">
        <p className="form-note" data-testid="register-closed">
          {t('register_closed')}
        </p>
      </Modal>
    );
  }

  return (
    <Modal title={t('register_title')} onClose={closeModal} testId="register-modal">
      <div className="tabs" role="tablist">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`tab${tab === name ? ' active' : ''}`}
            data-testid={name === 'register' ? 'register-tab-username' : 'register-tab-mobile'}
            onClick={() => {
              setTab(name);
              setErrors({});
              setFormError(null);
            }}
          >
            {t(name === 'register' ? 'register_tab_username' : 'register_tab_mobile')}
          </button>
        ))}
      </div>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {!onMobileTab && textField('username', t('register_username'), { required: true, placeholder: patternHint('username') })}
        {showMobile && (
          <div className="register-phone-row">
            <Field
              label={t('register_dialing_code')}
              value={value('countryDialingCode')}
              onValueChange={(next) => setValue('countryDialingCode', next)}
              testId="register-dialing-code"
              inputMode="tel"
              maxLength={5}
              className="register-dial-input"
            />
            {textField('mobileNum', t('register_mobile'), { required: mobileRule.required, placeholder: t('pattern_PHONE', { range: lengthRangeText(mobileRule) }), maxLength: 20 })}
          </div>
        )}
        {showCode && (
          <div className="register-code-row">
            {textField('verificationCode', t('register_code'), { required: true, placeholder: t('register_code_placeholder'), maxLength: 255 })}
            <SmsCodeButton sender={smsSender} testId="register-sms-send" className="register-sms-send" texts="register" />
          </div>
        )}
        {showPassword && (
          <>
            <Field
              label={t('register_password')}
              placeholder={t('err_password_length', { min: rule('password').minLength, max: rule('password').maxLength })}
              type="password"
              value={value('password')}
              onValueChange={(next) => setValue('password', next)}
              error={errors.password}
              testId="register-password"
              autoComplete="new-password"
              maxLength={rule('password').maxLength}
              required
            />
            <PasswordStrength password={value('password')} username={value('username')} bounds={rule('password')} testId="register-password-strength" />
            <Field
              label={t('register_confirm')}
              placeholder={t('register_confirm_placeholder')}
              type="password"
              value={value('confirmPassword')}
              onValueChange={(next) => setValue('confirmPassword', next)}
              error={errors.confirmPassword}
              testId="register-confirm"
              autoComplete="new-password"
              maxLength={rule('password').maxLength}
              required
            />
          </>
        )}
        {PROFILE_FIELDS.filter((field) => rule(field).enabled).map((field) =>
          textField(field, t(`register_${field}`), { placeholder: rule(field).required ? patternHint(field) : `${patternHint(field)} (${t('register_optional')})` }),
        )}
        {invitation('affiliateCode')}
        {invitation('referralCode')}
        <div className={`checkbox-field${errors.terms ? ' has-error' : ''}`}>
          <label>
            <input
              type="checkbox"
              checked={terms}
              onChange={(event) => {
                setTerms(event.target.checked);
                if (errors.terms) setErrors((current) => ({ ...current, terms: null }));
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
      <ModalBanner group="w_reg" />
    </Modal>
  );
}

const lengthRangeText = (rule: FieldRule) => (rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength}-${rule.maxLength}`);

/** Refusals that concern one field are shown under it; the rest above the submit button. */
const FIELD_OF_CODE: Record<string, string> = {
  USERNAME_TAKEN: 'username',
  ACCOUNT_FORMAT: 'username',
  PASSWORD_LENGTH: 'password',
  PASSWORD_FORMAT: 'password',
  PASSWORD_TOO_WEAK: 'password',
  PAYMENT_PASSWORD_TOO_WEAK: 'paymentPassword',
  CONFIRM_PASSWORD_MISMATCH: 'confirmPassword',
  MOBILE_TAKEN: 'mobileNum',
  PHONE_FORMAT: 'mobileNum',
  MOBILE_INVALID: 'mobileNum',
  VERIFICATION_CODE_INVALID: 'verificationCode',
  EMAIL_FORMAT: 'email',
  REAL_NAME_FORMAT: 'payeeName',
  AFFILIATE_CODE_INVALID: 'affiliateCode',
  INVITATION_CODE_INVALID: 'referralCode',
};
