import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { EMAIL_RULES, validateHtml } from '../../../../src/mail/checks/html-validation.js';

const BROKEN = ['<!doctype html>', '<html><head><title>Order</title></head>', '<body>', '<p id="a">one</p><p id="a">two</p>', '<div><span>misnested</div></span>', '<img src="logo.png">', '</body></html>'].join('\n');
const CLEAN = ['<!doctype html>', '<html lang="en"><head><title>Hello</title></head>', '<body><table><tr><td style="color:red">hi</td></tr></table></body>', '</html>'].join('\n');

/** What html-validate itself reports for the same rules, resolving its configuration afresh for the document. */
async function reference(html: string): Promise<Array<{ rule: string; line: number; column: number }>> {
  const report = await new HtmlValidate(EMAIL_RULES).validateString(html, 'message.html');
  return report.results.flatMap((r) => r.messages).map((m) => ({ rule: m.ruleId, line: Math.max(1, m.line), column: Math.max(1, m.column) }));
}

describe('HTML validation with the configuration resolved once', () => {
  it('reports for each document what html-validate reports for it alone, whatever was validated before', async () => {
    const expected = await reference(BROKEN);
    expect(expected.map((f) => f.rule)).toEqual(expect.arrayContaining(['no-dup-id', 'close-order', 'wcag/h37']));
    // Interleaved, and several at once: nothing of one document's run carries into another's.
    const runs = await Promise.all([validateHtml(BROKEN), validateHtml(CLEAN), validateHtml(BROKEN)]);
    const again = [await validateHtml(CLEAN), await validateHtml(BROKEN)];
    for (const broken of [runs[0], runs[2], again[1]]) {
      expect(broken.findings.map(({ rule, line, column }) => ({ rule, line, column }))).toEqual(expected);
      expect(broken.errors + broken.warnings).toBe(expected.length);
    }
    for (const clean of [runs[1], again[0]]) expect(clean).toMatchObject({ errors: 0, warnings: 0, findings: [] });
    expect(await reference(CLEAN)).toEqual([]);
  });
});
