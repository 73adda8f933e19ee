import { describe, expect, it } from 'vitest';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { LegendComponentOption } from 'echarts/components';
import {
  SLIDER_FROM,
  chartOption,
  colorOf,
  isDark,
  niceMax,
  tableRows,
  type ChartData,
  type ChartLook,
  type ChartOption,
} from './option';

const LIGHT: ChartLook = {
  text: '#000000e0',
  textSecondary: '#000000a6',
  border: '#f0f0f0',
  background: '#ffffff',
  tooltipBackground: '#ffffff',
  limit: '#ff4d4f',
  fontFamily: 'sans-serif',
  animation: true,
};
const DARK: ChartLook = {
  ...LIGHT,
  text: '#ffffffd9',
  textSecondary: '#ffffffa6',
  border: '#303030',
  background: '#141414',
  tooltipBackground: '#1f1f1f',
};
const TEXT = { saveAsImage: 'Save as image (SVG)' };
const data: ChartData = {
  title: 'Dust',
  labels: ['00:00', '01:00', '02:00', '03:00'],
  series: [
    { name: 'North', values: [40, null, 90, 60] },
    { name: 'South', values: [null, 10, null, null] },
  ],
};

const seriesOf = (o: ChartOption) => o.series as (LineSeriesOption & BarSeriesOption)[];
const legendOf = (o: ChartOption) => o.legend as LegendComponentOption;
const yAxisOf = (o: ChartOption) => o.yAxis as { max?: number; splitLine?: unknown };
const zoomOf = (o: ChartOption) => o.dataZoom as { type: string; show?: boolean }[];

describe('chartOption', () => {
  it('draws a line per series in the palette, the labels on the x axis, nulls as gaps', () => {
    const o = chartOption('line', data, LIGHT, TEXT);
    expect(seriesOf(o).map((s) => [s.type, s.name, s.color, s.data, s.connectNulls])).toEqual([
      ['line', 'North', colorOf(0), [40, null, 90, 60], false],
      ['line', 'South', colorOf(1), [null, 10, null, null], false],
    ]);
    expect((o.xAxis as { data: string[] }).data).toEqual(data.labels);
    expect(o.tooltip).toMatchObject({ trigger: 'axis' });
  });

  it('stacks bars, one colour per series', () => {
    const o = chartOption('bar', data, LIGHT, TEXT);
    expect(seriesOf(o).map((s) => [s.type, s.stack, s.color])).toEqual([
      ['bar', 'total', colorOf(0)],
      ['bar', 'total', colorOf(1)],
    ]);
  });

  it('draws the limit as a dashed line with its label on a series of its own, the axis reaching it', () => {
    const o = chartOption('line', { ...data, limit: { value: 150, label: 'Limit 150' } }, LIGHT, TEXT);
    const limit = seriesOf(o).find((s) => s.id === 'limit')!;
    expect(limit.data).toEqual([]);
    expect(limit.markLine).toMatchObject({
      data: [{ yAxis: 150 }],
      lineStyle: { type: 'dashed', color: LIGHT.limit },
      label: { formatter: 'Limit 150', color: LIGHT.limit },
    });
    // Not in the legend: only the data's series are.
    expect(legendOf(o).data).toEqual(['North', 'South']);
    expect(yAxisOf(o).max).toBe(200);
    // Below the readings, the axis is the readings' own.
    const low = chartOption('line', { ...data, limit: { value: 75, label: 'Limit 75' } }, LIGHT, TEXT);
    expect(yAxisOf(low).max).toBeUndefined();
  });

  it('has its own toggling legend from two series, none for one, none when a card legend hides series', () => {
    expect(legendOf(chartOption('line', data, LIGHT, TEXT))).toMatchObject({
      show: true,
      selected: { North: true, South: true },
    });
    const one = chartOption('line', { ...data, series: [data.series[0]] }, LIGHT, TEXT);
    expect(legendOf(one).show).toBe(false);
    const card = chartOption('bar', { ...data, hidden: ['South'] }, LIGHT, TEXT);
    expect(legendOf(card)).toMatchObject({ show: false, selected: { North: true, South: false } });
  });

  it('zooms inside at any length and adds a slider under long ranges of lines', () => {
    const short = chartOption('line', data, LIGHT, TEXT);
    expect(zoomOf(short).map((z) => [z.type, z.show ?? true])).toEqual([
      ['inside', true],
      ['slider', false],
    ]);
    const labels = Array.from({ length: SLIDER_FROM }, (_, i) => String(i));
    const long = chartOption('line', { ...data, labels }, LIGHT, TEXT);
    expect(zoomOf(long)[1].show).toBe(true);
    expect(zoomOf(chartOption('bar', { ...data, labels }, LIGHT, TEXT))[1].show).toBe(false);
  });

  it('takes its colours from the theme and saves its picture named as asked, under the translated title', () => {
    const o = chartOption('line', { ...data, fileName: 'dust-2026-11-29' }, DARK, TEXT);
    expect(o.backgroundColor).toBe('transparent');
    expect(legendOf(o).textStyle).toEqual({ color: DARK.text });
    expect(o.tooltip).toMatchObject({ backgroundColor: DARK.tooltipBackground, textStyle: { color: DARK.text } });
    expect(yAxisOf(o).splitLine).toEqual({ lineStyle: { color: DARK.border } });
    expect((o.toolbox as { feature: { saveAsImage: object } }).feature.saveAsImage).toMatchObject({
      title: 'Save as image (SVG)',
      name: 'dust-2026-11-29',
      backgroundColor: DARK.background,
    });
    expect(o.aria).toEqual({ enabled: true, label: { description: 'Dust' } });
  });
});

describe('tableRows', () => {
  it('keeps the buckets that have a value, blank where a series has none', () => {
    expect(tableRows(data)).toEqual([
      { label: '00:00', cells: [40, null] },
      { label: '01:00', cells: [null, 10] },
      { label: '02:00', cells: [90, null] },
      { label: '03:00', cells: [60, null] },
    ]);
    expect(tableRows({ labels: ['a', 'b'], series: [{ name: 'x', values: [null, 1] }] })).toEqual([
      { label: 'b', cells: [1] },
    ]);
  });
});

describe('isDark', () => {
  it('tells a dark background from a light one, in the forms antd gives colours', () => {
    expect(['#141414', '#000', '#1f1f1fcc', 'rgb(20, 20, 20)', 'rgba(0,0,0,0.9)'].map(isDark)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['#ffffff', '#fff', '#f5f5f5', 'rgb(255 255 255)', 'transparent'].map(isDark)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.3, 75, 100, 101, 150, 700].map(niceMax)).toEqual([1, 0.5, 100, 100, 200, 200, 1000]);
  });
});
