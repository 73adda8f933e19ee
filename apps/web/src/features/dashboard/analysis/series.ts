import type { AnalyticsAnswer, DustPoint, PresencePoint, UptimeRow } from '@siteops/contracts/analytics/schemas';
import type { Series } from '@/components/charts/charts';

export const DUST_METRICS = ['pm25', 'pm10', 'noise'] as const;
export type DustMetric = (typeof DUST_METRICS)[number];
/** The reading field behind each metric, for its limit (DUST_LIMITS). */
export const DUST_FIELD = { pm25: 'a34004', pm10: 'a34002', noise: 'LA' } as const;
const OVER = { pm25: 'pm25Over', pm10: 'pm10Over', noise: 'noiseOver' } as const;

/**
 * The answer's sparse rows laid on its buckets, one series per key: the server aggregates, the page only
 * places each row at its bucket's index.
 */
function place<R extends { at: string }>(
  buckets: string[],
  rows: R[],
  keyOf: (r: R) => string,
  valueOf: (r: R) => number | null,
  empty: number | null,
): Series[] {
  const index = new Map(buckets.map((b, i) => [b, i]));
  const byKey = new Map<string, (number | null)[]>();
  for (const r of rows) {
    const i = index.get(r.at);
    if (i === undefined) continue;
    const key = keyOf(r);
    if (!byKey.has(key))
      byKey.set(
        key,
        buckets.map(() => empty),
      );
    byKey.get(key)![i] = valueOf(r);
  }
  return [...byKey].map(([name, values]) => ({ name, values }));
}

const projectOf = (noProject: string) => (r: DustPoint) => r.projectName ?? noProject;

export function dustSeries(a: AnalyticsAnswer, metric: DustMetric, noProject: string) {
  return {
    averages: place(a.buckets, a.dust, projectOf(noProject), (r) => r[metric], null),
    exceedances: place(a.buckets, a.dust, projectOf(noProject), (r) => r[OVER[metric]], 0),
  };
}

export function liftingSeries(a: AnalyticsAnswer, typeName: (type: string) => string) {
  return {
    load: place(
      a.buckets,
      a.lifting,
      (r) => typeName(r.deviceType),
      (r) => r.avgLoad,
      null,
    ),
    alarms: place(
      a.buckets,
      a.lifting,
      (r) => typeName(r.deviceType),
      (r) => r.alarms,
      0,
    ),
  };
}

export const passSeries = (a: AnalyticsAnswer, name: string) =>
  place(
    a.buckets,
    a.passes,
    () => name,
    (r) => r.count,
    0,
  );

export const eventSeries = (a: AnalyticsAnswer, nameOf: (type: string, kind: string) => string) =>
  place(
    a.buckets,
    a.events,
    (r) => nameOf(r.deviceType, r.kind),
    (r) => r.count,
    0,
  );

/** What a presence row's dimension value is called: a device type's label, a project's or agent's name. */
export type PresenceNameOf = (r: Pick<PresencePoint, 'group' | 'groupName'>) => string;

/** One online-rate line per dimension value, a gap where it had no samples. */
export const presenceSeries = (a: AnalyticsAnswer, nameOf: PresenceNameOf) =>
  place(a.buckets, a.presence, nameOf, (r) => r.onlinePct, null);

/** Uptime per dimension value as one bar series over the values, and the value with the lowest. */
export function uptimeBars(a: AnalyticsAnswer, nameOf: PresenceNameOf, seriesName: string) {
  const lowest = a.uptime.reduce<UptimeRow | null>((low, r) => (!low || r.uptimePct < low.uptimePct ? r : low), null);
  return {
    labels: a.uptime.map(nameOf),
    series: [{ name: seriesName, values: a.uptime.map((r) => r.uptimePct) }],
    lowest: lowest && { name: nameOf(lowest), pct: lowest.uptimePct, devices: lowest.devices },
  };
}

/** Sum of every value of every series (a chart's total). */
export const total = (series: Series[]) =>
  series.reduce((n, s) => n + s.values.reduce<number>((m, v) => m + (v ?? 0), 0), 0);
