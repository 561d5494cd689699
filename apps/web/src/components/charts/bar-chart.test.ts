import { describe, expect, it } from 'vitest';
import { barOption, colourOf } from './bar-chart';

describe('barOption', () => {
  it('lists the bars top to bottom and scales ratios to 0…1', () => {
    const option = barOption(
      [
        { label: '第 1 题', value: 0.5 },
        { label: '第 2 题', value: null },
        { label: '第 3 题', value: 0.9 },
      ],
      true,
    );
    const yAxis = option.yAxis as { data: string[] };
    // ECharts draws the first category at the bottom: the rows are reversed so 第 1 题 is on top.
    expect(yAxis.data).toEqual(['第 3 题', '第 2 题', '第 1 题']);
    expect((option.xAxis as { max: number }).max).toBe(1);
    const series = (option.series as { data: { value: number; itemStyle: { color: string } }[] }[])[0]!;
    expect(series.data.map((d) => d.value)).toEqual([0.9, 0, 0.5]);
    expect(series.data.map((d) => d.itemStyle.color)).toEqual([colourOf(0.9), colourOf(0), colourOf(0.5)]);
  });

  it('scales counts against the largest', () => {
    const option = barOption(
      [
        { label: 'A', value: 3 },
        { label: 'B', value: 7 },
      ],
      false,
    );
    expect((option.xAxis as { max: number }).max).toBe(7);
  });
});

describe('colourOf', () => {
  it('is red under 60 %, orange under 85 %, green above', () => {
    expect([colourOf(0.59), colourOf(0.6), colourOf(0.84), colourOf(0.85)]).toEqual([
      '#c4320a',
      '#ad6800',
      '#ad6800',
      '#237804',
    ]);
  });
});
