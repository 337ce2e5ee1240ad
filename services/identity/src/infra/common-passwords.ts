import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * Whether the password is on the list of passwords most often seen in breaches (about 49,000, shipped by the
 * `@zxcvbn-ts/language-common` package, MIT). Compared case-insensitively, so "Password1" counts as "password1".
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
