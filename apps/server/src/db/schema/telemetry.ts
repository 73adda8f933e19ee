import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Every telemetry message of every device, for charts: one row per message (the fields it carried as
 * jsonb), pruned after TELEMETRY_RETENTION_DAYS. No foreign key to devices: a batch must never fail
 * because a device was deleted a moment before (the rows are pruned with the rest).
 */
export const deviceTelemetry = pgTable(
  'device_telemetry',
  {
    deviceId: integer('device_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, number | boolean | string>>().notNull(),
    /**
     * Field -> data flag (HJ 212: N normal, F stopped, M maintenance, S manual, D fault, C calibration,
     * T over range, B communication fault) for the fields that had one; null when none did. A value
     * flagged anything but N is shown, never counted: no alarm, no analytics average (migration 0034).
     */
    flags: jsonb('flags').$type<Record<string, string>>(),
  },
  (t) => [index('device_telemetry_device_at_idx').on(t.deviceId, t.at), index('device_telemetry_at_idx').on(t.at)],
);

/**
 * Device events (passes, alarms, plates, ...), in UTC day partitions by `at` like the telemetry (migration
 * 0047). The id is the device's UUID; the key is (id, at) because a partitioned table's key must hold the
 * partition column, and an event sent again after a reconnect carries both again, so it is stored once.
 * The picture stays here, out of every list query.
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: uuid('id').notNull(),
    deviceId: integer('device_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    level: varchar('level', { length: 16 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    picture: bytea('picture'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('device_events_device_at_idx').on(t.deviceId, t.at),
    index('device_events_at_idx').on(t.at),
    // A visitor's passes (its info modal, the pass-record list by visitor) without reading every event.
    index('device_events_pass_person_idx')
      .on(sql`(${t.data}->>'personId')`, t.at)
      .where(sql`${t.kind} = 'pass'`),
  ],
);

export type DeviceEventRow = typeof deviceEvents.$inferSelect;

/**
 * An HJ 212 monitor's own period statistics (2051 minute, 2061 hour, 2031 day data): per code the
 * average, minimum, maximum and total (Cou) it computed, with its data flag, at the period's start. What
 * a compliance report shows as the monitor's figures; pruned with the telemetry (TELEMETRY_RETENTION_DAYS).
 * A period sent again (the unit resends after a reconnect) replaces the stored one.
 */
export const hj212Aggregates = pgTable(
  'hj212_aggregates',
  {
    deviceId: integer('device_id').notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    avg: doublePrecision('avg'),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    cou: doublePrecision('cou'),
    flag: varchar('flag', { length: 2 }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.period, t.at, t.code] }), index('hj212_aggregates_at_idx').on(t.at)],
);
