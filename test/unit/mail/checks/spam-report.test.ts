import { describe, expect, it } from 'vitest';
import { parseReport } from '../../../../src/mail/checks/spam.js';

/** spamd's answer to REPORT as it writes it (SpamAssassin 4.0.1), with a description wrapped onto a second line. */
const ANSWER = [
  'SPAMD/1.1 0 EX_OK',
  'Content-length: 900',
  'Spam: True ; 7.4 / 5.0',
  '',
  'Spam detection software, running on the system "vm",',
  'has identified this incoming email as possible spam.',
  '',
  'Content analysis details:   (7.4 points, 5.0 required)',
  '',
  ' pts rule name              description',
  '---- ---------------------- --------------------------------------------------',
  ' 2.7 MISSING_DATE           Missing Date: header',
  '-0.1 DKIM_VALID             Message has at least one valid DKIM or DK signature',
  ' 4.8 LOTS_OF_MONEY          Huge... sums of money, and a description long enough',
  '                            to be wrapped by SpamAssassin',
  '',
  'The original message was not completely plain text.',
].join('\r\n');

describe("spamd's REPORT answer", () => {
  it('reads the verdict, the score, the threshold and every rule with its wrapped description', () => {
    expect(parseReport(ANSWER, new Date('2026-11-24T10:00:00Z'))).toEqual({
      score: 7.4,
      threshold: 5,
      is_spam: true,
      rules: [
        { name: 'MISSING_DATE', score: 2.7, description: 'Missing Date: header' },
        { name: 'DKIM_VALID', score: -0.1, description: 'Message has at least one valid DKIM or DK signature' },
        { name: 'LOTS_OF_MONEY', score: 4.8, description: 'Huge... sums of money, and a description long enough to be wrapped by SpamAssassin' },
      ],
      checked_at: '2026-11-24T10:00:00.000Z',
    });
  });

  it('refuses an error status or an answer without a verdict', () => {
    expect(() => parseReport('SPAMD/1.0 76 Bad header line: x\r\n\r\n', new Date())).toThrow(/refused the check: 76/);
    expect(() => parseReport('SPAMD/1.1 0 EX_OK\r\nContent-length: 0\r\n\r\n', new Date())).toThrow(/without a Spam: header/);
    expect(() => parseReport('HTTP/1.1 200 OK\r\n\r\n', new Date())).toThrow(/not SPAMD/);
  });
});
