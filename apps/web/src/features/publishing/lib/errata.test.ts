import type { Erratum } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { errataMarks, errataOnPage, formatDay, printingLabel } from './errata';

const e = (id: number, page: number): Erratum => ({
  id,
  textbookId: 1,
  page,
  original: 'a',
  correction: 'b',
  publishedOn: '2026-11-20',
  note: '',
});

describe('errata helpers', () => {
  it('marks each page with errata once', () => {
    expect([...errataMarks([e(1, 3), e(2, 3), e(3, 9)])]).toEqual([
      [3, '勘误'],
      [9, '勘误'],
    ]);
  });
  it('picks the errata of a page', () => {
    expect(errataOnPage([e(1, 3), e(2, 4)], 4).map((x) => x.id)).toEqual([2]);
  });
  it('labels printings and days in Chinese', () => {
    expect(printingLabel({ editionNo: 1, printingNo: 3 })).toBe('第 1 版第 3 次印刷');
    expect(formatDay('2026-01-05')).toBe('2026年1月5日');
  });
});
