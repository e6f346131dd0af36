import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../../src/http/downloads.js';

describe('contentDisposition', () => {
  const filenameOf = (header: string) => /filename="([^"]*)"/.exec(header)?.[1];
  const starOf = (header: string) => decodeURIComponent(/filename\*=UTF-8''(\S+)$/.exec(header)![1]);

  it('keeps a plain name as is', () => {
    expect(contentDisposition('report.pdf', 'attachment')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  });

  it('drops directories so a download cannot land outside its folder', () => {
    const header = contentDisposition('../../etc/passwd', 'attachment');
    expect(filenameOf(header)).toBe('passwd');
    expect(starOf(header)).toBe('passwd');
    expect(filenameOf(contentDisposition('..\\..\\windows\\win.ini', 'x'))).toBe('win.ini');
    expect(filenameOf(contentDisposition('..', 'att_1'))).toBe('att_1');
  });

  it('cannot break out of the header with quotes or line breaks', () => {
    const header = contentDisposition('evil".txt\r\nSet-Cookie: a=b', 'attachment');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('"')).toHaveLength(3);
    expect(filenameOf(header)).toBe('evil_.txtSet-Cookie: a=b');
    expect(starOf(header)).toBe('evil_.txtSet-Cookie: a=b');
  });

  it('gives an ASCII filename and the exact UTF-8 name in filename*', () => {
    const header = contentDisposition('Grüße €uro 报告.pdf', 'attachment');
    expect(filenameOf(header)).toBe('Gru_e _uro __.pdf');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(starOf(header)).toBe('Grüße €uro 报告.pdf');
    expect(header).toContain("filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%E2%82%ACuro%20%E6%8A%A5%E5%91%8A.pdf");
  });

  it('uses the fallback when there is no name and keeps long names to 150 characters with their extension', () => {
    expect(filenameOf(contentDisposition(null, 'att_0123'))).toBe('att_0123');
    const long = contentDisposition(`${'a'.repeat(300)}.pdf`, 'x');
    expect(filenameOf(long)).toHaveLength(150);
    expect(filenameOf(long)!.endsWith('.pdf')).toBe(true);
  });
});
