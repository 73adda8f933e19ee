import { z } from 'zod';
import { nullableRef } from '../shared/row-fields.ts';
import { DEVICE_TYPES } from '../device-protocol.ts';
import { SHEET_LANGS } from '../device/sheet.ts';
import { checkInstantRange, instant, rowIdParam } from '../shared/pagination.ts';

/**
 * Fleet analytics (spec 2 "multi-dimension analysis", bound to the stored telemetry and events): dust
 * averages and exceedances by project, lifting load and alarms, face-terminal passes and events by kind,
 * per time bucket, in the caller's device scope; and the online rate over time and each dimension value's
 * uptime, from the 5-minute presence samples per device group (decision 0020).
 */

/** Longest range one analysis covers: telemetry is kept 30 days (TELEMETRY_RETENTION_DAYS). */
export const ANALYTICS_MAX_DAYS = 31;
const ANALYTICS_BUCKETS = ['hour', 'day'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
const ANALYTICS_CHARTS = ['dust', 'lifting', 'passes', 'events', 'presence'] as const;
/** What the online rate is broken down by: one line (and one uptime) per device type, project or agent. */
const PRESENCE_DIMENSIONS = ['deviceType', 'project', 'agent'] as const;
export type PresenceDimension = (typeof PRESENCE_DIMENSIONS)[number];
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
  presenceBy: z.enum(PRESENCE_DIMENSIONS).default('deviceType'),
});
type Filters = z.infer<typeof filters>;

const checkRange = (q: Filters, ctx: z.RefinementCtx) => checkInstantRange(q, ctx, ANALYTICS_MAX_DAYS);

/** `GET /api/analytics/fleet`. */
export const analyticsQuery = filters.superRefine(checkRange);
export type AnalyticsQuery = z.input<typeof analyticsQuery>;
/** `GET /api/analytics/export`: one chart's data as an xlsx in `lang`. */
export const analyticsExportQuery = filters
  .extend({ chart: z.enum(ANALYTICS_CHARTS), lang: z.enum(SHEET_LANGS).default('zh-CN') })
  .superRefine(checkRange);

const num = z.number().nullable();
const dustPoint = z.object({
  /** Bucket start (ISO). */
  at: z.string(),
  ...nullableRef('project'),
  readings: z.number(),
  pm25: num,
  pm10: num,
  noise: num,
  pm25Over: z.number(),
  pm10Over: z.number(),
  noiseOver: z.number(),
});
const liftingPoint = z.object({
  at: z.string(),
  deviceType: z.enum(['towerCrane', 'elevator']),
  readings: z.number(),
  /** Crane load in t, elevator load in kg, as the devices report it. */
  avgLoad: num,
  maxLoad: num,
  alarms: z.number(),
});
const countPoint = z.object({ at: z.string(), count: z.number() });
const eventPoint = z.object({ at: z.string(), deviceType: z.string(), kind: z.string(), count: z.number() });

/**
 * One dimension value: `group` is the device type, or the project's or agent's id as text (null: devices
 * of no project or agent); `groupName` the project's or agent's name (null for a device type, or none).
 */
const presenceGroup = { group: z.string().nullable(), groupName: z.string().nullable() };
const presencePoint = z.object({
  at: z.string(),
  ...presenceGroup,
  /** Online share of the bucket's samples in percent (sum of online / sum of devices), one decimal. */
  onlinePct: z.number(),
});
const uptimeRow = z.object({
  ...presenceGroup,
  /** Online share of every sample of the range in percent: the average online ratio. */
  uptimePct: z.number(),
  /** Devices of this value in its latest sample of the range. */
  devices: z.number(),
});

export const analyticsAnswer = z.object({
  /** Every bucket start of the range, oldest first: the x axis, with no gaps. */
  buckets: z.array(z.string()),
  dust: z.array(dustPoint),
  lifting: z.array(liftingPoint),
  /** Face-terminal passes (`pass` events of face and towerElevatorFace devices). */
  passes: z.array(countPoint),
  /** Every other event, by device type and kind. */
  events: z.array(eventPoint),
  /** Online rate per bucket and `presenceBy` value; empty before the first sample. */
  presence: z.array(presencePoint),
  /** Uptime over the range per `presenceBy` value. */
  uptime: z.array(uptimeRow),
});
export type AnalyticsAnswer = z.infer<typeof analyticsAnswer>;
export type DustPoint = z.infer<typeof dustPoint>;
export type PresencePoint = z.infer<typeof presencePoint>;
export type UptimeRow = z.infer<typeof uptimeRow>;
