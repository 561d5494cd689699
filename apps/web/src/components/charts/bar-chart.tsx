/**
 * A horizontal bar chart drawn with ECharts (only the bar chart, grid and tooltip parts, SVG renderer,
 * so a page's chunk stays small; load it lazily): one labelled bar per row, values 0…1 as percentages
 * or counts against the largest. The chart is one image with an accessible name; the page shows the
 * numbers as text too (the teaching reports in tables, the 大数据中心 in a list).
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

export interface Bar {
  label: string;
  value: number | null;
  /** Text shown at the end of the bar (defaults to the value). */
  text?: string;
}

/** Colour of a ratio, dark enough for 3:1 against white (WCAG 1.4.11): red under 60 %, orange under 85 %, green above. */
export function colourOf(ratio: number): string {
  if (ratio < 0.6) return '#c4320a';
  if (ratio < 0.85) return '#ad6800';
  return '#237804';
}

/** The ECharts option of the bars: categories top to bottom in the given order. */
export function barOption(bars: Bar[], ratio: boolean): Option {
  const max = ratio ? 1 : Math.max(1, ...bars.map((b) => b.value ?? 0));
  const text = (b: Bar) =>
    b.text ?? (b.value == null ? '—' : ratio ? `${Math.round(b.value * 100)}%` : String(b.value));
  const rows = [...bars].reverse();
  return {
    animation: false,
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p) => `${(p as { name: string }).name}：${text(rows[(p as { dataIndex: number }).dataIndex]!)}`,
    },
    xAxis: { type: 'value', min: 0, max, show: false },
    yAxis: {
      type: 'category',
      data: rows.map((b) => b.label),
      axisTick: { show: false },
      axisLine: { show: false },
      axisLabel: { color: '#1f2329', width: 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 16,
        showBackground: true,
        backgroundStyle: { color: '#f0f2f5' },
        data: rows.map((b) => ({
          value: b.value ?? 0,
          itemStyle: { color: ratio ? colourOf(b.value == null ? 0 : b.value / max) : brand.primary, borderRadius: 3 },
        })),
        label: {
          show: true,
          position: 'right',
          color: '#1f2329',
          formatter: (p) => text(rows[(p as { dataIndex: number }).dataIndex]!),
        },
      },
    ],
  };
}

export function BarChart({ bars, label, ratio = true }: { bars: Bar[]; label: string; ratio?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // Parents build the bars on every render: draw again only when their content changes.
  const content = JSON.stringify(bars);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    chart.setOption(barOption(JSON.parse(content) as Bar[], ratio));
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [content, ratio]);
  return (
    <div className={styles.chart} role="img" aria-label={label} data-testid="bar-chart">
      <div ref={box} aria-hidden style={{ width: '100%', height: Math.max(64, bars.length * 32 + 16) }} />
    </div>
  );
}
