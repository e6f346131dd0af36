import { Parser } from 'htmlparser2';

/** A link found in a message: its target and the text it was shown with (empty for a bare URL). */
export interface FoundLink {
  url: string;
  text: string;
}

const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Characters past ASCII are written as escapes in regular expressions: esbuild keeps them as written there, and the
// bundle must stay ASCII (scripts/build-server.ts). Here: » ” ’.
const TRAILING = /[.,;:!?)\]}>\u00bb\u201d\u2019]+$/;

function cleanUrl(url: string): string {
  return url.trim().replace(TRAILING, '');
}

const skipped = (url: string) => /^(mailto|cid|javascript|data|tel):/i.test(url) || url === '' || url.startsWith('#');

/**
 * Every link of a message, in order of appearance and once each: the HTML's `<a href>` with their anchor text
 * (htmlparser2 decodes entities), then URLs written in the text body that the HTML did not have. `mailto:`, `cid:`
 * and other non-web schemes are left out.
 */
function linksIn(text: string | null, html: ReadHtml | null): FoundLink[] {
  const links: FoundLink[] = [];
  const seen = new Set<string>();
  const add = (url: string, anchor: string) => {
    const clean = cleanUrl(url);
    if (skipped(clean) || seen.has(clean)) return;
    seen.add(clean);
    links.push({ url: clean, text: anchor.replace(/\s+/g, ' ').trim() });
  };
  for (const a of html?.anchors ?? []) add(a.href, a.text);
  for (const m of (text ?? '').matchAll(BARE_URL)) add(m[0], '');
  return links;
}

/** Words that announce a one-time code, in several languages (lowercase). */
const KEYWORDS = [
  'code', 'otp', 'pin', 'passcode', 'password', 'verification', 'verify', 'one-time', 'token', 'enter', 'confirm',
  'código', 'codigo', 'verificación', 'code de vérification', 'vérification', 'bestätigungscode', 'bestätigung',
  'kod', 'codice', 'verifica', 'код', 'подтверждения', '验证码', '認証コード', '確認コード', '인증',
];
const NEAR = 48;

/** What ends a token that may be an e-mail address. */
const TOKEN_END = /[\s<>"']/;

/**
 * `s` with every token (a run of characters up to whitespace, `<`, `>` or a quote) that holds an `@` between two other
 * characters blanked out: e-mail addresses. Only the tokens around each `@` are looked at, each once: replacing every
 * token through a callback cost 22 µs of the 46 that finding the codes in a 1.8 kB message took, and 110 µs for 3 kB
 * of short words (a pattern anchored on the `@` instead would try every start of a long token without one again and
 * again: quadratic).
 */
function maskAddresses(s: string): string {
  let at = s.indexOf('@');
  let out = '';
  let done = 0;
  while (at >= 0) {
    let start = at;
    while (start > done && !TOKEN_END.test(s[start - 1])) start--;
    let end = at + 1;
    while (end < s.length && !TOKEN_END.test(s[end])) end++;
    if (/[^@]@[^@]/.test(s.slice(start, end))) {
      out += s.slice(done, start) + ' '.repeat(end - start);
      done = end;
    }
    at = s.indexOf('@', end);
  }
  return done === 0 ? s : out + s.slice(done);
}

/** Text without what looks like a number but is not a code: URLs, e-mail addresses, dates, times, prices, phones. */
function maskNonCodes(s: string): string {
  const blank = (m: string) => ' '.repeat(m.length);
  return maskAddresses(s.replace(BARE_URL, blank))
    .replace(/\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/g, blank)
    .replace(/\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b/g, blank)
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, blank)
    // € £ ¥, escaped as TRAILING's are.
    .replace(/[$\u20ac\u00a3\u00a5]\s?\d[\d.,]*|\b\d[\d.,]*\s?(?:\u20ac|EUR|USD|GBP|CHF|\$)/gi, blank)
    .replace(/\b\d+[.,]\d+\b/g, blank)
    .replace(/(?:\+|\b00)\d[\d\s().-]{6,}\d|\(\d{2,4}\)\s?\d[\d\s-]{4,}\d|\b\d{3}[-\s]\d{3}[-\s]\d{4}\b/g, blank);
}

const CANDIDATE = /(?<![\w-])(\d{4,8}|[A-Z0-9]{2,5}-[A-Z0-9]{2,5}|[A-Z0-9]{6,8})(?![\w-])/g;

function plausible(code: string): boolean {
  if (/^\d+$/.test(code)) return true;
  const digits = (code.match(/\d/g) ?? []).length;
  const letters = (code.match(/[A-Z]/g) ?? []).length;
  // Alphanumeric codes mix letters and digits (ABC-123, K7Q2-9XZP); all-letter words are not codes.
  return digits >= 1 && letters >= 1;
}

const isYear = (code: string) => /^(19|20)\d{2}$/.test(code);

/** A message's one-time codes (codesIn) and links (linksIn), its HTML body read once for both. */
export function extractCodesAndLinks(subject: string | null, text: string | null, html: string | null): { codes: string[]; links: FoundLink[] } {
  const read = html ? readHtml(html) : null;
  return { codes: codesIn(subject, text, read), links: linksIn(text, read) };
}

/**
 * One-time codes in a message's subject and bodies: 4–8 digits, or letter-and-digit groups such as `ABC-123`,
 * `K7Q2-9XZP`. Dates, times, years, prices, phone numbers, URLs and addresses are not codes. Codes written near a
 * word such as code, OTP, PIN or verification (in several languages) come first; a bare year counts only there.
 * Each code once, in order of rank, then of appearance.
 */
function codesIn(subject: string | null, text: string | null, html: ReadHtml | null): string[] {
  const sources = [subject ?? '', text ?? '', html?.text ?? ''].filter(Boolean);
  const near: string[] = [];
  const rest: string[] = [];
  for (const source of sources) {
    const masked = maskNonCodes(source);
    const lower = source.toLowerCase();
    for (const m of masked.matchAll(CANDIDATE)) {
      const code = m[1];
      if (!plausible(code)) continue;
      const before = lower.slice(Math.max(0, m.index - NEAR), m.index);
      const keyword = KEYWORDS.some((k) => before.includes(k));
      if (isYear(code) && !keyword) continue;
      (keyword ? near : rest).push(code);
    }
  }
  return [...new Set([...near, ...rest])];
}

/** An HTML body as the codes and the links need it: its visible text, and its links with the text they show. */
interface ReadHtml {
  /** The visible text (scripts, styles and the head left out), for looking for codes. */
  text: string;
  /** Each `<a href>`, in order, with its anchor text as written (entities decoded). */
  anchors: Array<{ href: string; text: string }>;
}

/** Reads an HTML body once, with htmlparser2, for both its codes and its links (a pass over 4.5 kB takes ~50 µs). */
function readHtml(html: string): ReadHtml {
  let text = '';
  let hidden = 0;
  const anchors: ReadHtml['anchors'] = [];
  let anchor: { href: string; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' || name === 'style' || name === 'head') hidden++;
        if (name === 'br' || name === 'p' || name === 'div' || name === 'td' || name === 'tr') text += '\n';
        if (name === 'a' && attributes.href) anchor = { href: attributes.href, text: '' };
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style' || name === 'head') hidden = Math.max(0, hidden - 1);
        text += ' ';
        if (name === 'a' && anchor !== null) {
          anchors.push(anchor);
          anchor = null;
        }
      },
      ontext(chunk) {
        if (hidden === 0) text += chunk;
        if (anchor !== null) anchor.text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { text, anchors };
}
