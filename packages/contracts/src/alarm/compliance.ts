import { z } from 'zod';
import { nullableRef } from '../shared/row-fields.ts';
import { SHEET_LANGS } from '../device/sheet.ts';
import { rowIdParam } from '../shared/pagination.ts';
import { text } from '../shared/text.ts';

// ---------------------------------------------------------------------------------------------------
// The alarm centre's compliance report (issue 32): per project and month, how the site's dust and noise
// monitors stood against the limits, for the environmental bureau and the site's own file.

/** GB 12523-2011, noise at a construction site's boundary, dB(A): 70 by day, 55 by night. */
export const NATIONAL_NOISE_LIMITS = { day: 70, night: 55 } as const;
/** Day is 06:00 to 22:00 on the project's wall clock; night 22:00 to 06:00, and belongs to the day it starts. */
export const NOISE_DAY_FROM_HOUR = 6;
export const NOISE_DAY_TO_HOUR = 22;

/**
 * The national limits of the particulates a dust monitor reports, µg/m³: GB 3095-2012 grade II 24-hour
 * averages (PM2.5 75, PM10 150, TSP 300), which sites take as their default limit. A project's active
 * alarm rule on the field replaces it.
 */
export const NATIONAL_POLLUTANT_LIMITS: Readonly<Record<string, number>> = { a34004: 75, a34002: 150, a34001: 300 };

/** The project's wall clock when it has none of its own (its labour settings): China Standard Time. */
export const COMPLIANCE_DEFAULT_UTC_OFFSET_MINUTES = 480;

/** The noise field of a dust monitor's readings (LA, filled by Leq and B03 too). */
export const NOISE_FIELD = 'LA';

/** A month of 1970-2999 (a year 0000 is no date the database takes). */
const yearMonth = text()
  .trim()
  .regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, 'month must be a month YYYY-MM');

/** `GET /api/alarm/compliance?projectId=&month=YYYY-MM`. */
export const complianceQuery = z.object({ projectId: rowIdParam(), month: yearMonth });
/** `GET /api/alarm/compliance/export`: the same report as an xlsx in `lang`. */
export const complianceExportQuery = complianceQuery.extend({ lang: z.enum(SHEET_LANGS).default('zh-CN') });

/** Where a limit comes from: an active alarm rule on the device (the narrowest scope), or the national standard. */
export const COMPLIANCE_LIMIT_SOURCES = ['rule', 'national'] as const;

export const complianceLimit = z.object({
  value: z.number(),
  source: z.enum(COMPLIANCE_LIMIT_SOURCES),
  ...nullableRef('rule'),
  /** The rule says ≥: a mean equal to the limit is over it too (otherwise only above it). */
  inclusive: z.boolean(),
});
export type ComplianceLimit = z.infer<typeof complianceLimit>;

/** Readings left out because their data flag was not N (HJ 212: M maintenance, C calibration, D fault…), by flag. */
const flagCounts = z.record(z.string(), z.number());

const hourMean = z.object({
  /** The hour's start (ISO instant). */
  hour: z.string(),
  mean: z.number(),
});

/**
 * One pollutant of one monitor over the month. An exceedance hour is a clock hour whose mean of the
 * normal readings is above the limit.
 */
export const compliancePollutant = z.object({
  deviceId: z.number(),
  field: z.string(),
  name: z.string(),
  unit: z.string(),
  limit: complianceLimit,
  /** Readings with a normal flag that were averaged. */
  readings: z.number(),
  /** Hours with at least one such reading. */
  hours: z.number(),
  exceedanceHours: z.number(),
  /** The month's mean of the normal readings. */
  mean: z.number().nullable(),
  /** The hour with the highest mean. */
  worst: hourMean.nullable(),
  /** Every exceedance hour, oldest first. */
  exceedances: z.array(hourMean),
  flagged: flagCounts,
});
export type CompliancePollutant = z.infer<typeof compliancePollutant>;

/** One day's or night's equivalent level: Leq = 10·log10(mean(10^(L/10))) of its normal readings. */
export const complianceNoisePeriod = z.object({
  leq: z.number(),
  /** The loudest reading. */
  lmax: z.number(),
  readings: z.number(),
  /** Clock hours with readings. */
  hours: z.number(),
  over: z.boolean(),
});
export type ComplianceNoisePeriod = z.infer<typeof complianceNoisePeriod>;

export const complianceNoiseDay = z.object({
  /** The local date (YYYY-MM-DD); its night runs to 06:00 the next morning. */
  date: z.string(),
  day: complianceNoisePeriod.nullable(),
  night: complianceNoisePeriod.nullable(),
});
export type ComplianceNoiseDay = z.infer<typeof complianceNoiseDay>;

/** One monitor's noise over the month: per day the day and night Leq against the limits. */
export const complianceNoise = z.object({
  deviceId: z.number(),
  dayLimit: complianceLimit,
  nightLimit: complianceLimit,
  /** The days with readings, in order. */
  days: z.array(complianceNoiseDay),
  daysOver: z.number(),
  nightsOver: z.number(),
  flagged: flagCounts,
});
export type ComplianceNoise = z.infer<typeof complianceNoise>;

/** HJ 212 period data a monitor computes itself: 2051 minute, 2061 hour, 2031 day. */
export const COMPLIANCE_MONITOR_PERIODS = ['minute', 'hour', 'day'] as const;

/**
 * A monitor's own figures of one code and period over the month (only the codes with a limit). Noise
 * means are energy means. `over`: periods whose average is above the limit of its time (null where no
 * limit applies, e.g. a day's LA, which mixes day and night).
 */
export const complianceMonitorFigure = z.object({
  deviceId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  period: z.enum(COMPLIANCE_MONITOR_PERIODS),
  /** Periods received with a normal flag (or none). */
  count: z.number(),
  /** Periods left out for their flag. */
  flagged: z.number(),
  mean: z.number().nullable(),
  /** The highest period average, and when its period started. */
  maxAvg: z.number().nullable(),
  maxAt: z.string().nullable(),
  /** The highest maximum the monitor reported. */
  peak: z.number().nullable(),
  over: z.number().nullable(),
});
export type ComplianceMonitorFigure = z.infer<typeof complianceMonitorFigure>;

export const complianceReport = z.object({
  project: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  month: z.string(),
  /** The project's wall clock, minutes east of UTC: its days, nights and month. */
  utcOffsetMinutes: z.number(),
  /** The month as instants [from, to). */
  from: z.string(),
  to: z.string(),
  /**
   * Raw readings are kept for a number of days (TELEMETRY_RETENTION_DAYS): when this falls inside the
   * month, readings before it are gone, so noise, TSP and flag counts start here (PM2.5 and PM10 come
   * from the hourly rollup, which keeps its history longer). Null when the whole month is kept.
   */
  readingsKeptFrom: z.string().nullable(),
  /** The project's dust monitors in the caller's scope. */
  devices: z.array(z.object({ id: z.number(), sn: z.string(), name: z.string().nullable() })),
  pollutants: z.array(compliancePollutant),
  noise: z.array(complianceNoise),
  monitor: z.array(complianceMonitorFigure),
});
export type ComplianceReport = z.infer<typeof complianceReport>;
