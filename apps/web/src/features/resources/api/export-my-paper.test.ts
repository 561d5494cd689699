import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './export-my-paper';

describe('dispositionFileName', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      dispositionFileName(`attachment; filename="paper.docx"; filename*=UTF-8''${encodeURIComponent('我的试卷.docx')}`),
    ).toBe('我的试卷.docx');
    expect(dispositionFileName('attachment; filename="paper.pdf"')).toBe('paper.pdf');
    expect(dispositionFileName(undefined)).toBeUndefined();
  });
});
