import { describe, expect, it } from 'vitest';
import { extractCodesAndLinks } from '../../../src/mail/codes-links.js';

/** Real-looking transactional mails: what a sign-up or password-reset test needs to read out of them. */
describe('codes in transactional mail', () => {
  it.each([
    ['plain text OTP', 'Your sign-in code', 'Hi Jane,\n\nYour verification code is 482913. It expires in 10 minutes.\n\nOrder #2026 placed on 2026-11-21 at 10:42, total $49.99.\nCall +1 555 010 0100.', null, ['482913']],
    ['code in the subject', 'Your code: 7341', 'Use it within 5 minutes.', null, ['7341']],
    ['alphanumeric group codes', 'Confirm', 'Enter K7Q2-9XZP to confirm, or the backup code ABC-123.', null, ['K7Q2-9XZP', 'ABC-123']],
    ['HTML only, with a tracking pixel and styles', 'Welcome', null, '<html><head><style>.x{width:600px}</style></head><body><p>Your one-time password:</p><p><strong>905 123</strong> is not it; <b>550321</b> is.</p><img src="https://t.example/p/12345678.gif"></body></html>', ['550321']],
    ['German and Spanish keywords rank first', 'Anmeldung', 'Referenz 88123456. Ihr Bestätigungscode lautet 314159. Tu código: 271828.', null, ['314159', '271828', '88123456']],
    ['years and dates are not codes, unless announced', 'Report 2025', 'Since 1999 we have served you. Statement for 01/12/2025. Your PIN: 2048.', null, ['2048']],
    ['digits in e-mail addresses are not codes', 'Support', 'Write to ops-123456@example.com or <desk.778899@help.example>; your code is 654321.', null, ['654321']],
    ['addresses at either end, in quotes and one after another; a lone @ is no address, a quote ends one', 'Login', 'ada.135790@mail.example wrote "bob.246802@x.example"\t<c.975310@y.example>,d.864202@z.example;e.112358@w.example code 424242 (not 777777@ nor @888888), or "131313"via:desk@help.example f.999999@end.example', null, ['424242', '777777', '888888', '131313']],
    ['a long token without an address next to a code', 'Token', `${'Zz9'.repeat(20_000)} then code 112233 and ${'q'.repeat(20_000)}@`, null, ['112233']],
    ['amounts in euros, pounds and yen are not codes', 'Invoice', 'Paid €123456, £654321 and ¥998877, then 445566 €. Your code is 246810.', null, ['246810']],
    ['no code at all', 'Newsletter', 'Read our story: https://news.example/2026/11/21/story-123456 — 50% off, €20 only.', null, []],
  ])('%s', (_name, subject, text, html, expected) => {
    expect(extractCodesAndLinks(subject, text, html).codes).toEqual(expected);
  });
});

describe('links in transactional mail', () => {
  it('takes HTML links with their anchor text, then text URLs, once each, without mailto: and cid:', () => {
    const html =
      '<p>Please <a href="https://click.example/r?u=https%3A%2F%2Fshop.example%2Fconfirm%3Ft%3Dabc&amp;sig=1">confirm&nbsp;your <b>email</b></a>.</p>' +
      '<a href="mailto:help@shop.example">Contact us</a> <img src="cid:logo@shop"> <a href="cid:logo@shop">logo</a>' +
      "<a href='https://shop.example/unsubscribe'>Unsubscribe</a> <a href=\"https://shop.example/unsubscribe\">again</a>";
    const text = 'Confirm: https://click.example/r?u=https%3A%2F%2Fshop.example%2Fconfirm%3Ft%3Dabc&sig=1\nHelp: https://shop.example/help.\n(see https://shop.example/faq)';
    expect(extractCodesAndLinks(null, text, html).links).toEqual([
      { url: 'https://click.example/r?u=https%3A%2F%2Fshop.example%2Fconfirm%3Ft%3Dabc&sig=1', text: 'confirm your email' },
      { url: 'https://shop.example/unsubscribe', text: 'Unsubscribe' },
      { url: 'https://shop.example/help', text: '' },
      { url: 'https://shop.example/faq', text: '' },
    ]);
  });

  it('trims closing quotes past ASCII from a URL in text', () => {
    expect(extractCodesAndLinks(null, 'Open «https://app.example/a» or “https://app.example/b” or ‘https://app.example/c’ now', null).links).toEqual([
      { url: 'https://app.example/a', text: '' },
      { url: 'https://app.example/b', text: '' },
      { url: 'https://app.example/c', text: '' },
    ]);
  });

  it('finds URLs in a plain-text body, trailing punctuation trimmed', () => {
    expect(extractCodesAndLinks(null, 'Reset here: https://app.example/reset?token=Zx9-_a1, or ignore this mail.', null).links).toEqual([
      { url: 'https://app.example/reset?token=Zx9-_a1', text: '' },
    ]);
  });
});
