import { doublePrecision, index, integer, pgTable, primaryKey, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** The sums and counts a rollup row holds for its telemetry (per device, or per device group). */
const telemetrySums = {
  readings: integer('readings').notNull().default(0),
  pm25N: integer('pm25_n').notNull().default(0),
  pm25Sum: doublePrecision('pm25_sum').notNull().default(0),
  pm25Over: integer('pm25_over').notNull().default(0),
  pm10N: integer('pm10_n').notNull().default(0),
  pm10Sum: doublePrecision('pm10_sum').notNull().default(0),
  pm10Over: integer('pm10_over').notNull().default(0),
  noiseN: integer('noise_n').notNull().default(0),
  noiseSum: doublePrecision('noise_sum').notNull().default(0),
  noiseOver: integer('noise_over').notNull().default(0),
  loadN: integer('load_n').notNull().default(0),
  loadSum: doublePrecision('load_sum').notNull().default(0),
  loadMax: doublePrecision('load_max'),
};

/**
 * A device group as the analytics count it: everything scope and the filters look at (agent, project,
 * type), so a group is wholly in or out of a caller's scope.
 */
const deviceGroupColumns = () => ({
  agentId: integer('agent_id'),
  projectId: integer('project_id'),
  type: varchar('type', { length: 32 }).notNull(),
});

/**
 * Fleet analytics' hourly rollup of `device_telemetry` (issue 14, decision 0020): per device and UTC
 * hour, the readings and, per field the analysis reads, how many were numbers, their sum and how many
 * were above DUST_LIMITS — sums and counts, never averages, so hours add up into any bucket. Kept by the
 * statement triggers of migration 0023 in the transaction that stores the rows (late readings included),
 * never by pruning: it outlives the raw rows (ANALYTICS_RETENTION_DAYS). No foreign key, like the raw table.
 */
export const telemetryHourly = pgTable(
  'telemetry_hourly',
  {
    deviceId: integer('device_id').notNull(),
    hour: timestamptz('hour').notNull(),
    ...telemetrySums,
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.hour] }), index('telemetry_hourly_hour_idx').on(t.hour)],
);

/** `device_events` per device, UTC hour and kind (passes, alarms, every other kind): the count. */
export const eventsHourly = pgTable(
  'events_hourly',
  {
    deviceId: integer('device_id').notNull(),
    hour: timestamptz('hour').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.hour, t.kind] }), index('events_hourly_hour_idx').on(t.hour)],
);

/**
 * The second level, for long ranges: telemetry_hourly added up per UTC hour and device group (agent,
 * project, type: everything scope and the filters look at), by the rollup job (rollup.ts) for hours no
 * longer in rollup_dirty_hours. A group is wholly in or out of a caller's scope.
 */
export const telemetryGroupHourly = pgTable(
  'telemetry_group_hourly',
  {
    hour: timestamptz('hour').notNull(),
    ...deviceGroupColumns(),
    ...telemetrySums,
  },
  (t) => [index('telemetry_group_hourly_hour_idx').on(t.hour)],
);

/** events_hourly per UTC hour, device group and kind: the count. */
export const eventsGroupHourly = pgTable(
  'events_group_hourly',
  {
    hour: timestamptz('hour').notNull(),
    ...deviceGroupColumns(),
    kind: varchar('kind', { length: 32 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [index('events_group_hourly_hour_idx').on(t.hour)],
);

/**
 * Hours whose per-device rows changed (new or late rows, a device moved to another agent, project or
 * type, a rebuild) since the job last added them up per group: the analysis reads the per-device rows
 * for these, so it is exact before the job catches up.
 */
export const rollupDirtyHours = pgTable('rollup_dirty_hours', {
  hour: timestamptz('hour').primaryKey(),
});

/**
 * Presence history (issues 13 and 14): every 5 minutes, per device group (agent, project, type), how many
 * devices there were and how many were online (samplePresence). Groups rather than devices, so the size
 * is groups × 288 a day whatever the fleet's size (decision 0020). One row per slot and group even when
 * several instances sample: the unique key treats a missing agent or project as a value (NULLS NOT
 * DISTINCT, PostgreSQL 15), and the sampler inserts with ON CONFLICT DO NOTHING. Its first column, the
 * slot, also serves the analysis' range reads and the retention.
 */
export const presenceSamples = pgTable(
  'presence_samples',
  {
    /** The 5-minute slot's start (UTC). */
    slot: timestamptz('slot').notNull(),
    ...deviceGroupColumns(),
    devices: integer('devices').notNull(),
    online: integer('online').notNull(),
  },
  (t) => [unique('presence_samples_slot_group_key').on(t.slot, t.agentId, t.projectId, t.type).nullsNotDistinct()],
);
