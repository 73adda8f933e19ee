import { z } from 'zod';
import { DEVICE_TYPES } from './device-protocol.ts';
import { SHEET_LANGS } from './device.ts';
import { instant, rowIdParam } from './pagination.ts';

/**
 * Fleet analytics (spec 2 "multi-dimension analysis", bound to the stored telemetry and events): dust
 * averages and exceedances by project, lifting load and alarms, face-terminal passes and events by kind,
 * per time bucket, in the caller's device scope. Presence is not stored over time (only the current
 * state), so there is no online-rate series.
 */

/** Longest range one analysis covers: telemetry is kept 30 days (TELEMETRY_RETENTION_DAYS). */
export const ANALYTICS_MAX_DAYS = 31;
export const ANALYTICS_BUCKETS = ['hour', 'day'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
export const ANALYTICS_CHARTS = ['dust', 'lifting', 'passes', 'events'] as const;
export type AnalyticsChart = (typeof ANALYTICS_CHARTS)[number];

/**
 * A reading above these counts as an exceedance: PM2.5 and PM10 the GB 3095-2012 grade II daily limits
 * (PM10 150 is also the limit the dust monitors raise `overLimit` at), noise the GB 12523-2011 daytime
 * limit for construction sites. Migration 0023's rollup triggers copy them (docs/decisions/0020): a change
 * needs a migration that replaces those functions and rebuilds the rollup.
 */
export const DUST_LIMITS = { a34004: 75, a34002: 150, LA: 70 } as const;

const filters = z.object({
  from: instant,
  to: instant,
  bucket: z.enum(ANALYTICS_BUCKETS).default('hour'),
  /** Minutes east of UTC of the viewer: buckets start at its midnight and on its hours. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
  projectId: rowIdParam().optional(),
  agentId: rowIdParam().optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
});
type Filters = z.infer<typeof filters>;

function checkRange(q: Filters, ctx: z.RefinementCtx) {
  // zod runs this even when a field failed (its issue is already there): judge only what parsed.
  const parsed = q.from instanceof Date && q.to instanceof Date;
  if (parsed && q.to.getTime() <= q.from.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
  } else if (parsed && q.to.getTime() - q.from.getTime() > ANALYTICS_MAX_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `to is at most ${ANALYTICS_MAX_DAYS} days after from` });
  }
}

/** `GET /api/analytics/fleet`. */
export const analyticsQuery = filters.superRefine(checkRange);
export type AnalyticsQuery = z.input<typeof analyticsQuery>;
/** `GET /api/analytics/export`: one chart's data as an xlsx in `lang`. */
export const analyticsExportQuery = filters
  .extend({ chart: z.enum(ANALYTICS_CHARTS), lang: z.enum(SHEET_LANGS).default('zh-CN') })
  .superRefine(checkRange);

const num = z.number().nullable();
export const dustPoint = z.object({
  /** Bucket start (ISO). */
  at: z.string(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  readings: z.number(),
  pm25: num,
  pm10: num,
  noise: num,
  pm25Over: z.number(),
  pm10Over: z.number(),
  noiseOver: z.number(),
});
export const liftingPoint = z.object({
  at: z.string(),
  deviceType: z.enum(['towerCrane', 'elevator']),
  readings: z.number(),
  /** Crane load in t, elevator load in kg, as the devices report it. */
  avgLoad: num,
  maxLoad: num,
  alarms: z.number(),
});
export const countPoint = z.object({ at: z.string(), count: z.number() });
export const eventPoint = z.object({ at: z.string(), deviceType: z.string(), kind: z.string(), count: z.number() });

export const analyticsAnswer = z.object({
  /** Every bucket start of the range, oldest first: the x axis, with no gaps. */
  buckets: z.array(z.string()),
  dust: z.array(dustPoint),
  lifting: z.array(liftingPoint),
  /** Face-terminal passes (`pass` events of face and towerElevatorFace devices). */
  passes: z.array(countPoint),
  /** Every other event, by device type and kind. */
  events: z.array(eventPoint),
});
export type AnalyticsAnswer = z.infer<typeof analyticsAnswer>;
export type DustPoint = z.infer<typeof dustPoint>;
export type LiftingPoint = z.infer<typeof liftingPoint>;
