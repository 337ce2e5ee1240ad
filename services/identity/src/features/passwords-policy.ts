import { characterCount, matchesPattern, type PatternId } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { isCommonPassword } from '../infra/common-passwords.js';

/** The brand's password rule, the same one registration checks (merchant settings `registration.password`). */
export interface PasswordRule {
  patternId: PatternId;
  minLength: number;
  maxLength: number;
}

const RUNS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];

/** True for "abcdef", "987654", "qwerty…" and the like, read forwards or backwards, in any letter case. */
export function isSimpleSequence(password: string): boolean {
  const lower = password.toLowerCase();
  if (lower.length < 3) return false;
  const reversed = [...lower].reverse().join('');
  if (RUNS.some((run) => run.includes(lower) || run.includes(reversed))) return true;
  // A fixed step between neighbours (1357, aceg) is as guessable as a run.
  const codes = [...lower].map((char) => char.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return codes.every((code, index) => index === 0 || code - codes[index - 1]! === step);
}

/** A repeated short block: "aaaaaa", "abcabc", "121212". */
export function isRepetition(password: string): boolean {
  return /^(.{1,3})\1+$/i.test(password);
}

/**
 * The rules for a new login password, in the order a member reads the form: present, the brand's length and
 * pattern (the same rule as registration), confirmation equal, then strength: not on the breached-password list,
 * not the username, not one repeated block, not a simple sequence.
 */
export function checkNewPassword(input: { newPassword: string; confirmNewPassword: string; username: string; rule: PasswordRule }): string {
  const { newPassword, confirmNewPassword, rule } = input;
  if (!newPassword) throw new AppError('INPUT_EMPTY', { field: 'newPassword' });
  const length = characterCount(newPassword);
  if (length < rule.minLength || length > rule.maxLength) {
    throw new AppError('PASSWORD_LENGTH', { field: 'newPassword', params: { min: rule.minLength, max: rule.maxLength } });
  }
  if (!matchesPattern(rule.patternId, newPassword)) throw new AppError('PASSWORD_FORMAT', { field: 'newPassword' });
  if (!confirmNewPassword) throw new AppError('INPUT_EMPTY', { field: 'confirmNewPassword' });
  if (confirmNewPassword !== newPassword) throw new AppError('CONFIRM_PASSWORD_MISMATCH', { field: 'confirmNewPassword' });
  const lower = newPassword.toLowerCase();
  const username = input.username.trim().toLowerCase();
  const weak =
    isCommonPassword(newPassword) ||
    (username.length > 0 && (lower === username || lower.includes(username) || lower === [...username].reverse().join(''))) ||
    isRepetition(newPassword) ||
    isSimpleSequence(newPassword);
  if (weak) throw new AppError('PASSWORD_TOO_WEAK', { field: 'newPassword' });
  return newPassword;
}
