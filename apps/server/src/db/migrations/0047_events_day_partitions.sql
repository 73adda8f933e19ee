-- Device events in day partitions (issue 36 item 5; decision 0026 step 2), as 0045 did for the telemetry.
-- device_events becomes a table partitioned by range of `at`, one partition a UTC day
-- (device_events_pYYYYMMDD), plus a default one for events outside the days made. Retention drops whole days
-- (no DELETE of a day's passes with their pictures, no vacuum debt) and deletes only what the default holds.
-- A partitioned table's key must hold the partition column: the primary key becomes (id, at), and the writer's
-- resend check `on conflict (id, at)`: a resent event carries the same id and the same device time, so it is
-- still stored once. Reads by id alone are unchanged. No foreign key points at device_events (none to keep).
-- The hourly rollup's and the labour passes' statement triggers move to the new table; rows already stored
-- are copied into their days before the triggers exist (the rollup and labour_passes already hold them).
-- The partition functions of 0045 become one pair for any day-partitioned table, named by its parent; 0045's
-- names stay as wrappers for device_telemetry.
ALTER TABLE device_events RENAME TO device_events_single;
--> statement-breakpoint
ALTER TABLE device_events_single RENAME CONSTRAINT device_events_pkey TO device_events_single_pkey;
--> statement-breakpoint
ALTER INDEX device_events_device_at_idx RENAME TO device_events_single_device_at_idx;
--> statement-breakpoint
ALTER INDEX device_events_at_idx RENAME TO device_events_single_at_idx;
--> statement-breakpoint
ALTER INDEX device_events_pass_person_idx RENAME TO device_events_single_pass_person_idx;
--> statement-breakpoint
DROP TRIGGER device_events_hourly ON device_events_single;
--> statement-breakpoint
DROP TRIGGER device_events_labour_passes ON device_events_single;
--> statement-breakpoint
CREATE TABLE device_events (
  id uuid NOT NULL,
  device_id integer NOT NULL,
  type varchar(32) NOT NULL,
  kind varchar(32) NOT NULL,
  level varchar(16) NOT NULL,
  at timestamp with time zone NOT NULL,
  received_at timestamp with time zone NOT NULL,
  data jsonb NOT NULL,
  picture bytea,
  CONSTRAINT device_events_id_at_pk PRIMARY KEY (id, at)
) PARTITION BY RANGE (at);
--> statement-breakpoint
CREATE INDEX device_events_device_at_idx ON device_events (device_id, at);
--> statement-breakpoint
CREATE INDEX device_events_at_idx ON device_events (at);
--> statement-breakpoint
CREATE INDEX device_events_pass_person_idx ON device_events ((data->>'personId'), at) WHERE kind = 'pass';
--> statement-breakpoint
CREATE TABLE device_events_default PARTITION OF device_events DEFAULT;
--> statement-breakpoint
-- Makes the day partitions of `parent` (parent_pYYYYMMDD) from first_day to last_day (UTC days) that do not
-- exist yet, moving the rows the default partition (parent_default) holds for a day into it first (a partition
-- cannot be attached over rows the default holds). The moved rows go into the new table before it is attached,
-- so the parent's insert triggers do not count them again. Serialised per parent across instances by an
-- advisory lock; answers how many it made.
CREATE FUNCTION day_partitions_ensure(parent text, first_day date, last_day date) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  day date := first_day;
  part text;
  lo timestamptz;
  hi timestamptz;
  made int := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('siteops.day_partitions.' || parent));
  WHILE day <= last_day LOOP
    part := parent || '_p' || to_char(day, 'YYYYMMDD');
    IF to_regclass(part) IS NULL THEN
      lo := day::timestamp AT TIME ZONE 'UTC';
      hi := (day + 1)::timestamp AT TIME ZONE 'UTC';
      EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
      EXECUTE format(
        'WITH moved AS (DELETE FROM %I WHERE at >= %L AND at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
        parent || '_default', lo, hi, part);
      EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lo, hi);
      made := made + 1;
    END IF;
    day := day + 1;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
-- Drops the day partitions of `parent` wholly before `cutoff` and deletes the default partition's rows before
-- it; answers about how many rows went (a dropped day's row count as the planner last estimated it: counting
-- would read it).
CREATE FUNCTION day_partitions_drop(parent text, cutoff timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  part record;
  gone bigint := 0;
  n bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('siteops.day_partitions.' || parent));
  -- Dropping a partition locks the parent for a moment: wait for in-flight inserts, never for minutes.
  PERFORM set_config('lock_timeout', '5s', true);
  FOR part IN
    SELECT c.relname, c.reltuples FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = parent::regclass AND c.relname = parent || '_p' || right(c.relname, 8)
      AND right(c.relname, 8) ~ '^[0-9]{8}$'
      AND (to_date(right(c.relname, 8), 'YYYYMMDD') + 1)::timestamp AT TIME ZONE 'UTC' <= cutoff
  LOOP
    EXECUTE format('DROP TABLE %I', part.relname);
    gone := gone + greatest(part.reltuples, 0)::bigint;
  END LOOP;
  EXECUTE format('DELETE FROM %I WHERE at < %L', parent || '_default', cutoff);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN gone + n;
END $$;
--> statement-breakpoint
-- 0045's names, kept for what calls them by name (the partitions bench, an instance not yet upgraded).
CREATE OR REPLACE FUNCTION telemetry_partitions_ensure(first_day date, last_day date) RETURNS int
LANGUAGE sql AS $$ SELECT day_partitions_ensure('device_telemetry', first_day, last_day) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION telemetry_partitions_drop(cutoff timestamptz) RETURNS bigint
LANGUAGE sql AS $$ SELECT day_partitions_drop('device_telemetry', cutoff) $$;
--> statement-breakpoint
-- The days the stored events span (at most the last 400), through a week ahead.
SELECT day_partitions_ensure('device_events',
  greatest(
    coalesce((SELECT (min(at) AT TIME ZONE 'UTC')::date FROM device_events_single), (now() AT TIME ZONE 'UTC')::date),
    (now() AT TIME ZONE 'UTC')::date - 400),
  (now() AT TIME ZONE 'UTC')::date + 7);
--> statement-breakpoint
INSERT INTO device_events (id, device_id, type, kind, level, at, received_at, data, picture)
  SELECT id, device_id, type, kind, level, at, received_at, data, picture FROM device_events_single;
--> statement-breakpoint
DROP TABLE device_events_single;
--> statement-breakpoint
CREATE TRIGGER device_events_hourly AFTER INSERT ON device_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_hourly_add();
--> statement-breakpoint
CREATE TRIGGER device_events_labour_passes AFTER INSERT ON device_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION labour_passes_add();
