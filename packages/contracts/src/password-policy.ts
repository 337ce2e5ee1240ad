/**
 * The password policy shared by the identity service and the browser (NIST SP 800-63B): length, not the username, not
 * one repeated block, not a keyboard or digit run; the server adds the list of common and breached passwords, too big
 * to ship to the browser. No dependencies, so the web client imports it as it is.
 */

/** The default bounds: a brand may tighten them (a longer minimum, a shorter maximum), never loosen them. */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 64 } as const;

/** A brand's password bounds as they apply: within the policy's, and never a maximum below the minimum. */
export function passwordBounds(brand: { minLength: number; maxLength: number }): { minLength: number; maxLength: number } {
  const minLength = Math.min(PASSWORD_POLICY.maxLength, Math.max(PASSWORD_POLICY.minLength, brand.minLength));
  const maxLength = Math.max(minLength, Math.min(PASSWORD_POLICY.maxLength, brand.maxLength));
  return { minLength, maxLength };
}

const RUNS = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p', 'qazwsxedcrfvtgbyhnujmikolp', '1234567890qwertyuiop'];

/** True for "abcdef", "987654", "qwerty…" and the like, read forwards or backwards, in any letter case. */
export function isSimpleSequence(password: string): boolean {
  const lower = password.toLowerCase();
  if ([...lower].length < 3) return false;
  const reversed = [...lower].reverse().join('');
  if (RUNS.some((run) => run.includes(lower) || run.includes(reversed))) return true;
  // A fixed step between neighbours (1357, aceg) is as guessable as a run.
  const codes = [...lower].map((char) => char.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return codes.every((code, index) => index === 0 || code - codes[index - 1]! === step);
}

/** One short block repeated: "aaaaaaaa", "abcabcabc", "12121212". */
export const isRepetition = (password: string): boolean => /^(.{1,4})\1+$/isu.test(password);

/** Whether the password holds the username (or is it backwards), ignoring letter case; names under 3 characters never count. */
export function containsUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  if ([...name].length < 3) return false;
  const lower = password.toLowerCase();
  return lower.includes(name) || lower.includes([...name].reverse().join(''));
}

export type PasswordWeakness = 'username' | 'repetition' | 'sequence';

/** Why a password is easy to guess, without the common-password list; null when none of these. */
export function passwordWeakness(password: string, username: string): PasswordWeakness | null {
  if (containsUsername(password, username)) return 'username';
  if (isRepetition(password)) return 'repetition';
  if (isSimpleSequence(password)) return 'sequence';
  return null;
}

/**
 * A strength score from 0 (refused) to 4 for the meter beside a password field: 0 when the policy refuses it (too short
 * or too long, or weak as above), else from an estimate of the guesses it takes: the characters' variety raised to the
 * length, less for letters or digits that merely continue a run.
 */
export function passwordStrength(password: string, username: string, bounds: { minLength: number; maxLength: number } = PASSWORD_POLICY): 0 | 1 | 2 | 3 | 4 {
  const characters = [...password];
  if (characters.length < bounds.minLength || characters.length > bounds.maxLength || passwordWeakness(password, username)) return 0;
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^A-Za-z0-9]/.test(password)) pool += 33;
  // Each distinct character counts once in full; repeats of the same character count for little.
  const distinct = new Set(characters.map((char) => char.toLowerCase())).size;
  const bits = distinct * Math.log2(Math.max(pool, 10)) + (characters.length - distinct) * 1.5;
  if (bits < 36) return 1;
  if (bits < 46) return 2;
  if (bits < 60) return 3;
  return 4;
}
