import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractEmails, validateEmail } from '../../../src/tools/email/validate.js';

const local64 = 'a'.repeat(64);
const local65 = 'a'.repeat(65);
const label63 = 'b'.repeat(63);
const label64 = 'b'.repeat(64);
// 64 + 1 + 189 = 254 characters; the domain's labels are all legal.
const domain189 = `${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`;
const domain190 = `${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(58)}.com`;

const codes = (email: string): string[] => validateEmail(email).errors.map((e) => e.code);
const warningCodes = (email: string): string[] => validateEmail(email).warnings.map((w) => w.code);

describe('validateEmail: table', () => {
  const valid: string[] = [
    'john@example.com',
    'john.doe@example.com',
    'john+newsletter@example.com',
    'john.doe+tag+more@example.co.uk',
    'x@example.com',
    'first.middle.last@mail.sub.example.org',
    "o'brien@example.ie",
    "a!#$%&'*+/=?^_`{|}~-b@example.com",
    '1234567890@example.com',
    'john_doe@example-domain.com',
    'UPPER@EXAMPLE.COM',
    'john@xn--bcher-kva.de',
    'john@bücher.de',
    '用户@例子.广告',
    'josé@example.com',
    'john@例子。广告', // ideographic full stop is a label separator under UTS #46
    'john@a1.b2.c3.example',
    'john@123.example.com',
    'john@example.museum',
    `${local64}@example.com`,
    `john@${label63}.com`,
    `${local64}@${domain189}`,
  ];
  it.each(valid)('accepts %s', (email) => {
    const result = validateEmail(email);
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
  });

  const invalid: Array<[string, string, string]> = [
    ['', 'empty', 'empty string'],
    ['   ', 'empty', 'only whitespace'],
    ['johnexample.com', 'missing_at', 'no @'],
    ['john@doe@example.com', 'multiple_at', 'two @'],
    ['john@@example.com', 'multiple_at', 'doubled @'],
    ['@example.com', 'local_part_empty', 'empty local part'],
    ['john@', 'domain_empty', 'empty domain'],
    ['john..doe@example.com', 'local_part_consecutive_dots', 'double dot'],
    ['.john@example.com', 'local_part_leading_dot', 'leading dot'],
    ['john.@example.com', 'local_part_trailing_dot', 'trailing dot'],
    [`${local65}@example.com`, 'local_part_too_long', '65-char local part'],
    [`john@${label64}.com`, 'domain_label_too_long', '64-char label'],
    [`${local64}@${domain190}`, 'address_too_long', '255 characters in all'],
    ['john@example.123', 'tld_numeric', 'numeric TLD'],
    ['john@192.168.0.1', 'tld_numeric', 'bare IPv4 address'],
    ['john@-example.com', 'domain_label_hyphen', 'label starting with a hyphen'],
    ['john@example-.com', 'domain_label_hyphen', 'label ending with a hyphen'],
    ['john@mail.-x.com', 'domain_label_hyphen', 'inner label with hyphen edge'],
    ['"john doe"@example.com', 'quoted_local_part_unsupported', 'quoted local part'],
    ['"john@doe"@example.com', 'quoted_local_part_unsupported', 'quoted local part containing @'],
    ['john(comment)@example.com', 'comments_unsupported', 'comment in the local part'],
    ['john@(comment)example.com', 'comments_unsupported', 'comment in the domain'],
    ['john@[192.0.2.1]', 'domain_literal_unsupported', 'IPv4 domain literal'],
    ['john@[IPv6:2001:db8::1]', 'domain_literal_unsupported', 'IPv6 domain literal'],
    ['john doe@example.com', 'contains_whitespace', 'space in the local part'],
    ['john@exa mple.com', 'contains_whitespace', 'space in the domain'],
    ['john@localhost', 'domain_single_label', 'single-label domain'],
    ['john@example..com', 'domain_empty_label', 'double dot in the domain'],
    ['john@.example.com', 'domain_empty_label', 'leading dot in the domain'],
    ['john@example.com.', 'domain_empty_label', 'trailing dot in the domain'],
    ['john@exam_ple.com', 'domain_invalid_character', 'underscore in the domain'],
    ['john@xn--a.com', 'domain_invalid_idn', 'broken punycode label'],
    ['jo\\hn@example.com', 'local_part_invalid_character', 'backslash in the local part'],
    ['jo,hn@example.com', 'local_part_invalid_character', 'comma in the local part'],
    ['jo\u200bhn@example.com', 'local_part_invalid_character', 'zero-width space in the local part'],
    ['john<x>@example.com', 'local_part_invalid_character', 'angle brackets in the local part'],
  ];
  it.each(invalid)('rejects %j with %s (%s)', (email, code) => {
    const result = validateEmail(email);
    expect(result.isValid).toBe(false);
    expect(result.errors.map((e) => e.code)).toContain(code);
  });

  it('has at least 40 cases', () => {
    expect(valid.length + invalid.length).toBeGreaterThanOrEqual(40);
  });
});

describe('validateEmail: messages, details and warnings', () => {
  it('every issue has a lower_snake_case code and a sentence', () => {
    for (const email of [`${local65}@example.com`, 'john..doe@example.com', ' admin@mailinator.com ', 'x@gmial.com', 'a b@[1.2.3.4]']) {
      const r = validateEmail(email);
      for (const issue of [...r.errors, ...r.warnings]) {
        expect(issue.code).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
        expect(issue.message).toMatch(/^[A-Z"].+[.?]$/);
      }
    }
  });

  it('names the measured length and the limit', () => {
    const message = validateEmail(`${'a'.repeat(70)}@example.com`).errors[0].message;
    expect(message).toBe('The local part is 70 characters long; the limit is 64.');
  });

  it('fills details for a plain address', () => {
    expect(validateEmail('John.Doe@Mail.Example.COM').details).toEqual({
      localPart: 'John.Doe',
      domain: 'mail.example.com',
      domainParts: ['mail', 'example', 'com'],
      tld: 'com',
      length: 25,
    });
  });

  it('counts characters, not bytes, for IDN addresses, and keeps the Unicode labels', () => {
    const r = validateEmail('用户@例子.广告');
    expect(r.details).toEqual({ localPart: '用户', domain: '例子.广告', domainParts: ['例子', '广告'], tld: '广告', length: 8 });
    expect(validateEmail('josé@bücher.de').details.length).toBe(14);
  });

  it('gives null parts when the address cannot be split', () => {
    expect(validateEmail('no-at-sign').details).toEqual({ localPart: null, domain: null, domainParts: [], tld: null, length: 10 });
    expect(validateEmail('').details.length).toBe(0);
  });

  it('trims surrounding whitespace with a warning and counts the trimmed length', () => {
    const r = validateEmail('  john@example.com\t\n');
    expect(r.isValid).toBe(true);
    expect(r.warnings.map((w) => w.code)).toEqual(['surrounding_whitespace']);
    expect(r.details.length).toBe(16);
  });

  it('counts IDN labels and the whole address in punycode form', () => {
    // 60 characters as typed, 67 in punycode.
    expect(codes(`john@${'ü'.repeat(10)}${'x'.repeat(50)}.de`)).toContain('domain_label_too_long');
    // 249 characters as typed, 256 octets with the domain in punycode.
    const email = `${local64}@bü${'c'.repeat(50)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`;
    const r = validateEmail(email);
    expect(r.details.length).toBe(249);
    expect(r.errors.map((e) => e.code)).toEqual(['address_too_long']);
    expect(r.errors[0].message).toContain('256');
  });

  it('counts the local part in UTF-8 octets against the 64 limit', () => {
    const r = validateEmail(`${'é'.repeat(33)}@example.com`); // 33 characters, 66 octets
    expect(r.errors.map((e) => e.code)).toEqual(['local_part_too_long']);
    expect(r.details.length).toBe(45);
  });

  it('accepts a UTF-8 local part with the smtputf8 warning', () => {
    const r = validateEmail('josé@example.com');
    expect(r.isValid).toBe(true);
    expect(r.warnings.map((w) => w.code)).toContain('smtputf8_local_part');
    expect(warningCodes('jose@example.com')).not.toContain('smtputf8_local_part');
  });

  it('warns about disposable domains, role accounts and free providers without invalidating', () => {
    const r = validateEmail('admin@mailinator.com');
    expect(r.isValid).toBe(true);
    expect(r.warnings.map((w) => w.code).sort()).toEqual(['disposable_domain', 'role_account']);
    expect(warningCodes('info+x@example.com')).toContain('role_account');
    expect(warningCodes('jane.smith@gmail.com')).toEqual(['free_provider']);
    expect(warningCodes('jane.smith@acme-corp-example.com')).toEqual([]);
  });

  it('flags subdomains of wildcard disposable domains', () => {
    expect(warningCodes('jane@anything.33mail.com')).toContain('disposable_domain');
  });

  it('suggests a correction for a likely typo, and only then', () => {
    const r = validateEmail('john@gmial.com');
    expect(r.isValid).toBe(true);
    const typo = r.warnings.find((w) => w.code === 'possible_typo');
    expect(typo?.message).toContain('john@gmail.com');
    expect(warningCodes('john@hotmial.com')).toContain('possible_typo');
    expect(warningCodes('john@gmail.con')).toContain('possible_typo');
    for (const fine of ['john@gmail.com', 'john@libero.it', 'john@ox.ac.uk', 'john@bücher.de', 'john@acme.io']) {
      expect(warningCodes(fine)).not.toContain('possible_typo');
    }
  });

  it('reports independent errors together', () => {
    expect(codes(`.${local64}@-x.com`)).toEqual(expect.arrayContaining(['local_part_leading_dot', 'local_part_too_long', 'domain_label_hyphen']));
  });

  it('handles 1 MB inputs and keeps messages short', () => {
    const mb = 1024 * 1024;
    for (const s of ['a'.repeat(mb), `a@${'ü.'.repeat(mb / 2)}de`, `x@${'a.'.repeat(mb / 2)}com`, `${'a'.repeat(mb)}@x.com`, `a@${'b'.repeat(mb)}`]) {
      const r = validateEmail(s);
      expect(r.isValid).toBe(false);
      for (const issue of r.errors) expect(issue.message.length).toBeLessThan(300);
    }
  });

  it('does not throw on odd input', () => {
    for (const s of ['@', '@@', '"', '(', '[', 'a@[', 'a@b.c@', '\u0000@x.com', '\ud800@x.com', 'a@\ud800.com']) {
      expect(validateEmail(s).isValid).toBe(false);
    }
  });
});

describe('extractEmails', () => {
  it('finds addresses in order of first appearance, dropping duplicates by case-insensitive domain', () => {
    const text = 'Write to Bob@Example.com or alice@example.org; again bob@example.COM and Bob@EXAMPLE.com, then carol@example.net.';
    expect(extractEmails(text)).toEqual({
      emails: ['Bob@Example.com', 'alice@example.org', 'bob@example.COM', 'carol@example.net'],
      count: 4,
    });
  });

  it('strips angle brackets, mailto: and trailing punctuation', () => {
    const text =
      'From: "Jane" <jane@example.com>\n<a href="mailto:sales@shop.example.com?subject=Hi">mail</a> (ops@example.io), ' +
      "end@example.com. list: a@x.com,b@y.com! 'q@z.com' «guil@example.fr»";
    expect(extractEmails(text).emails).toEqual([
      'jane@example.com',
      'sales@shop.example.com',
      'ops@example.io',
      'end@example.com',
      'a@x.com',
      'b@y.com',
      'q@z.com',
      'guil@example.fr',
    ]);
  });

  it('keeps only addresses that validate, and skips ambiguous @-chains', () => {
    const text = 'bad: a..b@x.com x@y a@b@c.com foo@@bar.com user@-x.com n@1.2.3.4 good: ok@fine.com, IDN: 用户@例子.广告。';
    expect(extractEmails(text).emails).toEqual(['ok@fine.com', '用户@例子.广告']);
  });

  it('returns an empty result for text without addresses', () => {
    expect(extractEmails('')).toEqual({ emails: [], count: 0 });
    expect(extractEmails('no addresses here @ all')).toEqual({ emails: [], count: 0 });
  });

  it('handles 1 MB pathological inputs', () => {
    const mb = 1024 * 1024;
    expect(extractEmails('a'.repeat(mb)).count).toBe(0);
    expect(extractEmails('a@a.'.repeat(mb / 4)).count).toBe(0);
    expect(extractEmails('@'.repeat(mb)).count).toBe(0);
    expect(extractEmails(`${'a'.repeat(mb)}@example.com`).count).toBe(0);
    expect(extractEmails(`x@${'a.'.repeat(mb / 2)}com`).count).toBe(0);
    const many = 'u@d.io '.repeat(mb / 7);
    expect(extractEmails(many)).toEqual({ emails: ['u@d.io'], count: 1 });
  });
});

describe('extractEmails on a corpus of real-world text', () => {
  const corpus = JSON.parse(readFileSync(new URL('../../fixtures/extract-corpus.json', import.meta.url), 'utf8')) as Array<{ name: string; text: string; emails: string[] }>;
  it.each(corpus)('$name', ({ text, emails }) => {
    expect(extractEmails(text).emails).toEqual(emails);
  });
});
