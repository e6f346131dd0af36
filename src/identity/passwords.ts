import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { invalid } from '../platform/errors.js';

/**
 * Password hashing with scrypt (node:crypto, run on libuv's thread pool so the event loop keeps serving).
 * N=2^15, r=8, p=1 costs 32 MiB and tens of milliseconds per check. The encoding carries its parameters —
 * `scrypt$N$r$p$<salt b64>$<hash b64>` — so they can be raised later without breaking stored hashes.
 */
const PARAMS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// 128·N·r bytes is what scrypt needs; allow headroom for stored hashes with larger parameters.
const MAX_MEMORY = 256 * 1024 * 1024;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The sign-up rule: 10–256 Unicode code points, and not the email address. The schema checks the lengths too. */
export function checkPasswordRule(password: string, email: string): void {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) throw invalid(`password must be at least ${PASSWORD_MIN_LENGTH} characters long (body field)`);
  if (length > PASSWORD_MAX_LENGTH) throw invalid(`password must be at most ${PASSWORD_MAX_LENGTH} characters long (body field)`);
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) throw invalid('password must not be the email address (body field)');
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

const ENCODED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** True when `password` matches `encoded`; false for a mismatch and for anything that is not a hash we wrote. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const m = ENCODED.exec(encoded);
  if (!m) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const salt = Buffer.from(m[4], 'base64');
  const expected = Buffer.from(m[5], 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/**
 * Does the work of one password check against a throwaway hash and answers false. Log-in calls it for unknown
 * emails and password-less accounts, so they take as long as a wrong password for a real account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummy);
  return false;
}
