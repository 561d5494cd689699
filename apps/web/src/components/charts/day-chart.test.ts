import { describe, expect, it } from 'vitest';
import { dayOption } from './day-chart';

describe('dayOption', () => {
  it('labels days as M-D and draws a withheld day as no column', () => {
    const option = dayOption(
      [
        { day: '2026-11-09', value: 12 },
        { day: '2026-11-10', value: null },
      ],
      '次',
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['11-9', '11-10']);
    expect((option.series as { data: number[] }[])[0]!.data).toEqual([12, 0]);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 0 }])).toBe('2026-11-09：12 次');
    expect(formatter([{ dataIndex: 1 }])).toBe('2026-11-10：不公开');
  });
});
