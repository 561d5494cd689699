import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name and decodes Chinese', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="paper.docx"; filename*=UTF-8''${encodeURIComponent('2016年全国卷Ⅰ 数学.docx')}`,
      ),
    ).toBe('2016年全国卷Ⅰ 数学.docx');
  });

  it('falls back to the plain name and strips paths', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/x.pdf"')).toBe('x.pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBeUndefined();
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });
});
