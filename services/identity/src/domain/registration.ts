import { AppError } from '@wps/platform';

/** A named pattern of the spec's catalogue with the length bounds a brand configured for a field. */
export interface FieldRule {
  patternId: 'LETTER_FIRST_ALNUM' | 'ALNUM';
  minLength: number;
  maxLength: number;
}

export interface RegistrationRules {
  username: FieldRule;
  password: FieldRule;
}

export const DEFAULT_REGISTRATION_RULES: RegistrationRules = {
  username: { patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16 },
  password: { patternId: 'ALNUM', minLength: 6, maxLength: 20 },
};

const PATTERNS: Record<FieldRule['patternId'], RegExp> = {
  LETTER_FIRST_ALNUM: /^[A-Za-z][A-Za-z0-9]*$/,
  ALNUM: /^[A-Za-z0-9]+$/,
};

export interface RegistrationInput {
  username: string;
  password: string;
  confirmPassword: string;
}

/** Checks a registration in the order a player reads the form; the first problem is reported with its field. */
export function validateRegistration(input: RegistrationInput, rules: RegistrationRules = DEFAULT_REGISTRATION_RULES): { username: string; password: string } {
  const username = input.username.trim();
  const { password, confirmPassword } = input;
  if (!username) throw new AppError('INPUT_EMPTY', { field: 'username' });
  if (!password) throw new AppError('INPUT_EMPTY', { field: 'password' });
  if (!confirmPassword) throw new AppError('INPUT_EMPTY', { field: 'confirmPassword' });
  const user = rules.username;
  if (username.length < user.minLength || username.length > user.maxLength || !PATTERNS[user.patternId].test(username)) {
    throw new AppError('ACCOUNT_FORMAT', { field: 'username' });
  }
  const pass = rules.password;
  if (password.length < pass.minLength || password.length > pass.maxLength) {
    throw new AppError('PASSWORD_LENGTH', { field: 'password', params: { min: pass.minLength, max: pass.maxLength } });
  }
  if (!PATTERNS[pass.patternId].test(password)) throw new AppError('PASSWORD_FORMAT', { field: 'password' });
  if (confirmPassword !== password) throw new AppError('CONFIRM_PASSWORD_MISMATCH', { field: 'confirmPassword' });
  return { username, password };
}

/** Usernames are unique per brand regardless of case. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
