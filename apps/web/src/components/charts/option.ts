import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  ToolboxComponentOption,
  TooltipComponentOption,
} from 'echarts/components';

/** What the console's charts may set: the option types of the parts echarts.ts registers, no more. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | ToolboxComponentOption
  | MarkLineComponentOption
  | AriaComponentOption
>;

/** One named line or bar stack part: a value per bucket (null: nothing reported then). */
export interface Series {
  name: string;
  values: (number | null)[];
}

export type ChartKind = 'line' | 'bar';

export interface ChartData {
  /** x labels, one per bucket. */
  labels: string[];
  series: Series[];
  /** A dashed horizontal line (a limit) and its label (line charts). */
  limit?: { value: number; label: string };
  /** What a screen reader announces for the picture (its data is in the chart's table). */
  title: string;
  /**
   * Names of series not drawn, when a legend outside the chart (a card's) toggles them: the chart then
   * draws no legend of its own. Without it the chart has its own legend, toggling, from two series on.
   */
  hidden?: string[];
  /** The downloaded picture's name, without extension. */
  fileName?: string;
  /** What the labels are, for the data table's first column (default: the time). */
  labelName?: string;
}

/** The console's colours, from antd's theme tokens, so a chart follows the light or dark theme (with ECharts' own dark look: charts.tsx). */
export interface ChartLook {
  text: string;
  textSecondary: string;
  border: string;
  /** The card's background: behind a downloaded picture and the tooltip. */
  background: string;
  tooltipBackground: string;
  limit: string;
  fontFamily: string;
  /** False when the person asked for reduced motion. */
  animation: boolean;
}

/** The chart's own words, translated by the caller. */
export interface ChartText {
  saveAsImage: string;
}

const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#a0d911'];
/** Series i's colour, the same in every chart and in a card's legend. */
export const colorOf = (i: number) => PALETTE[i % PALETTE.length];

/** From this many buckets a line chart has a zoom slider under it (zooming inside works at any length). */
export const SLIDER_FROM = 24;

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number) {
  if (value <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * p >= value) ?? 10) * p;
}

/**
 * Whether a background colour (`#rgb`, `#rrggbb[aa]` or `rgb[a](…)`, as antd's tokens give it) is dark:
 * the chart then takes ECharts' dark look. Read from the theme's colours, not from the settings store, so
 * the charts' chunk shares nothing with the entry that the entry would have to split out.
 */
export function isDark(background: string) {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(background)?.[1];
  const rgb = hex
    ? (hex.length < 6
        ? [...hex.slice(0, 3)].map((c) => c + c)
        : [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)]
      ).map((h) => parseInt(h, 16))
    : (/rgba?\(([^)]+)\)/
        .exec(background)?.[1]
        .split(/[\s,/]+/)
        .slice(0, 3)
        .map(Number) ?? [255, 255, 255]);
  const [r, g, b] = rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}

/** A value as the tooltip and the data table show it: at most two decimals. */
export const formatValue = (v: number) => String(Math.round(v * 100) / 100);

/**
 * The ECharts option for a line or stacked bar chart: the series in the console's palette, nulls left
 * as gaps, the limit as a dashed red line with its label (the y axis reaching it), tooltips per bucket,
 * zoom over the buckets (inside always, a slider for long ranges), a legend from two series unless a
 * card's legend toggles them, the picture's download, and the theme's colours.
 */
export function chartOption(kind: ChartKind, data: ChartData, look: ChartLook, text: ChartText): ChartOption {
  const { labels, series, limit, title, hidden } = data;
  const ownLegend = hidden === undefined && series.length > 1;
  const slider = kind === 'line' && labels.length >= SLIDER_FROM;
  const dataMax = Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const axisLabel = { color: look.textSecondary, hideOverlap: true };
  const drawn: (LineSeriesOption | BarSeriesOption)[] = series.map((s, i) =>
    kind === 'line'
      ? {
          type: 'line',
          id: `s${i}`,
          name: s.name,
          data: s.values,
          color: colorOf(i),
          connectNulls: false,
          showSymbol: true,
          symbolSize: 6,
          lineStyle: { width: 2 },
          emphasis: { focus: 'series' },
        }
      : {
          type: 'bar',
          id: `s${i}`,
          name: s.name,
          data: s.values,
          color: colorOf(i),
          stack: 'total',
          barMaxWidth: 32,
          emphasis: { focus: 'series' },
        },
  );
  if (kind === 'line' && limit) {
    // On a series of its own, so the limit stays when the legend hides every line.
    drawn.push({
      type: 'line',
      id: 'limit',
      name: limit.label,
      data: [],
      tooltip: { show: false },
      markLine: {
        silent: true,
        symbol: 'none',
        animation: false,
        lineStyle: { type: 'dashed', color: look.limit, width: 1.5 },
        // At the start: the download button sits over the end.
        label: { formatter: limit.label, position: 'insideStartTop', color: look.limit },
        data: [{ yAxis: limit.value }],
      },
    });
  }
  return {
    backgroundColor: 'transparent',
    animation: look.animation,
    textStyle: { fontFamily: look.fontFamily },
    aria: { enabled: true, label: { description: title } },
    // Room for the axis labels (ECharts 6 shrinks the grid further if they need it), the legend and the
    // download button above, the slider below.
    grid: { left: 40, right: 16, top: ownLegend ? 48 : 40, bottom: slider ? 60 : 28 },
    legend: {
      show: ownLegend,
      type: 'scroll',
      left: 0,
      right: 40,
      top: 0,
      data: series.map((s) => s.name),
      selected: Object.fromEntries(series.map((s) => [s.name, !hidden?.includes(s.name)])),
      textStyle: { color: look.text },
      pageTextStyle: { color: look.textSecondary },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: kind === 'line' ? 'line' : 'shadow' },
      valueFormatter: (v) => (typeof v === 'number' ? formatValue(v) : '-'),
      backgroundColor: look.tooltipBackground,
      borderColor: look.border,
      textStyle: { color: look.text },
    },
    toolbox: {
      right: 4,
      top: 4,
      itemSize: 14,
      iconStyle: { borderColor: look.textSecondary },
      feature: {
        // An SVG picture: with the SVG renderer ECharts saves SVG whatever the type.
        saveAsImage: {
          title: text.saveAsImage,
          name: data.fileName ?? title,
          backgroundColor: look.background,
          excludeComponents: ['toolbox', 'dataZoom'],
        },
      },
    },
    dataZoom: [
      {
        type: 'inside',
        id: 'inside',
        zoomOnMouseWheel: 'ctrl',
        moveOnMouseWheel: false,
        preventDefaultMouseMove: false,
      },
      {
        type: 'slider',
        id: 'slider',
        show: slider,
        height: 20,
        bottom: 4,
        borderColor: look.border,
        textStyle: { color: look.textSecondary },
      },
    ],
    xAxis: {
      type: 'category',
      data: labels,
      boundaryGap: true,
      axisLabel,
      axisLine: { lineStyle: { color: look.border } },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      // The limit in view even when every reading is below it.
      max: limit && limit.value >= dataMax ? niceMax(limit.value) : undefined,
      axisLabel: { ...axisLabel, formatter: (v: number) => formatValue(v) },
      splitLine: { lineStyle: { color: look.border } },
    },
    series: drawn,
  };
}

/** The chart's data as rows for its table: one per bucket that has a value, blank where a series has none. */
export function tableRows({ labels, series }: Pick<ChartData, 'labels' | 'series'>) {
  return labels
    .map((label, i) => ({ label, cells: series.map((s) => s.values[i] ?? null) }))
    .filter((row) => row.cells.some((v) => v !== null));
}
