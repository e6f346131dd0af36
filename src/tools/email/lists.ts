/**
 * Reference lists used by the email validator and verifier, each loaded into a Set once, on first use:
 *
 * - disposable domains: `disposable-email-domains` (exact match on `index.json`; `wildcard.json` lists domains whose
 *   every subdomain is disposable too).
 * - free providers: `email-providers` (`all.json`), minus the names reserved by RFC 2606 / RFC 6761 (example.com,
 *   *.test, ...), which that list happens to contain but which no one can sign up at.
 * - role local parts: `role-based-email-addresses` (admin, info, support, noreply, ...), matched case-insensitively on
 *   the local part without its `+tag`.
 * - typo suggestions: `@zootools/email-spell-checker` (a mailcheck fork), kept only when the suggested domain is a
 *   well-known provider and is at most two edits (insert, delete, substitute, swap adjacent) away from the original.
 *
 * All lookups take the domain in lowercase ASCII (punycode) form.
 */
import { createRequire } from 'node:module';
import { run as suggestMail, POPULAR_DOMAINS } from '@zootools/email-spell-checker';

const require = createRequire(import.meta.url);

let disposable: Set<string> | undefined;
let disposableWildcard: Set<string> | undefined;
let free: Set<string> | undefined;
let roles: Set<string> | undefined;
let wellKnown: Set<string> | undefined;
let popular: Set<string> | undefined;

function loadStrings(id: string): string[] {
  const value: unknown = require(id);
  if (!Array.isArray(value)) throw new Error(`${id} did not export an array`);
  return value.filter((v): v is string => typeof v === 'string');
}

function lowerSet(values: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const v of values) set.add(v.trim().toLowerCase());
  return set;
}

const RESERVED_SLDS = new Set(['example.com', 'example.net', 'example.org']);
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local']);

/** True for names no mailbox provider can hand out (RFC 2606, RFC 6761). */
function isReservedDomain(domain: string): boolean {
  const labels = domain.split('.');
  const tld = labels[labels.length - 1];
  if (RESERVED_TLDS.has(tld)) return true;
  for (let i = 0; i < labels.length - 1; i++) if (RESERVED_SLDS.has(labels.slice(i).join('.'))) return true;
  return false;
}

function disposableSets(): { exact: Set<string>; wildcard: Set<string> } {
  if (!disposable || !disposableWildcard) {
    disposableWildcard = lowerSet(loadStrings('disposable-email-domains/wildcard.json'));
    disposable = lowerSet(loadStrings('disposable-email-domains'));
    for (const d of disposableWildcard) disposable.add(d);
  }
  return { exact: disposable, wildcard: disposableWildcard };
}

function freeSet(): Set<string> {
  if (!free) {
    free = new Set([...lowerSet(loadStrings('email-providers/all.json'))].filter((d) => !isReservedDomain(d)));
  }
  return free;
}

function roleSet(): Set<string> {
  if (!roles) roles = lowerSet(loadStrings('role-based-email-addresses'));
  return roles;
}

function popularSet(): Set<string> {
  if (!popular) popular = lowerSet(POPULAR_DOMAINS);
  return popular;
}

function wellKnownSet(): Set<string> {
  if (!wellKnown) wellKnown = new Set([...freeSet(), ...popularSet()]);
  return wellKnown;
}

/** Domain (lowercase ASCII) is a known throwaway-mail domain, or a subdomain of a wildcard-listed one. */
export function isDisposableDomain(domain: string): boolean {
  const { exact, wildcard } = disposableSets();
  const d = domain.toLowerCase();
  if (exact.has(d)) return true;
  // Parent domains, nearest first, up to (not including) the top-level label: each suffix found in O(1) steps.
  let dot = d.indexOf('.');
  while (dot !== -1 && d.indexOf('.', dot + 1) !== -1) {
    if (wildcard.has(d.slice(dot + 1))) return true;
    dot = d.indexOf('.', dot + 1);
  }
  return false;
}

/** Domain (lowercase ASCII) belongs to a free mailbox provider (gmail.com, yahoo.com, gmx.de, ...). */
export function isFreeDomain(domain: string): boolean {
  return freeSet().has(domain.toLowerCase());
}

/** Local part names a role or group (admin, info, noreply, ...) rather than a person. A `+tag` is ignored. */
export function isRoleLocalPart(localPart: string): boolean {
  const plus = localPart.indexOf('+');
  const base = (plus >= 0 ? localPart.slice(0, plus) : localPart).toLowerCase();
  return base.length > 0 && roleSet().has(base);
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), capped: returns `max + 1` once exceeded. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return Math.min(prev[b.length], max + 1);
}

/**
 * Suggested replacement domain for a probable typo (gmial.com -> gmail.com), or null. `domain` is lowercase.
 * Only suggestions that land on a well-known provider within two edits are kept, which drops mailcheck's guesses
 * such as libero.it -> live.it or ox.ac.uk -> ox.co.uk.
 */
export function suggestDomain(domain: string): string | null {
  const d = domain.toLowerCase();
  // A domain that mailcheck itself treats as popular is never a typo.
  if (popularSet().has(d)) return null;
  if (!/^[a-z0-9.-]+$/.test(d)) return null; // mailcheck only knows ASCII names
  const suggestion = suggestMail({ email: `x@${d}` });
  if (!suggestion) return null;
  const suggested = suggestion.domain.toLowerCase();
  if (suggested === d || !wellKnownSet().has(suggested)) return null;
  return editDistance(d, suggested, 2) <= 2 ? suggested : null;
}
