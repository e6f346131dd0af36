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
import { analyzeAddress, clip, type EmailAnalysis, type Issue, type ValidateResult } from '../../platform/email-address.js';
import { isDisposableDomain, isFreeDomain, isRoleLocalPart, suggestDomain } from './lists.js';

export type { EmailAnalysis, Issue, ValidateResult };

/** The syntax analysis plus, unless `withWarnings` is false (extract), the warnings from the reference lists. */
export function analyzeEmail(input: string, withWarnings = true): EmailAnalysis {
  const analysis = analyzeAddress(input);
  if (!withWarnings) return analysis;
  const warnings = analysis.result.warnings;
  const local = analysis.result.details.localPart ?? '';

  if (analysis.localNonAscii) {
    warnings.push({
      code: 'smtputf8_local_part',
      message: 'The local part contains non-ASCII characters (SMTPUTF8, RFC 6531); many mail servers do not accept them.',
    });
  }
  if (analysis.localPart !== null && isRoleLocalPart(local)) {
    warnings.push({
      code: 'role_account',
      message: `"${clip(local)}" is a role address (a function or group rather than a person); such mailboxes are often shared or unattended.`,
    });
  }
  if (analysis.asciiDomain !== null) {
    const asciiDomain = analysis.asciiDomain;
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

/** RFC 5322 atext besides letters and digits, plus the dot of a dot-atom: what an extracted local part may hold. */
const LOCAL_PUNCTUATION = new Set("!#$%&'*+-/=?^_`{|}~.");
/** Quotes and brackets that wrap an address in running text ('john@x.com', `john@x.com`, {john@x.com}, |…|). */
const WRAPPERS: Record<string, string> = { "'": "'", '`': '`', '{': '}', '|': '|' };

/** Characters an extracted local part may be made of: every character of an RFC 5322 dot-atom, and non-ASCII letters. */
function isLocalChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || LOCAL_PUNCTUATION.has(String.fromCharCode(cp));
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
 * Every character RFC 5322 allows in a dot-atom local part is kept (`dave_o'neil@example.io`, `a+b@x`, `x!y@z`),
 * except that in a URL it starts after the last `/` and in a query string after a key's `=`, and a quote or bracket wrapping
 * the whole address (`'john@x.com'`, `{john@x.com}`) is not part of it. Leading dots and trailing dots/hyphens are
 * trimmed (`x@y.com.` at the end of a sentence gives x@y.com). Anything directly glued to another `@` (`a@b@c.com`)
 * is ambiguous and skipped. `mailto:` prefixes and `<...>` brackets need no special case because `:` and `<` are
 * delimiters.
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

  let end = at + 1;
  while (end < s.length && end - at <= MAX_RUN) {
    const cp = s.codePointAt(end)!;
    if (!isDomainChar(cp)) break;
    end += cp > 0xffff ? 2 : 1;
  }
  if (end - at > MAX_RUN) return null;
  if (end < s.length && s[end] === '@') return null;

  // In a URL the address starts after the last path separator (`…/u/john@x.com`), and in a query string after the
  // last `=` of a key=value pair (`…?email=john@x.com`, `…&to=john@x.com`); elsewhere `/ ? & =` are kept.
  const run = s.slice(start, at);
  const slash = run.lastIndexOf('/');
  if (slash >= 0) start += slash + 1;
  const pair = Math.max(run.lastIndexOf('?'), run.lastIndexOf('&'));
  if (pair >= 0 && pair >= slash && run.indexOf('=', pair) >= 0) start = Math.max(start, s.lastIndexOf('=', at) + 1);
  if (start > 0 && s[start - 1] === '@') return null;
  while (end > at + 1 && (s[end - 1] === '.' || s[end - 1] === '-')) end--;
  // A quote or bracket around the whole address wraps it rather than belonging to it ('john@x.com').
  const close = WRAPPERS[s[start]];
  if (close !== undefined && s[end] === close) start++;
  while (start < at && s[start] === '.') start++;
  if (start === at || end === at + 1) return null;
  return s.slice(start, end);
}
