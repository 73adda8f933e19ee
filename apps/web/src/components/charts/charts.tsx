import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState, type CSSProperties } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { chartOption, formatValue, isDark, tableRows, type ChartData, type ChartKind, type ChartLook } from './option';
import type { ECharts } from './echarts';
import './messages';

export { colorOf, type Series } from './option';

/** What a chart's owner can do with it: its picture as SVG (null until drawn), e.g. for a download menu. */
export interface ChartHandle {
  svg(): Blob | null;
  /** The picture's size in CSS pixels. */
  size(): { width: number; height: number } | null;
}

let library: Promise<typeof import('./echarts')> | undefined;
/** ECharts, fetched once, when the first chart mounts or a page with charts calls it early. */
export const preloadCharts = () => (library ??= import('./echarts'));

const HEIGHT = 260;

/** A data: URL's content as a Blob (ECharts gives its SVG picture as one). */
function blobOf(url: string) {
  const comma = url.indexOf(',');
  const head = url.slice(0, comma);
  const body = url.slice(comma + 1);
  const type = head.slice(5).split(';')[0];
  const text = head.endsWith(';base64')
    ? Uint8Array.from(atob(body), (c) => c.charCodeAt(0))
    : decodeURIComponent(body);
  return new Blob([text], { type });
}

/** Hidden from sight, read by screen readers; every box inside stays 1 px wide, so it never widens the page. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'normal',
};
const NARROW: CSSProperties = { width: 1, maxWidth: 1, tableLayout: 'fixed', wordBreak: 'break-all' };

/** The chart's numbers as a table, for a screen reader (the picture itself is one image named by its title). */
function ChartTable({ kind, data }: { kind: ChartKind; data: ChartData }) {
  const { t } = useTranslation();
  return (
    <div style={VISUALLY_HIDDEN}>
      <table data-chart={kind} style={NARROW}>
        <caption>{t('charts.table', { title: data.title })}</caption>
        <thead>
          <tr>
            <th scope="col">{data.labelName ?? t('charts.bucket')}</th>
            {data.series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tableRows(data).map((row, i) => (
            <tr key={i}>
              <th scope="row">{row.label}</th>
              {row.cells.map((v, j) => (
                <td key={j}>{v === null ? '' : formatValue(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An ECharts chart in a box: created when ECharts has loaded, resized with its box, redrawn when its data,
 * language or theme change, disposed on unmount. Until ECharts arrives the box keeps its height.
 */
const Chart = forwardRef<ChartHandle, ChartData & { kind: ChartKind }>(function Chart({ kind, ...data }, ref) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();

  useEffect(() => {
    let instance: ECharts | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    void preloadCharts().then(({ init }) => {
      if (gone || !box.current) return;
      instance = init(box.current, undefined, { renderer: 'svg' });
      observer = new ResizeObserver(() => instance?.resize());
      observer.observe(box.current);
      setChart(instance);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
      setChart(undefined);
    };
  }, []);

  const { colorText, colorTextSecondary, colorBorderSecondary, colorBgContainer, colorBgElevated } = token;
  const dark = isDark(colorBgContainer);
  const look = useMemo<ChartLook>(
    () => ({
      text: colorText,
      textSecondary: colorTextSecondary,
      border: colorBorderSecondary,
      background: colorBgContainer,
      tooltipBackground: colorBgElevated,
      limit: token.colorError,
      fontFamily: token.fontFamily,
      animation: !reduceMotion,
    }),
    [
      colorText,
      colorTextSecondary,
      colorBorderSecondary,
      colorBgContainer,
      colorBgElevated,
      token.colorError,
      token.fontFamily,
      reduceMotion,
    ],
  );
  const saveAsImage = t('charts.saveAsImage');
  const { labels, series, limit, title, hidden, fileName } = data;
  const option = useMemo(
    () => chartOption(kind, { labels, series, limit, title, hidden, fileName }, look, { saveAsImage }),
    [kind, labels, series, limit, title, hidden, fileName, look, saveAsImage],
  );
  // The theme applied to `chart` (ECharts' own dark or light look under the colours option.ts takes from antd).
  const themed = useRef<{ chart: ECharts; name: string }>(undefined);
  useEffect(() => {
    if (!chart) return;
    const name = dark ? 'dark' : 'default';
    if (themed.current?.chart !== chart || themed.current.name !== name) {
      // setTheme needs an option, and rebuilds the chart from the first one it was given: the current option
      // goes in before and again after.
      if (themed.current?.chart !== chart) chart.setOption(option);
      chart.setTheme(name);
      themed.current = { chart, name };
    }
    // Series replaced, the rest merged: a legend toggle keeps the zoom.
    chart.setOption(option, { replaceMerge: ['series'] });
  }, [chart, dark, option]);

  useImperativeHandle(
    ref,
    () => ({
      svg: () =>
        chart
          ? blobOf(
              chart.getDataURL({
                type: 'svg',
                backgroundColor: colorBgContainer,
                excludeComponents: ['toolbox', 'dataZoom'],
              }),
            )
          : null,
      size: () => (chart ? { width: chart.getWidth(), height: chart.getHeight() } : null),
    }),
    [chart, colorBgContainer],
  );

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={box}
        role="img"
        aria-label={title}
        aria-busy={!chart}
        data-chart-kind={kind}
        style={{ width: '100%', height: HEIGHT }}
      />
      <ChartTable kind={kind} data={data} />
    </div>
  );
});

/** Lines over the buckets: tooltips, zoom, gaps where nothing was reported, an optional limit line. */
export const LineChart = forwardRef<ChartHandle, ChartData>(function LineChart(props, ref) {
  return <Chart ref={ref} kind="line" {...props} />;
});

/** Bars per bucket, stacked, one colour per series. */
export const BarChart = forwardRef<ChartHandle, Omit<ChartData, 'limit'>>(function BarChart(props, ref) {
  return <Chart ref={ref} kind="bar" {...props} />;
});
