import { erratumBody } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { beijingToday, checkBody } from './form-problems';

describe('checkBody', () => {
  it('answers the parsed body or each problem on its field', () => {
    const good = { textbookId: 1, page: 3, original: '甲', correction: '乙', publishedOn: '2026-11-20' };
    expect(checkBody(erratumBody, good)).toEqual({ ok: true, body: { ...good, note: '' } });
    const bad = checkBody(erratumBody, { ...good, page: 0, publishedOn: '2026-02-30', original: '' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems).toContainEqual({ name: ['page'], message: '页码必须在 1 到 10000 之间' });
      expect(bad.problems).toContainEqual({ name: ['publishedOn'], message: '发布日期不是有效日期' });
      expect(bad.problems).toContainEqual({ name: ['original'], message: '请填写原文' });
    }
  });

  it('gives the Beijing day, which starts at 16:00 UTC', () => {
    expect(beijingToday(Date.parse('2026-11-20T15:59:00Z'))).toBe('2026-11-20');
    expect(beijingToday(Date.parse('2026-11-20T16:00:00Z'))).toBe('2026-11-21');
  });
});
