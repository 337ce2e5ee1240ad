import { characterCount, matchesPattern, passwordBounds, passwordWeakness, type PatternId } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { isCommonPassword } from '../infra/common-passwords.js';

/** The brand's password rule, the same one registration checks (merchant settings `registration.password`). */
export interface PasswordRule {
  patternId: PatternId;
  minLength: number;
  maxLength: number;
}

/** Why a password is easy to guess: on the common and breached list, or one of the shared policy's weaknesses. */
export async function passwordIsWeak(password: string, username: string): Promise<boolean> {
  return passwordWeakness(password, username) !== null || (await isCommonPassword(password));
}

/** The length rule as it applies (the brand's bounds within the policy's) and the brand's pattern. */
export function checkPasswordShape(password: string, rule: PasswordRule, field: string): void {
  const { minLength, maxLength } = passwordBounds(rule);
  const length = characterCount(password);
  if (length < minLength || length > maxLength) throw new AppError('PASSWORD_LENGTH', { field, params: { min: minLength, max: maxLength } });
  if (!matchesPattern(rule.patternId, password)) throw new AppError('PASSWORD_FORMAT', { field });
}

/** Refuses a new password that is common, holds the username, repeats one block or follows a run. */
export async function checkPasswordStrength(password: string, username: string, field: string): Promise<void> {
  if (await passwordIsWeak(password, username)) throw new AppError('PASSWORD_TOO_WEAK', { field });
}

/**
 * Whether a password a member signs in with would be refused today (the list or the rules grew since it was set): the
 * member is then asked to change it. Only the shape and strength are read; the brand's pattern is not, as a brand may
 * change its pattern without making every member change.
 */
export async function passwordFailsPolicy(password: string, username: string, rule: PasswordRule): Promise<boolean> {
  const { minLength, maxLength } = passwordBounds(rule);
  const length = characterCount(password);
  return length < minLength || length > maxLength || (await passwordIsWeak(password, username));
}

/**
 * The rules for a new login password, in the order a member reads the form: present, the brand's length and
 * pattern (the same rule as registration), confirmation equal, then strength: not on the breached-password list,
 * not holding the username, not one repeated block, not a simple sequence.
 */
export async function checkNewPassword(input: { newPassword: string; confirmNewPassword: string; username: string; rule: PasswordRule }): Promise<string> {
  const { newPassword, confirmNewPassword, rule } = input;
  if (!newPassword) throw new AppError('INPUT_EMPTY', { field: 'newPassword' });
  checkPasswordShape(newPassword, rule, 'newPassword');
  if (!confirmNewPassword) throw new AppError('INPUT_EMPTY', { field: 'confirmNewPassword' });
  if (confirmNewPassword !== newPassword) throw new AppError('CONFIRM_PASSWORD_MISMATCH', { field: 'confirmNewPassword' });
  await checkPasswordStrength(newPassword, input.username, 'newPassword');
  return newPassword;
}
