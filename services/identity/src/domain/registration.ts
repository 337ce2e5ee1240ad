import { AppError } from '@wps/platform';
import { characterCount, fitsRule, lengthRange, matchesPattern, passwordBounds, patternErrorCode, type ErrorCode, type RegisterConfigField, type RegisterFieldRule } from '@wps/contracts';
import { DEFAULT_REGISTER_FIELDS } from './merchant-settings.js';

export type RegisterFields = Record<RegisterConfigField, RegisterFieldRule>;

/** A field's named pattern and bounds; check a value with `fitsRule` / `matchesPattern` from @wps/contracts. */
export type FieldRule = Pick<RegisterFieldRule, 'patternId' | 'minLength' | 'maxLength'>;
export type RegisterTab = 'username' | 'mobile';

/** The registration form as it arrives; every field optional, the rules decide what must be there. */
export interface RegistrationForm {
  username?: string;
  password?: string;
  confirmPassword?: string;
  payeeName?: string;
  email?: string;
  qqNum?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  recommenderId?: string;
  captcha?: string;
  verificationCode?: string;
  affiliateCode?: string;
  referralCode?: string;
  paymentPassword?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  idNumber?: string;
  acceptTerms?: boolean;
}

export interface RegistrationPolicy {
  fields: RegisterFields;
  tab: RegisterTab;
  /** REGMOBVERF3: a mobile number given on the username tab must be confirmed with an SMS code too. */
  mobileVerification: boolean;
  /** MOBILENUMPASSREG3: the mobile tab asks for a password; without it the member signs in with SMS codes. */
  mobilePassword: boolean;
  defaultDialingCode: string;
}

export interface ProfileFields {
  payeeName: string | null;
  email: string | null;
  qqNum: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  idNumber: string | null;
  recommenderId: string | null;
}

export interface ValidRegistration {
  /** Only on the username tab; the mobile tab's account is the international number. */
  username: string | null;
  /** Null when the mobile tab asks for no password. */
  password: string | null;
  mobile: { dialingCode: string; number: string } | null;
  /** Present whenever the mobile number must be confirmed by SMS. */
  verificationCode: string | null;
  paymentPassword: string | null;
  affiliateCode: string | null;
  referralCode: string | null;
  profile: ProfileFields;
}

/** Fields whose refusal has words of its own in the spec; the rest use their pattern's message. */
const FORMAT_ERRORS: Partial<Record<RegisterConfigField, ErrorCode>> = {
  username: 'ACCOUNT_FORMAT',
  email: 'EMAIL_FORMAT',
  mobileNum: 'PHONE_FORMAT',
  payeeName: 'REAL_NAME_FORMAT',
  affiliateCode: 'AFFILIATE_CODE_INVALID',
  referralCode: 'INVITATION_CODE_INVALID',
};

const PROFILE_FIELDS = ['payeeName', 'email', 'qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId'] as const;

const empty = (field: string) => new AppError('INPUT_EMPTY', { field });

function formatError(field: RegisterConfigField, rule: RegisterFieldRule): AppError {
  const specific = FORMAT_ERRORS[field];
  if (specific) return new AppError(specific, { field });
  return new AppError(patternErrorCode(rule.patternId), { field, params: { range: lengthRange(rule.minLength, rule.maxLength) } });
}

/** A configured field: absent or disabled gives null; present but wrong gives the field's message. */
function optionalField(form: RegistrationForm, field: RegisterConfigField, rule: RegisterFieldRule, forceRequired = false): string | null {
  if (!rule.enabled && !forceRequired) return null;
  const raw = form[field as keyof RegistrationForm];
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) {
    if (rule.required || forceRequired) throw empty(field);
    return null;
  }
  if (!fitsRule(rule, value)) throw formatError(field, rule);
  return value;
}

function checkPassword(password: string | undefined, confirmPassword: string | undefined, rule: RegisterFieldRule): string {
  if (!password) throw empty('password');
  if (!confirmPassword) throw empty('confirmPassword');
  // The brand's bounds as they apply within the password policy's (8–64 unless tightened).
  const { minLength, maxLength } = passwordBounds(rule);
  const length = characterCount(password);
  if (length < minLength || length > maxLength) throw new AppError('PASSWORD_LENGTH', { field: 'password', params: { min: minLength, max: maxLength } });
  if (!matchesPattern(rule.patternId, password)) throw new AppError('PASSWORD_FORMAT', { field: 'password' });
  if (confirmPassword !== password) throw new AppError('CONFIRM_PASSWORD_MISMATCH', { field: 'confirmPassword' });
  return password;
}

/** Spaces and dashes people type inside numbers are dropped; a leading + on the dialing code too. */
const digitsOf = (value: string | undefined): string => (value ?? '').replace(/[\s-]/g, '');

function checkMobile(form: RegistrationForm, rule: RegisterFieldRule, required: boolean, defaultDialingCode: string): ValidRegistration['mobile'] {
  if (!rule.enabled && !required) return null;
  const number = digitsOf(form.mobileNum);
  if (!number) {
    if (required || rule.required) throw empty('mobileNum');
    return null;
  }
  if (!fitsRule({ ...rule, patternId: 'PHONE' }, number) || !matchesPattern(rule.patternId, number)) throw new AppError('PHONE_FORMAT', { field: 'mobileNum' });
  const dialingCode = digitsOf(form.countryDialingCode).replace(/^\+/, '') || defaultDialingCode;
  if (!/^[0-9]{1,4}$/.test(dialingCode)) throw new AppError('PHONE_FORMAT', { field: 'countryDialingCode' });
  return { dialingCode, number };
}

function checkVerificationCode(form: RegistrationForm): string {
  const code = (form.verificationCode ?? '').trim();
  if (!code) throw empty('verificationCode');
  if (code.length > 255) throw new AppError('VERIFICATION_CODE_INVALID', { field: 'verificationCode' });
  return code;
}

/**
 * Checks a registration in the order a player reads the form and reports the first problem with its field. Every
 * field follows the brand's configuration: a disabled field is ignored, a required one must be there, and a value
 * must fit its named pattern and length bounds.
 */
export function validateRegistration(form: RegistrationForm, policy: RegistrationPolicy): ValidRegistration {
  const { fields, tab } = policy;
  let username: string | null = null;
  let password: string | null = null;
  let mobile: ValidRegistration['mobile'];
  let verificationCode: string | null = null;

  if (tab === 'username') {
    username = (form.username ?? '').trim();
    if (!username) throw empty('username');
    if (!fitsRule(fields.username, username)) throw new AppError('ACCOUNT_FORMAT', { field: 'username' });
    password = checkPassword(form.password, form.confirmPassword, fields.password);
    mobile = checkMobile(form, fields.mobileNum, false, policy.defaultDialingCode);
    if (mobile && policy.mobileVerification) verificationCode = checkVerificationCode(form);
  } else {
    mobile = checkMobile(form, fields.mobileNum, true, policy.defaultDialingCode);
    verificationCode = checkVerificationCode(form);
    if (policy.mobilePassword) password = checkPassword(form.password, form.confirmPassword, fields.password);
  }

  const profile = {} as ProfileFields;
  for (const field of PROFILE_FIELDS) profile[field] = optionalField(form, field, fields[field]);
  const paymentPassword = optionalField(form, 'paymentPassword', fields.paymentPassword);
  const affiliateCode = optionalField(form, 'affiliateCode', fields.affiliateCode);
  const referralCode = optionalField(form, 'referralCode', fields.referralCode);
  // Spec section 5: the member confirms being of age and accepting the terms; a form without the tick is refused.
  if (form.acceptTerms !== true) throw new AppError('TERMS_NOT_ACCEPTED', { field: 'acceptTerms' });

  return { username, password, mobile: mobile ?? null, verificationCode, paymentPassword, affiliateCode, referralCode, profile };
}

/** Username registration with the default configuration: the rules of a brand that configured nothing. */
export const DEFAULT_POLICY: RegistrationPolicy = {
  fields: DEFAULT_REGISTER_FIELDS,
  tab: 'username',
  mobileVerification: false,
  mobilePassword: true,
  defaultDialingCode: '52',
};

/** Usernames are unique per brand regardless of case. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
