/**
 * Client-side checks that mirror the server's (spec section 5). The server stays the authority: its message is
 * shown whenever it refuses. Each check answers an i18n key plus interpolation values, or null when fine.
 */
import { isRepetition, isSimpleSequence, PASSWORD_POLICY, passwordWeakness } from '@wps/contracts/password-policy';
import { fitsRule, isPatternId, lengthRange, matchesPattern, type PatternId } from '@wps/contracts/patterns';

export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

/** A field of the brand's registration configuration (`/wps/system/setting/register`). */
export interface FieldRule {
  enabled: boolean;
  required: boolean;
  patternId: string;
  minLength: number;
  maxLength: number;
}

/** An unknown pattern id from a newer server is treated as "anything", so the server's check decides. */
const knownPattern = (id: string): PatternId => (isPatternId(id) ? id : 'ANY');

/**
 * Checks a configured field with its named pattern and bounds. `formatKey` is the field's own message where the spec
 * has one (account, e-mail, phone…); otherwise the pattern's message with the bounds (i18n key `pattern_<id>`).
 */
export function checkByRule(value: string, rule: FieldRule, formatKey?: string): FieldError | null {
  const v = value.trim();
  if (!v) return rule.required ? { key: 'err_input_empty' } : null;
  const patternId = knownPattern(rule.patternId);
  if (fitsRule({ patternId, minLength: rule.minLength, maxLength: rule.maxLength }, v)) return null;
  return formatKey ? { key: formatKey } : { key: `pattern_${patternId}`, params: { range: lengthRange(rule.minLength, rule.maxLength) } };
}

/** A password against the brand's rule: the spec's length message, then its format message. */
export function checkPasswordRule(value: string, rule: FieldRule): FieldError | null {
  if (!value.trim()) return { key: 'err_input_empty' };
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return { key: 'err_password_length', params: { min: rule.minLength, max: rule.maxLength } };
  if (!matchesPattern(knownPattern(rule.patternId), value)) return { key: 'err_password_format' };
  return null;
}

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
/** The payment password: 6 to 20 letters and digits. */
export const PAYMENT_PASSWORD_MIN = 6;
export const PAYMENT_PASSWORD_MAX = 20;

const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;
const PAYMENT_PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * A new login password against the shared policy (8–64 printable characters unless the brand narrowed the bounds; not
 * the username, not a repeat or a run). The server adds the common-password list and the brand's pattern.
 */
export function checkNewPassword(value: string, username = '', bounds: { minLength: number; maxLength: number } = PASSWORD_POLICY): FieldError | null {
  if (!value) return { key: 'err_input_empty' };
  const length = [...value].length;
  if (length < bounds.minLength || length > bounds.maxLength) return { key: 'err_password_length', params: { min: bounds.minLength, max: bounds.maxLength } };
  if (!matchesPattern('PRINTABLE', value)) return { key: 'err_password_format' };
  if (passwordWeakness(value, username)) return { key: 'err_password_weak' };
  return null;
}

export function required(value: string): FieldError | null {
  return value.trim() === '' ? { key: 'err_input_empty' } : null;
}

export function checkUsername(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return { key: 'err_input_empty' };
  if (v.length < USERNAME_MIN || v.length > USERNAME_MAX || !USERNAME_PATTERN.test(v)) return { key: 'err_account_format' };
  return null;
}

export function checkPaymentPassword(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return { key: 'err_input_empty' };
  if (v.length < PAYMENT_PASSWORD_MIN || v.length > PAYMENT_PASSWORD_MAX) return { key: 'err_password_length', params: { min: PAYMENT_PASSWORD_MIN, max: PAYMENT_PASSWORD_MAX } };
  if (!PAYMENT_PASSWORD_PATTERN.test(v)) return { key: 'err_password_format' };
  if (isRepetition(v) || isSimpleSequence(v)) return { key: 'err_payment_password_weak' };
  return null;
}

export function checkConfirm(password: string, confirm: string): FieldError | null {
  const c = confirm.trim();
  if (!c) return { key: 'err_input_empty' };
  if (c !== password.trim()) return { key: 'err_confirm_password' };
  return null;
}
