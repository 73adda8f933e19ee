import { forwardRef, type ReactNode } from 'react';
import { theme } from 'antd';

/** One named line or bar stack part: a value per bucket (null: nothing reported then). */
export interface Series {
  name: string;
  values: (number | null)[];
}

interface ChartProps {
  /** x labels, one per bucket. */
  labels: string[];
  series: Series[];
  /** A dashed horizontal line (a limit) and its label. */
  limit?: { value: number; label: string };
  title: string;
}

const W = 640;
const H = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#a0d911'];
export const colorOf = (i: number) => PALETTE[i % PALETTE.length];

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number) {
  if (value <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * p >= value) ?? 10) * p;
}
const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

function Axes({ labels, max }: { labels: string[]; max: number }) {
  const { token } = theme.useToken();
  const every = Math.max(1, Math.ceil(labels.length / 6));
  const step = PLOT_W / Math.max(1, labels.length);
  return (
    <g fontSize={11} fill={token.colorTextSecondary}>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line
            x1={PAD.left}
            x2={PAD.left + PLOT_W}
            y1={PAD.top + PLOT_H * (1 - f)}
            y2={PAD.top + PLOT_H * (1 - f)}
            stroke={token.colorBorderSecondary}
          />
          <text x={PAD.left - 4} y={PAD.top + PLOT_H * (1 - f) + 4} textAnchor="end">
            {fmt(max * f)}
          </text>
        </g>
      ))}
      {labels.map((l, i) =>
        i % every === 0 ? (
          <text key={l + i} x={PAD.left + step * (i + 0.5)} y={H - 8} textAnchor="middle">
            {l}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** The picture both charts draw in: named `title` for a screen reader, with axes up to `max` under the marks. */
const ChartFrame = forwardRef<SVGSVGElement, { title: string; labels: string[]; max: number; children: ReactNode }>(
  function ChartFrame({ title, labels, max, children }, ref) {
    return (
      <svg
        ref={ref}
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={title}
        xmlns="http://www.w3.org/2000/svg"
      >
        <Axes labels={labels} max={max} />
        {children}
      </svg>
    );
  },
);

/**
 * Hand-drawn SVG (no chart library: the console has none, and these few shapes cost less than one).
 * Every point carries a <title> with its series, bucket and value: a tooltip, and what a screen reader
 * and a test read.
 */
export const LineChart = forwardRef<SVGSVGElement, ChartProps>(function LineChart(
  { labels, series, limit, title },
  ref,
) {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = niceMax(Math.max(...values, limit?.value ?? 0));
  const step = PLOT_W / Math.max(1, labels.length);
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const y = (v: number) => PAD.top + PLOT_H * (1 - v / max);
  return (
    <ChartFrame ref={ref} title={title} labels={labels} max={max}>
      {limit && (
        <g>
          <line
            x1={PAD.left}
            x2={PAD.left + PLOT_W}
            y1={y(limit.value)}
            y2={y(limit.value)}
            stroke="#ff4d4f"
            strokeDasharray="6 4"
          />
          <text x={PAD.left + PLOT_W} y={y(limit.value) - 4} textAnchor="end" fontSize={11} fill="#ff4d4f">
            {limit.label}
          </text>
        </g>
      )}
      {series.map((s, si) => {
        // A gap where nothing was reported: a new segment after each null.
        const path = s.values
          .map((v, i) => (v === null ? '' : `${i === 0 || s.values[i - 1] === null ? 'M' : 'L'}${x(i)},${y(v)}`))
          .join(' ');
        return (
          <g key={s.name} data-series={s.name}>
            <path d={path} fill="none" stroke={colorOf(si)} strokeWidth={2} />
            {s.values.map((v, i) =>
              v === null ? null : (
                <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={colorOf(si)}>
                  <title>{`${s.name} · ${labels[i]}: ${fmt(v)}`}</title>
                </circle>
              ),
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
});

/** Stacked bars per bucket, one colour per series. */
export const BarChart = forwardRef<SVGSVGElement, ChartProps>(function BarChart({ labels, series, title }, ref) {
  const totals = labels.map((_, i) => series.reduce((n, s) => n + (s.values[i] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  const step = PLOT_W / Math.max(1, labels.length);
  const barW = Math.max(1, step * 0.7);
  return (
    <ChartFrame ref={ref} title={title} labels={labels} max={max}>
      {labels.map((label, i) => {
        let base = 0;
        return (
          <g key={label + i}>
            {series.map((s, si) => {
              const v = s.values[i] ?? 0;
              if (!v) return null;
              const h = (PLOT_H * v) / max;
              base += h;
              return (
                <rect
                  key={s.name}
                  x={PAD.left + step * i + (step - barW) / 2}
                  y={PAD.top + PLOT_H - base}
                  width={barW}
                  height={h}
                  fill={colorOf(si)}
                >
                  <title>{`${s.name} · ${label}: ${fmt(v)}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
    </ChartFrame>
  );
});
