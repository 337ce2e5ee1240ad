import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { DEFAULT_POLICY, usernameKey, validateRegistration, type RegistrationForm, type RegistrationPolicy } from './registration.js';
import { DEFAULT_REGISTER_FIELDS } from './merchant-settings.js';

const base = { username: 'lucia2024', password: 'secret12', confirmPassword: 'secret12', acceptTerms: true };

const failure = (form: RegistrationForm, policy: RegistrationPolicy = DEFAULT_POLICY) => {
  try {
    validateRegistration(form, policy);
  } catch (error) {
    return { code: (error as AppError).code, field: (error as AppError).options.field, message: (error as AppError).message };
  }
  return undefined;
};

/** Every optional field switched on with the given requiredness. */
const allFields = (required: boolean): RegistrationPolicy => ({
  ...DEFAULT_POLICY,
  fields: Object.fromEntries(
    Object.entries(DEFAULT_REGISTER_FIELDS).map(([name, rule]) => [name, name === 'captcha' ? rule : { ...rule, enabled: true, required: name === 'username' || name === 'password' || required }]),
  ) as RegistrationPolicy['fields'],
});

const mobileTab: RegistrationPolicy = { ...DEFAULT_POLICY, tab: 'mobile', mobilePassword: true };

describe('validateRegistration, username tab', () => {
  it('accepts a well-formed registration and trims the username', () => {
    expect(validateRegistration({ ...base, username: '  Lucia2024 ' }, DEFAULT_POLICY)).toMatchObject({ username: 'Lucia2024', password: 'secret12', mobile: null, verificationCode: null });
  });

  it.each([
    [{ ...base, username: '' }, 'INPUT_EMPTY', 'username'],
    [{ ...base, password: '' }, 'INPUT_EMPTY', 'password'],
    [{ ...base, confirmPassword: '' }, 'INPUT_EMPTY', 'confirmPassword'],
    [{ ...base, username: '1lucia' }, 'ACCOUNT_FORMAT', 'username'],
    [{ ...base, username: 'luc' }, 'ACCOUNT_FORMAT', 'username'],
    [{ ...base, username: 'lucia_x' }, 'ACCOUNT_FORMAT', 'username'],
    [{ ...base, username: 'a'.repeat(17) }, 'ACCOUNT_FORMAT', 'username'],
    [{ ...base, password: 'abc', confirmPassword: 'abc' }, 'PASSWORD_LENGTH', 'password'],
    [{ ...base, password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) }, 'PASSWORD_LENGTH', 'password'],
    [{ ...base, password: 'secret\u000712', confirmPassword: 'secret\u000712' }, 'PASSWORD_FORMAT', 'password'],
    [{ ...base, confirmPassword: 'secret13' }, 'CONFIRM_PASSWORD_MISMATCH', 'confirmPassword'],
    [{ ...base, acceptTerms: false }, 'TERMS_NOT_ACCEPTED', 'acceptTerms'],
    [{ ...base, acceptTerms: undefined }, 'TERMS_NOT_ACCEPTED', 'acceptTerms'],
    [{ ...base, affiliateCode: 'bad code' }, 'AFFILIATE_CODE_INVALID', 'affiliateCode'],
    [{ ...base, referralCode: 'bad-code' }, 'INVITATION_CODE_INVALID', 'referralCode'],
  ])('refuses %j with %s on %s', (form, code, field) => {
    expect(failure(form)).toMatchObject({ code, field });
  });

  it('puts the configured bounds into the password length message', () => {
    expect(failure({ ...base, password: 'abc', confirmPassword: 'abc' })?.message).toBe('Please fill in your password with 8 - 64 characters');
  });

  it('ignores fields the brand has not enabled', () => {
    const valid = validateRegistration({ ...base, email: 'not an email', qqNum: 'x', whatsapp: 'abc' }, DEFAULT_POLICY);
    expect(valid.profile).toMatchObject({ email: null, qqNum: null, whatsapp: null });
  });

  it.each([
    ['payeeName', 'Lucia', 'REAL_NAME_FORMAT', 'Real name format is incorrect'],
    ['email', 'lucia@', 'EMAIL_FORMAT', 'E-mail format is incorrect'],
    ['mobileNum', '55-12', 'PHONE_FORMAT', 'Phone number format is incorrect'],
    ['qqNum', '12ab', 'PATTERN_DIGITS', 'Please enter 5-12 digits'],
    ['line', 'has space', 'PATTERN_NO_SPACES', 'Please enter 1-50 characters without spaces'],
    ['whatsapp', '12345', 'PATTERN_PHONE', 'Phone numbers must have 7-15 digits'],
    ['facebook', 'two words', 'PATTERN_NO_SPACES', 'Please enter 1-100 characters without spaces'],
    ['wechat', 'we chat', 'PATTERN_NO_SPACES', 'Please enter 1-50 characters without spaces'],
    ['idNumber', 'ID-1234', 'PATTERN_ALNUM', 'Please enter 5-30 letters or digits'],
    ['recommenderId', 'x y', 'PATTERN_ALNUM', 'Please enter 1-30 letters or digits'],
    ['paymentPassword', '123', 'PATTERN_ALNUM', 'Please enter 6-20 letters or digits'],
  ])('checks the enabled field %s (%j) with %s', (field, value, code, message) => {
    const form = { ...base, mobileNum: '5512345678', verificationCode: '123456', [field]: value };
    expect(failure(form, allFields(false))).toEqual({ code, field, message });
  });

  it('requires each field the configuration marks required, in form order', () => {
    expect(failure({ ...base }, allFields(true))).toMatchObject({ code: 'INPUT_EMPTY', field: 'mobileNum' });
    expect(failure({ ...base, mobileNum: '5512345678' }, allFields(true))).toMatchObject({ code: 'INPUT_EMPTY', field: 'payeeName' });
  });

  it('stores every enabled field that is given', () => {
    const valid = validateRegistration(
      {
        ...base,
        payeeName: 'Lucía Pérez',
        email: 'lucia@example.com',
        mobileNum: '55 1234 5678',
        countryDialingCode: '+52',
        qqNum: '123456',
        line: 'lucia.line',
        whatsapp: '5512345678',
        facebook: 'lucia.fb',
        wechat: 'luciawx',
        idNumber: 'ABC12345',
        recommenderId: 'friend1',
        paymentPassword: 'pay123',
        affiliateCode: 'demoagent',
        referralCode: 'FRIEND01',
        acceptTerms: true,
      },
      allFields(true),
    );
    expect(valid).toMatchObject({
      mobile: { dialingCode: '52', number: '5512345678' },
      paymentPassword: 'pay123',
      affiliateCode: 'demoagent',
      profile: { payeeName: 'Lucía Pérez', email: 'lucia@example.com', qqNum: '123456', line: 'lucia.line', idNumber: 'ABC12345', recommenderId: 'friend1' },
    });
  });

  it('asks for the SMS code of a number given on the username tab only when REGMOBVERF3 is on', () => {
    const withMobile = { ...base, mobileNum: '5512345678' };
    expect(validateRegistration(withMobile, allFields(false)).verificationCode).toBeNull();
    expect(failure(withMobile, { ...allFields(false), mobileVerification: true })).toMatchObject({ code: 'INPUT_EMPTY', field: 'verificationCode' });
    expect(validateRegistration({ ...withMobile, verificationCode: ' 123456 ' }, { ...allFields(false), mobileVerification: true }).verificationCode).toBe('123456');
  });
});

describe('validateRegistration, mobile tab', () => {
  const form = { mobileNum: '5512345678', countryDialingCode: '52', verificationCode: '123456', password: 'secret12', confirmPassword: 'secret12', acceptTerms: true };

  it('needs a mobile number and its code even when the brand does not show the field on the username tab', () => {
    expect(validateRegistration(form, mobileTab)).toMatchObject({ username: null, mobile: { dialingCode: '52', number: '5512345678' }, verificationCode: '123456', password: 'secret12' });
    expect(failure({ ...form, mobileNum: '' }, mobileTab)).toMatchObject({ code: 'INPUT_EMPTY', field: 'mobileNum' });
    expect(failure({ ...form, mobileNum: '12ab567' }, mobileTab)).toMatchObject({ code: 'PHONE_FORMAT', field: 'mobileNum' });
    expect(failure({ ...form, verificationCode: '' }, mobileTab)).toMatchObject({ code: 'INPUT_EMPTY', field: 'verificationCode' });
    expect(failure({ ...form, verificationCode: 'x'.repeat(256) }, mobileTab)).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', field: 'verificationCode' });
  });

  it('uses the brand dialing code when none is given', () => {
    expect(validateRegistration({ ...form, countryDialingCode: '' }, mobileTab).mobile).toEqual({ dialingCode: '52', number: '5512345678' });
    expect(failure({ ...form, countryDialingCode: '52a' }, mobileTab)).toMatchObject({ code: 'PHONE_FORMAT', field: 'countryDialingCode' });
  });

  it('asks for a password only with MOBILENUMPASSREG3', () => {
    expect(failure({ ...form, password: '' }, mobileTab)).toMatchObject({ code: 'INPUT_EMPTY', field: 'password' });
    expect(validateRegistration({ ...form, password: '' }, { ...mobileTab, mobilePassword: false }).password).toBeNull();
  });
});

describe('usernameKey', () => {
  it('compares usernames without case', () => {
    expect(usernameKey(' Lucia ')).toBe(usernameKey('lucia'));
  });
});
