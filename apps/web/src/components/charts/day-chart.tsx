/**
 * Values per day as columns, drawn with ECharts (bar chart, grid and tooltip parts, SVG renderer;
 * load it lazily). A withheld value (null) draws no column and reads 不公开 in the tooltip. The chart
 * is one image with an accessible name; pages show the numbers as text too.
 */
import { useEffect, useRef } from 'react';
import { BarChart as EBarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts, type ComposeOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { brand } from '@/config/theme';
import styles from './charts.module.css';

registerCharts([EBarChart, GridComponent, TooltipComponent, SVGRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface DayValue {
  /** `YYYY-MM-DD`. */
  day: string;
  value: number | null;
}

/** The ECharts option of the columns, days left to right as given, labelled `M-D`. */
export function dayOption(days: DayValue[], unit: string): Option {
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const p = (Array.isArray(params) ? params[0] : params) as { dataIndex: number };
        const d = days[p.dataIndex]!;
        return `${d.day}：${d.value == null ? '不公开' : `${d.value.toLocaleString('zh-CN')} ${unit}`}`;
      },
    },
    xAxis: {
      type: 'category',
      data: days.map((d) => d.day.slice(5).replace(/^0/, '').replace('-0', '-')),
      axisTick: { show: false },
      axisLabel: { color: '#646a73' },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: '#646a73' },
      splitLine: { lineStyle: { color: '#eef0f3' } },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 14,
        data: days.map((d) => d.value ?? 0),
        itemStyle: { color: brand.primary, borderRadius: [3, 3, 0, 0] },
      },
    ],
  };
}

export function DayChart({ days, unit, label }: { days: DayValue[]; unit: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const content = JSON.stringify(days);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    chart.setOption(dayOption(JSON.parse(content) as DayValue[], unit));
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [content, unit]);
  return (
    <div className={styles.chart} role="img" aria-label={label} data-testid="day-chart">
      <div ref={box} aria-hidden style={{ width: '100%', height: 220 }} />
    </div>
  );
}
