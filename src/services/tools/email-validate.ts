/**
 * Email address syntax validation and extraction (no network).
 *
 * Rules (RFC 5322 addr-spec, RFC 5321 limits, RFC 6531 for UTF-8), each a deliberate choice:
 * - Leading/trailing whitespace is trimmed, with the warning `surrounding_whitespace`; an empty input is the error
 *   `empty`. Whitespace anywhere else is the error `contains_whitespace`.
 * - Exactly one `@` splits the local part from the domain (`missing_at`, `multiple_at`).
 * - Local part: an unquoted dot-atom only, i.e. letters, digits and ``!#$%&'*+/=?^_`{|}~-`` separated by single dots
 *   (no leading, trailing or consecutive dot). Quoted local parts (`"john doe"@example.com`) are valid RFC 5322 but
 *   almost no real mailbox accepts them, so they are rejected (`quoted_local_part_unsupported`); so are comments
 *   such as `john(work)@example.com` (`comments_unsupported`).
 * - Non-ASCII characters in the local part (SMTPUTF8, RFC 6531) are accepted with the warning `smtputf8_local_part`,
 *   because many receiving servers still refuse them. Control characters are never accepted.
 * - Domain: a host name of at least two labels (`domain_single_label`); each label made of letters, digits and
 *   hyphens, not starting or ending with a hyphen; the top-level label not all digits (`tld_numeric`, which also
 *   rejects bare IP addresses). Domain literals such as `user@[192.0.2.1]` are rejected
 *   (`domain_literal_unsupported`).
 * - Internationalized domains (`user@bücher.de`, `用户@例子.广告`) are accepted: they are converted with the WHATWG
 *   `domainToASCII` (UTS #46 processing, which also maps full-width characters and the ideographic full stop), and a
 *   domain it cannot convert is `domain_invalid_idn`.
 * - Limits: local part at most 64 octets (UTF-8), each domain label at most 63 octets and the whole address at most
 *   254 octets, the domain being counted in its ASCII (punycode) form. `details.length` is different: it counts the
 *   characters (Unicode code points) of the trimmed input as given.
 * - Warnings never change `isValid`: `disposable_domain`, `free_provider` (not raised for disposable domains),
 *   `role_account` (admin@, info@, noreply@, ...; a `+tag` is ignored), `possible_typo` (raised only when the suggested
 *   domain is a well-known provider within two typing edits, e.g. gmial.com -> gmail.com) and `smtputf8_local_part`.
 *   Domain warnings are given whenever the domain is valid and local-part warnings whenever the local part is valid,
 *   so an invalid address can still carry a useful hint.
 * - `details.domain` and `details.domainParts` are lowercased but otherwise as given (Unicode, not punycode);
 *   `details.tld` is the last label.
 */
import { domainToASCII } from 'node:url';
import { isDisposableDomain, isFreeDomain, isRoleLocalPart, suggestDomain } from './email-lists.js';

export interface Issue {
  code: string;
  message: string;
}

export interface ValidateResult {
  isValid: boolean;
  errors: Issue[];
  warnings: Issue[];
  details: { localPart: string | null; domain: string | null; domainParts: string[]; tld: string | null; length: number };
}

/** Internal result shared with extract and verify: the public result plus the parsed parts when they are valid. */
export interface EmailAnalysis {
  result: ValidateResult;
  /** Trimmed input. */
  address: string;
  /** Local part as given, when the local part is valid. */
  localPart: string | null;
  /** Lowercase ASCII (punycode) domain, when the domain is valid. */
  asciiDomain: string | null;
  /** Lowercase domain as given (Unicode), when the domain is valid. */
  domain: string | null;
  /** Full suggested address (local part as given + corrected domain), when the domain looks like a typo. */
  suggestion: string | null;
}

const LOCAL_LIMIT = 64;
const LABEL_LIMIT = 63;
const ADDRESS_LIMIT = 254;

/** The label separators UTS #46 recognises: full stop, ideographic, full-width and half-width ideographic full stops. */
const LABEL_SEPARATOR = /[.\u3002\uFF0E\uFF61]/;
const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]$/;
const WHITESPACE = /\s/u;
/** Control, format (zero-width), lone-surrogate and unassigned characters: never part of an address. */
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Cn}]/u;
const NON_ASCII = /[^\x00-\x7F]/;

const encoder = new TextEncoder();
const octets = (s: string): number => encoder.encode(s).length;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Shortens user-supplied text quoted in a message, so messages stay small whatever the input. */
const clip = (s: string, max = 40): string => ([...s].length > max ? `${[...s].slice(0, max).join('')}…` : s);
const quoteList = (chars: Iterable<string>): string => {
  const all = [...chars];
  const shown = all.slice(0, 10).map((c) => (CONTROL.test(c) ? `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : `"${c}"`));
  return shown.join(', ') + (all.length > shown.length ? ` and ${all.length - shown.length} more` : '');
};

/** Positions of every `@` outside double quotes and parentheses (so `"a@b"@x.com` has one separator). */
function separatorPositions(s: string): number[] {
  const positions: number[] = [];
  let inQuote = false;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inQuote) {
      if (c === '\\') i++;
      else if (c === '"') inQuote = false;
    } else if (c === '"') inQuote = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '@' && depth === 0) positions.push(i);
  }
  if (inQuote || depth > 0) {
    // Unbalanced quote or parenthesis: fall back to every @ so the part containing it gets the specific error.
    positions.length = 0;
    for (let i = s.indexOf('@'); i !== -1; i = s.indexOf('@', i + 1)) positions.push(i);
  }
  return positions;
}

interface PartCheck {
  errors: Issue[];
  whitespace: boolean;
  comments: boolean;
}

function checkLocalPart(local: string): PartCheck & { nonAscii: boolean } {
  const errors: Issue[] = [];
  const out = { errors, whitespace: false, comments: false, nonAscii: false };
  if (local === '') {
    errors.push({ code: 'local_part_empty', message: 'The local part (before the @) is empty.' });
    return out;
  }
  if (local.includes('"')) {
    errors.push({
      code: 'quoted_local_part_unsupported',
      message: 'Quoted local parts such as "john doe"@example.com are not accepted: almost no mail server supports them.',
    });
    return out;
  }
  if (local.includes('(') || local.includes(')')) {
    out.comments = true;
    return out;
  }
  const bad = new Set<string>();
  for (const c of local) {
    if (c === '.' || ATEXT.test(c)) continue;
    if (WHITESPACE.test(c)) out.whitespace = true;
    else if (CONTROL.test(c) || !NON_ASCII.test(c)) bad.add(c);
    else out.nonAscii = true;
  }
  if (bad.size > 0) {
    errors.push({
      code: 'local_part_invalid_character',
      message: `The local part contains ${bad.size === 1 ? 'a character' : 'characters'} not allowed in an unquoted local part: ${quoteList(bad)}.`,
    });
  }
  if (local.startsWith('.')) errors.push({ code: 'local_part_leading_dot', message: 'The local part starts with a dot.' });
  if (local.length > 1 && local.endsWith('.')) {
    errors.push({ code: 'local_part_trailing_dot', message: 'The local part ends with a dot (right before the @).' });
  }
  if (local.includes('..')) errors.push({ code: 'local_part_consecutive_dots', message: 'The local part contains two consecutive dots.' });
  const size = octets(local);
  if (size > LOCAL_LIMIT) {
    const unit = out.nonAscii ? 'octets long in UTF-8' : 'characters long';
    errors.push({ code: 'local_part_too_long', message: `The local part is ${size} ${unit}; the limit is ${LOCAL_LIMIT}.` });
  }
  return out;
}

function checkDomain(domain: string): PartCheck & { ascii: string | null; labels: string[] } {
  const errors: Issue[] = [];
  const lower = domain.toLowerCase();
  const labels = lower === '' ? [] : lower.split(LABEL_SEPARATOR);
  const out = { errors, whitespace: false, comments: false, ascii: null as string | null, labels };
  if (domain === '') {
    errors.push({ code: 'domain_empty', message: 'The domain (after the @) is empty.' });
    return out;
  }
  if (domain.startsWith('[')) {
    errors.push({
      code: 'domain_literal_unsupported',
      message: `Domain literals such as ${domain.endsWith(']') ? clip(domain) : '[192.0.2.1]'} are not accepted; use a domain name.`,
    });
    out.labels = [];
    return out;
  }
  if (domain.includes('(') || domain.includes(')')) {
    out.comments = true;
    return out;
  }

  // Characters: ASCII letters, digits and hyphens, or non-ASCII characters left to IDNA to judge.
  const bad = new Set<string>();
  for (const c of domain) {
    if (/^[A-Za-z0-9-]$/.test(c) || LABEL_SEPARATOR.test(c)) continue;
    if (WHITESPACE.test(c)) out.whitespace = true;
    else if (CONTROL.test(c) || !NON_ASCII.test(c)) bad.add(c);
  }
  if (bad.size > 0) {
    errors.push({
      code: 'domain_invalid_character',
      message: `The domain contains ${bad.size === 1 ? 'a character' : 'characters'} not allowed in a host name: ${quoteList(bad)}; only letters, digits, hyphens and dots are.`,
    });
  }

  const first = labels[0];
  const last = labels[labels.length - 1];
  if (first === '' || last === '' || labels.slice(1, -1).includes('')) {
    const where = first === '' ? 'starts with a dot' : last === '' ? 'ends with a dot' : 'contains two consecutive dots';
    errors.push({ code: 'domain_empty_label', message: `The domain ${where}; every dot-separated label must be non-empty.` });
  } else if (labels.length < 2) {
    errors.push({
      code: 'domain_single_label',
      message: `The domain "${clip(lower)}" has a single label; a name with at least one dot, such as example.com, is required.`,
    });
  }

  for (const label of labels) {
    if (label.startsWith('-') || label.endsWith('-')) {
      errors.push({ code: 'domain_label_hyphen', message: `The domain label "${clip(label)}" starts or ends with a hyphen.` });
      break;
    }
  }
  if (errors.length > 0 || out.whitespace) return out;

  // IDNA conversion: needed for non-ASCII names and to check existing punycode (xn--) labels.
  let ascii = lower;
  if (NON_ASCII.test(domain) || labels.some((l) => l.startsWith('xn--'))) {
    ascii = domainToASCII(lower);
    if (ascii === '') {
      errors.push({
        code: 'domain_invalid_idn',
        message: `The domain "${clip(lower)}" is not a valid internationalized domain name (it cannot be converted to punycode).`,
      });
      return out;
    }
  }
  const asciiLabels = ascii.split('.');
  for (const label of asciiLabels) {
    if (label.length > LABEL_LIMIT) {
      errors.push({
        code: 'domain_label_too_long',
        message: `The domain label "${label.slice(0, 20)}…" is ${label.length} characters long${label.startsWith('xn--') ? ' in punycode' : ''}; the limit is ${LABEL_LIMIT}.`,
      });
      break;
    }
  }
  const tld = asciiLabels[asciiLabels.length - 1];
  if (/^[0-9]+$/.test(tld)) {
    errors.push({
      code: 'tld_numeric',
      message: `The top-level domain "${clip(tld)}" is all digits; IP addresses and numeric top-level domains are not accepted.`,
    });
  }
  if (errors.length === 0) out.ascii = ascii;
  return out;
}

/** Full analysis; `withWarnings = false` skips the list look-ups (used by extract). */
export function analyzeEmail(input: string, withWarnings = true): EmailAnalysis {
  const raw = typeof input === 'string' ? input : '';
  const address = raw.trim();
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const details: ValidateResult['details'] = { localPart: null, domain: null, domainParts: [], tld: null, length: [...address].length };
  const analysis: EmailAnalysis = {
    result: { isValid: false, errors, warnings, details },
    address,
    localPart: null,
    asciiDomain: null,
    domain: null,
    suggestion: null,
  };

  if (address === '') {
    errors.push({ code: 'empty', message: raw === '' ? 'The email address is empty.' : 'The email address contains only whitespace.' });
    return analysis;
  }
  if (address !== raw) {
    warnings.push({ code: 'surrounding_whitespace', message: 'Leading or trailing whitespace was removed before validation.' });
  }

  const ats = separatorPositions(address);
  if (ats.length !== 1) {
    if (ats.length === 0) {
      errors.push({ code: 'missing_at', message: 'The address has no @ separating the local part from the domain.' });
    } else {
      errors.push({
        code: 'multiple_at',
        message: `The address contains ${ats.length} @ signs; exactly one must separate the local part from the domain.`,
      });
    }
    if (WHITESPACE.test(address)) {
      errors.push({ code: 'contains_whitespace', message: 'The address contains whitespace, which is not allowed.' });
    }
    return analysis;
  }

  const local = address.slice(0, ats[0]);
  const domain = address.slice(ats[0] + 1);
  const l = checkLocalPart(local);
  const d = checkDomain(domain);
  details.localPart = local;
  details.domain = domain.toLowerCase();
  details.domainParts = d.labels;
  details.tld = d.labels.length >= 2 && d.labels[d.labels.length - 1] !== '' ? d.labels[d.labels.length - 1] : null;

  errors.push(...l.errors);
  if (l.whitespace || d.whitespace) {
    errors.push({ code: 'contains_whitespace', message: 'The address contains whitespace, which is not allowed.' });
  }
  if (l.comments || d.comments) {
    errors.push({ code: 'comments_unsupported', message: 'Comments in parentheses, such as john(work)@example.com, are not accepted.' });
  }
  errors.push(...d.errors);

  const localOk = l.errors.length === 0 && !l.whitespace && !l.comments;
  // A syntactically fine domain longer than DNS allows (253) only fails the address limit; no list look-ups for it.
  const domainOk = d.ascii !== null && d.ascii.length <= 253;
  if (local !== '' && domain !== '' && !l.comments && !d.comments && !local.includes('"')) {
    const size = octets(local) + 1 + (d.ascii !== null ? d.ascii.length : octets(domain.toLowerCase()));
    if (size > ADDRESS_LIMIT) {
      const unit = NON_ASCII.test(address) ? 'octets long (local part in UTF-8, domain in punycode)' : 'characters long';
      errors.push({ code: 'address_too_long', message: `The address is ${size} ${unit}; the limit is ${ADDRESS_LIMIT}.` });
    }
  }

  if (localOk) analysis.localPart = local;
  if (domainOk) {
    analysis.asciiDomain = d.ascii!;
    analysis.domain = domain.toLowerCase();
  }
  analysis.result.isValid = errors.length === 0;

  if (!withWarnings) return analysis;

  if (localOk && l.nonAscii) {
    warnings.push({
      code: 'smtputf8_local_part',
      message: 'The local part contains non-ASCII characters (SMTPUTF8, RFC 6531); many mail servers do not accept them.',
    });
  }
  if (localOk && isRoleLocalPart(local)) {
    warnings.push({
      code: 'role_account',
      message: `"${clip(local)}" is a role address (a function or group rather than a person); such mailboxes are often shared or unattended.`,
    });
  }
  if (domainOk) {
    const asciiDomain = d.ascii!;
    const disposable = isDisposableDomain(asciiDomain);
    if (disposable) {
      warnings.push({ code: 'disposable_domain', message: `The domain ${asciiDomain} is a disposable (throwaway) email domain.` });
    } else if (isFreeDomain(asciiDomain)) {
      warnings.push({ code: 'free_provider', message: `The domain ${asciiDomain} belongs to a free email provider, not to an organisation.` });
    }
    const suggested = suggestDomain(asciiDomain);
    if (suggested) {
      analysis.suggestion = `${local}@${suggested}`;
      warnings.push({
        code: 'possible_typo',
        message: `The domain "${asciiDomain}" looks like a typo of "${suggested}"; did you mean ${analysis.suggestion}?`,
      });
    }
  }
  return analysis;
}

/** Validates one address; a failed validation is a normal result with `isValid: false`, never an exception. */
export function validateEmail(email: string): ValidateResult {
  return analyzeEmail(email).result;
}

// ---------------------------------------------------------------------------------------------------------------
// Extraction

/**
 * Characters an extracted local part may be made of: letters, digits, `. _ % + -` and non-ASCII letters/digits.
 * Rarer atext characters (`! # $ & ' * / = ? ^ { | } ~`) are treated as delimiters, because in running text they are
 * far more often punctuation (`email=john@x.com`, `'john@x.com'`) than part of an address.
 */
function isLocalChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 46 || cp === 95 || cp === 37 || cp === 43 || cp === 45;
  return /[\p{L}\p{M}\p{N}]/u.test(String.fromCodePoint(cp));
}

/** Characters an extracted domain may be made of: ASCII letters, digits, `.` and `-`, and non-ASCII letters/digits. */
function isDomainChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 46 || cp === 45;
  return /[\p{L}\p{M}\p{N}]/u.test(String.fromCodePoint(cp));
}

/** Longest run examined on either side of an `@`; a longer run cannot be a valid address, so it is skipped. */
const MAX_RUN = 320;

/**
 * Finds every address in free text, in order of first appearance, keeping only those validateEmail accepts and
 * dropping repeats (the domain compared case-insensitively, the local part exactly; the first spelling is kept).
 *
 * How: every `@` is a candidate; from it the scanner walks left over local-part characters and right over domain
 * characters (at most 320 each, so the work is linear in the text size, with no regular-expression backtracking).
 * Leading dots and trailing dots/hyphens are trimmed (`x@y.com.` at the end of a sentence gives x@y.com). Anything
 * directly glued to another `@` (`a@b@c.com`) is ambiguous and skipped. `mailto:` prefixes and `<...>` brackets need
 * no special case because `:` and `<` are delimiters.
 */
export function extractEmails(text: string): { emails: string[]; count: number } {
  const emails: string[] = [];
  const seen = new Set<string>();
  const s = typeof text === 'string' ? text : '';
  let at = s.indexOf('@');
  while (at !== -1) {
    const candidate = candidateAt(s, at);
    if (candidate !== null) {
      const analysis = analyzeEmail(candidate, false);
      if (analysis.result.isValid) {
        const key = `${analysis.localPart}@${analysis.asciiDomain}`;
        if (!seen.has(key)) {
          seen.add(key);
          emails.push(candidate);
        }
      }
    }
    at = s.indexOf('@', at + 1);
  }
  return { emails, count: emails.length };
}

function candidateAt(s: string, at: number): string | null {
  // Walk left over local-part characters (code point by code point, surrogate pairs included).
  let start = at;
  while (start > 0 && at - start <= MAX_RUN) {
    let cp = s.charCodeAt(start - 1);
    let size = 1;
    if (cp >= 0xdc00 && cp <= 0xdfff && start >= 2) {
      const hi = s.charCodeAt(start - 2);
      if (hi >= 0xd800 && hi <= 0xdbff) {
        cp = (hi - 0xd800) * 0x400 + (cp - 0xdc00) + 0x10000;
        size = 2;
      }
    }
    if (!isLocalChar(cp)) break;
    start -= size;
  }
  if (at - start > MAX_RUN) return null;
  if (start > 0 && s[start - 1] === '@') return null;

  let end = at + 1;
  while (end < s.length && end - at <= MAX_RUN) {
    const cp = s.codePointAt(end)!;
    if (!isDomainChar(cp)) break;
    end += cp > 0xffff ? 2 : 1;
  }
  if (end - at > MAX_RUN) return null;
  if (end < s.length && s[end] === '@') return null;

  while (start < at && s[start] === '.') start++;
  while (end > at + 1 && (s[end - 1] === '.' || s[end - 1] === '-')) end--;
  if (start === at || end === at + 1) return null;
  return s.slice(start, end);
}
