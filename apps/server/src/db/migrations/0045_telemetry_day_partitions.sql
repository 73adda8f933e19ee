-- Telemetry in day partitions (issue 36 item 5; decision 0026 step 2). device_telemetry becomes a table
-- partitioned by range of `at`, one partition a UTC day (device_telemetry_pYYYYMMDD), plus a default one for
-- readings outside the days made (a clock far off, rows written by hand). Retention drops whole days (no
-- DELETE of millions of rows an hour, no vacuum debt) and deletes only what the default partition holds.
-- The same columns and indexes, so every reader and the writer are unchanged; the hourly rollup trigger
-- moves to the new table. Rows already stored are copied into their days (the rollup already counted them).
ALTER TABLE device_telemetry RENAME TO device_telemetry_single;
--> statement-breakpoint
ALTER INDEX device_telemetry_device_at_idx RENAME TO device_telemetry_single_device_at_idx;
--> statement-breakpoint
ALTER INDEX device_telemetry_at_idx RENAME TO device_telemetry_single_at_idx;
--> statement-breakpoint
DROP TRIGGER device_telemetry_hourly ON device_telemetry_single;
--> statement-breakpoint
CREATE TABLE device_telemetry (
  device_id integer NOT NULL,
  at timestamp with time zone NOT NULL,
  data jsonb NOT NULL,
  flags jsonb
) PARTITION BY RANGE (at);
--> statement-breakpoint
CREATE INDEX device_telemetry_device_at_idx ON device_telemetry (device_id, at);
--> statement-breakpoint
CREATE INDEX device_telemetry_at_idx ON device_telemetry (at);
--> statement-breakpoint
CREATE TABLE device_telemetry_default PARTITION OF device_telemetry DEFAULT;
--> statement-breakpoint
-- Makes the day partitions from first_day to last_day (UTC days) that do not exist yet, moving the rows the
-- default partition holds for a day into it first (a partition cannot be made over rows the default holds).
-- Serialised across instances by an advisory lock; answers how many it made.
CREATE FUNCTION telemetry_partitions_ensure(first_day date, last_day date) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  day date := first_day;
  part text;
  lo timestamptz;
  hi timestamptz;
  made int := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('siteops.telemetry_partitions'));
  WHILE day <= last_day LOOP
    part := 'device_telemetry_p' || to_char(day, 'YYYYMMDD');
    IF to_regclass(part) IS NULL THEN
      lo := day::timestamp AT TIME ZONE 'UTC';
      hi := (day + 1)::timestamp AT TIME ZONE 'UTC';
      EXECUTE format('CREATE TABLE %I (LIKE device_telemetry INCLUDING DEFAULTS)', part);
      EXECUTE format(
        'WITH moved AS (DELETE FROM device_telemetry_default WHERE at >= %L AND at < %L RETURNING device_id, at, data, flags)
         INSERT INTO %I SELECT * FROM moved', lo, hi, part);
      EXECUTE format('ALTER TABLE device_telemetry ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
      made := made + 1;
    END IF;
    day := day + 1;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
-- Drops the day partitions wholly before `cutoff` and deletes the default partition's rows before it; answers
-- about how many rows went (a dropped day's row count as the planner last estimated it: counting would read it).
CREATE FUNCTION telemetry_partitions_drop(cutoff timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  part record;
  gone bigint := 0;
  n bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('siteops.telemetry_partitions'));
  -- Dropping a partition locks the parent for a moment: wait for in-flight inserts, never for minutes.
  PERFORM set_config('lock_timeout', '5s', true);
  FOR part IN
    SELECT c.relname, c.reltuples FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'device_telemetry'::regclass AND c.relname ~ '^device_telemetry_p[0-9]{8}$'
      AND (to_date(substr(c.relname, 19), 'YYYYMMDD') + 1)::timestamp AT TIME ZONE 'UTC' <= cutoff
  LOOP
    EXECUTE format('DROP TABLE %I', part.relname);
    gone := gone + greatest(part.reltuples, 0)::bigint;
  END LOOP;
  DELETE FROM device_telemetry_default WHERE at < cutoff;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN gone + n;
END $$;
--> statement-breakpoint
-- The days the stored rows span (at most the last 400), through a week ahead.
SELECT telemetry_partitions_ensure(
  greatest(
    coalesce((SELECT (min(at) AT TIME ZONE 'UTC')::date FROM device_telemetry_single), (now() AT TIME ZONE 'UTC')::date),
    (now() AT TIME ZONE 'UTC')::date - 400),
  (now() AT TIME ZONE 'UTC')::date + 7);
--> statement-breakpoint
INSERT INTO device_telemetry (device_id, at, data, flags)
  SELECT device_id, at, data, flags FROM device_telemetry_single;
--> statement-breakpoint
DROP TABLE device_telemetry_single;
--> statement-breakpoint
CREATE TRIGGER device_telemetry_hourly AFTER INSERT ON device_telemetry
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION telemetry_hourly_add();
