-- Fleet analytics' hourly rollup (issue 14, docs/decisions/0019): added to in the transaction that stores
-- the raw rows, by one statement per INSERT statement (the inserted rows grouped per device and UTC hour),
-- so a late reading lands in its hour at once and an event sent twice (dropped by its id) is not counted.
-- Each hour touched is marked dirty: the analysis reads its per-device rows until the rollup job has added
-- them up again per device group (telemetry_group_hourly, events_group_hourly).
-- Deleting raw rows (retention) leaves the rollup alone: it keeps the history. The limits are DUST_LIMITS
-- (packages/contracts/src/analytics.ts); changing them means rebuilding the rollup (rebuildRollup).
CREATE FUNCTION telemetry_hourly_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO telemetry_hourly AS h (device_id, hour, readings, pm25_n, pm25_sum, pm25_over, pm10_n, pm10_sum,
      pm10_over, noise_n, noise_sum, noise_over, load_n, load_sum, load_max)
    SELECT device_id, date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*),
      count(pm25), coalesce(sum(pm25), 0), count(*) FILTER (WHERE pm25 > 75),
      count(pm10), coalesce(sum(pm10), 0), count(*) FILTER (WHERE pm10 > 150),
      count(noise), coalesce(sum(noise), 0), count(*) FILTER (WHERE noise > 70),
      count(load), coalesce(sum(load), 0), max(load)
    FROM (SELECT device_id, at,
        CASE WHEN jsonb_typeof(data -> 'a34004') = 'number' THEN (data ->> 'a34004')::float8 END AS pm25,
        CASE WHEN jsonb_typeof(data -> 'a34002') = 'number' THEN (data ->> 'a34002')::float8 END AS pm10,
        CASE WHEN jsonb_typeof(data -> 'LA') = 'number' THEN (data ->> 'LA')::float8 END AS noise,
        CASE WHEN jsonb_typeof(data -> 'load') = 'number' THEN (data ->> 'load')::float8 END AS load
      FROM new_rows) r
    GROUP BY 1, 2
    -- One order for every writer: two batches touching the same devices' hours wait, never deadlock.
    ORDER BY 1, 2
  ON CONFLICT (device_id, hour) DO UPDATE SET
    readings = h.readings + excluded.readings,
    pm25_n = h.pm25_n + excluded.pm25_n, pm25_sum = h.pm25_sum + excluded.pm25_sum,
    pm25_over = h.pm25_over + excluded.pm25_over,
    pm10_n = h.pm10_n + excluded.pm10_n, pm10_sum = h.pm10_sum + excluded.pm10_sum,
    pm10_over = h.pm10_over + excluded.pm10_over,
    noise_n = h.noise_n + excluded.noise_n, noise_sum = h.noise_sum + excluded.noise_sum,
    noise_over = h.noise_over + excluded.noise_over,
    load_n = h.load_n + excluded.load_n, load_sum = h.load_sum + excluded.load_sum,
    load_max = greatest(h.load_max, excluded.load_max);
  INSERT INTO rollup_dirty_hours (hour)
    SELECT DISTINCT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM new_rows ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION events_hourly_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events_hourly AS h (device_id, hour, kind, count)
    SELECT device_id, date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', kind, count(*)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (device_id, hour, kind) DO UPDATE SET count = h.count + excluded.count;
  INSERT INTO rollup_dirty_hours (hour)
    SELECT DISTINCT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM new_rows ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER device_telemetry_hourly AFTER INSERT ON device_telemetry
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION telemetry_hourly_add();
--> statement-breakpoint
CREATE TRIGGER device_events_hourly AFTER INSERT ON device_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_hourly_add();
--> statement-breakpoint
-- A device moved to another agent or project (or deleted): its hours are added up per group again.
CREATE FUNCTION rollup_device_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_dirty_hours (hour)
    SELECT hour FROM telemetry_hourly WHERE device_id = OLD.id
    UNION SELECT hour FROM events_hourly WHERE device_id = OLD.id ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_rollup_moved AFTER UPDATE OF agent_id, project_id, type ON devices FOR EACH ROW
  WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id OR OLD.project_id IS DISTINCT FROM NEW.project_id
    OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION rollup_device_moved();
--> statement-breakpoint
CREATE TRIGGER devices_rollup_deleted AFTER DELETE ON devices FOR EACH ROW EXECUTE FUNCTION rollup_device_moved();
--> statement-breakpoint
-- Recounts [from, to) from the raw rows still kept, replacing what the rollup holds there: the backfill below
-- and rebuildRollup (a repair, e.g. after the limits change). It locks out writers of both tables (and
-- another rebuild) until its transaction ends, so no insert is counted twice or lost meanwhile.
CREATE FUNCTION analytics_rollup_rebuild(range_from timestamptz, range_to timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE device_telemetry, device_events IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO rollup_dirty_hours (hour)
    SELECT hour FROM telemetry_hourly WHERE hour >= range_from AND hour < range_to
    UNION SELECT hour FROM events_hourly WHERE hour >= range_from AND hour < range_to
  ON CONFLICT DO NOTHING;
  DELETE FROM telemetry_hourly WHERE hour >= range_from AND hour < range_to;
  DELETE FROM events_hourly WHERE hour >= range_from AND hour < range_to;
  INSERT INTO telemetry_hourly (device_id, hour, readings, pm25_n, pm25_sum, pm25_over, pm10_n, pm10_sum,
      pm10_over, noise_n, noise_sum, noise_over, load_n, load_sum, load_max)
    SELECT device_id, hour, count(*),
      count(pm25), coalesce(sum(pm25), 0), count(*) FILTER (WHERE pm25 > 75),
      count(pm10), coalesce(sum(pm10), 0), count(*) FILTER (WHERE pm10 > 150),
      count(noise), coalesce(sum(noise), 0), count(*) FILTER (WHERE noise > 70),
      count(load), coalesce(sum(load), 0), max(load)
    FROM (SELECT device_id, date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
        CASE WHEN jsonb_typeof(data -> 'a34004') = 'number' THEN (data ->> 'a34004')::float8 END AS pm25,
        CASE WHEN jsonb_typeof(data -> 'a34002') = 'number' THEN (data ->> 'a34002')::float8 END AS pm10,
        CASE WHEN jsonb_typeof(data -> 'LA') = 'number' THEN (data ->> 'LA')::float8 END AS noise,
        CASE WHEN jsonb_typeof(data -> 'load') = 'number' THEN (data ->> 'load')::float8 END AS load
      FROM device_telemetry WHERE at >= range_from AND at < range_to) r
    GROUP BY 1, 2;
  INSERT INTO events_hourly (device_id, hour, kind, count)
    SELECT device_id, date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', kind, count(*)
    FROM device_events WHERE at >= range_from AND at < range_to GROUP BY 1, 2, 3;
  INSERT INTO rollup_dirty_hours (hour)
    SELECT hour FROM telemetry_hourly WHERE hour >= range_from AND hour < range_to
    UNION SELECT hour FROM events_hourly WHERE hour >= range_from AND hour < range_to
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- The rows stored before this migration, once, in the migration's transaction (the job adds them up per
-- group after start).
SELECT analytics_rollup_rebuild('-infinity', 'infinity');
