import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { affectedOf, rowsOf } from '../db/rows.ts';

/** The tables kept in UTC day partitions (`<table>_pYYYYMMDD` and `<table>_default`; migrations 0045, 0047). */
const DAY_PARTITIONED = ['device_telemetry', 'device_events'] as const;
type DayPartitioned = (typeof DAY_PARTITIONED)[number];

/** How many days ahead the day partitions are made (the hourly job keeps them so). */
const PARTITION_DAYS_AHEAD = 7;

/**
 * A day-partitioned table's rows older than `days`, by whole UTC days: the day partitions wholly before the
 * cutoff are dropped, so a row is kept up to a day past its retention; rows in the default partition go
 * exactly. Answers about how many rows went (a dropped day counts as the planner last estimated it).
 */
async function dropDaysBefore(db: Db, table: DayPartitioned, days: number): Promise<number> {
  const [dropped] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select day_partitions_drop(${table}, now() - make_interval(days => ${days}::int)) as n`),
  );
  return Number(dropped?.n ?? 0);
}

/**
 * Telemetry older than `days` goes, by whole UTC days (dropDaysBefore). HJ 212 monitors' period data goes
 * with it. Answers about how many rows went.
 */
export async function pruneTelemetry(db: Db, days: number): Promise<number> {
  const dropped = await dropDaysBefore(db, 'device_telemetry', days);
  const aggregates = await db.execute(
    sql`delete from hj212_aggregates where at < now() - make_interval(days => ${days}::int)`,
  );
  return dropped + affectedOf(aggregates);
}

/** The day partitions of telemetry and events from yesterday through a week ahead, made where missing. */
export async function ensureDayPartitions(db: Db): Promise<number> {
  let made = 0;
  for (const table of DAY_PARTITIONED) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select day_partitions_ensure(${table},
        (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + ${PARTITION_DAYS_AHEAD}::int) as n`),
    );
    made += row?.n ?? 0;
  }
  return made;
}

/**
 * Device events (access passes with their face pictures, alarms) older than `days` by the device's time, by
 * whole UTC days (dropDaysBefore): personal data is kept no longer than it is useful, and the table does not
 * grow for ever. Answers about how many rows went.
 */
export async function pruneEvents(db: Db, days: number): Promise<number> {
  return dropDaysBefore(db, 'device_events', days);
}
