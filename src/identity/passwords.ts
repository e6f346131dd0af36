import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { invalid } from '../platform/errors.js';

/**
 * Password hashing with scrypt (node:crypto, run on libuv's thread pool so the event loop keeps serving), N = 2^cost
 * (PASSWORD_HASH_COST), r = 8, p = 1: at the default cost, 15, 32 MiB and 0.1–0.2 s of one core a hash. The encoding
 * carries its parameters — `scrypt$N$r$p$<salt b64>$<hash b64>` — so the cost can be raised later without breaking
 * stored hashes.
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, keyLength: number, options: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>): Promise<Buffer> {
  // 128·N·r bytes is what scrypt needs (256 MiB at PASSWORD_HASH_COST's highest, 18); twice that leaves headroom.
  const maxmem = Math.max(256 * 1024 * 1024, 256 * options.N * options.r);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The sign-up rule: 10–256 Unicode code points, and not the email address. The schema checks the lengths too. */
export function checkPasswordRule(password: string, email: string): void {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) throw invalid(`password must be at least ${PASSWORD_MIN_LENGTH} characters long (body field)`);
  if (length > PASSWORD_MAX_LENGTH) throw invalid(`password must be at most ${PASSWORD_MAX_LENGTH} characters long (body field)`);
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) throw invalid('password must not be the email address (body field)');
}

/** Hashes with N = 2^cost (PASSWORD_HASH_COST); the parameters are stored with the hash. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const N = 2 ** cost;
  const hash = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

const ENCODED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** True when `password` matches `encoded`; false for a mismatch and for anything that is not a hash we wrote. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const m = ENCODED.exec(encoded);
  if (!m) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Not a hash we wrote (N = 2^10 to 2^18, r = 8, p = 1): scrypt's N is a power of two, and much larger parameters
  // would hold the thread pool and gigabytes for seconds.
  if (!Number.isInteger(Math.log2(N)) || N > 2 ** 18 || r > 16 || p > 4) return false;
  const salt = Buffer.from(m[4], 'base64');
  const expected = Buffer.from(m[5], 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

const dummies = new Map<number, Promise<string>>();

/**
 * Does the work of one password check against a throwaway hash of the current cost and answers false. Log-in calls it
 * for unknown emails and password-less accounts, so they take as long as a wrong password for a real account.
 */
export async function verifyAgainstDummy(password: string, cost: number): Promise<false> {
  let dummy = dummies.get(cost);
  if (!dummy) dummies.set(cost, (dummy = hashPassword(randomBytes(16).toString('hex'), cost)));
  await verifyPassword(password, await dummy);
  return false;
}
