/**
 * Email address syntax, as every part of Ephemail checks it: account emails, new addresses, the Tools API's
 * validator and extractor. RFC 5321/5322 dot-atom local parts (quoted strings and comments refused), internationalised
 * domains (IDNA, checked in punycode), RFC 6531 non-ASCII local parts, the 64/63/253/254 length limits.
 */
import { domainToASCII, domainToUnicode } from 'node:url';

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
  /** Whether the (valid) local part has non-ASCII characters (SMTPUTF8). */
  localNonAscii: boolean;
}

const LOCAL_LIMIT = 64;
const LABEL_LIMIT = 63;
const ADDRESS_LIMIT = 254;
/** Longer domains are not given to IDNA (see checkDomain): four times what any address may hold. */
const IDNA_MAX_INPUT = 4 * ADDRESS_LIMIT;

/** The label separators UTS #46 recognises: full stop, ideographic, full-width and half-width ideographic full stops. */
const LABEL_SEPARATOR = /[.\u3002\uFF0E\uFF61]/;
const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]$/;
const WHITESPACE = /\s/u;
/** Control, format (zero-width), lone-surrogate and unassigned characters: never part of an address. */
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Cn}]/u;
const NON_ASCII = /[^\x00-\x7F]/;

const encoder = new TextEncoder();
const octets = (s: string): number => encoder.encode(s).length;
/** Shortens user-supplied text quoted in a message, so messages stay small whatever the input. */
export const clip = (s: string, max = 40): string => ([...s].length > max ? `${[...s].slice(0, max).join('')}…` : s);
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

  // IDNA conversion: needed for non-ASCII names and to check existing punycode (xn--) labels. A domain this long is
  // over the address limit whatever its form (analyzeAddress says so), so it is not converted: Node 22's domainToASCII
  // took minutes over a megabyte of labels.
  let ascii = lower;
  if (lower.length > IDNA_MAX_INPUT) return out;
  if (NON_ASCII.test(domain) || labels.some((l) => l.startsWith('xn--'))) {
    ascii = domainToASCII(lower);
    // A punycode label must also decode. Node 20 and 22 refuse one that does not (`xn--a`) at domainToASCII; Node 24
    // passes it through unchanged both ways, so a label that stays `xn--` once decoded is refused here.
    const decoded = ascii === '' ? [] : domainToUnicode(ascii).split('.');
    if (ascii === '' || ascii.split('.').some((label, i) => label.startsWith('xn--') && (decoded[i] ?? '').startsWith('xn--'))) {
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

/** The syntax of one address (RFC 5321/5322 with internationalised parts): errors, parts, length limits. */
export function analyzeAddress(input: string): EmailAnalysis {
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
    localNonAscii: false,
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
  analysis.localNonAscii = localOk && l.nonAscii;
  return analysis;
}


/** Whether `address` is a well-formed email address, and if not, why (one sentence per problem). */
export function checkAddress(address: string): { isValid: boolean; errors: Issue[] } {
  const { isValid, errors } = analyzeAddress(address).result;
  return { isValid, errors };
}
