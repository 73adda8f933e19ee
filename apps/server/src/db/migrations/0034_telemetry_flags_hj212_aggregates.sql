CREATE TABLE "hj212_aggregates" (
	"device_id" integer NOT NULL,
	"period" varchar(8) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" varchar(32) NOT NULL,
	"avg" double precision,
	"min" double precision,
	"max" double precision,
	"cou" double precision,
	"flag" varchar(2),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hj212_aggregates_device_id_period_at_code_pk" PRIMARY KEY("device_id","period","at","code")
);
--> statement-breakpoint
ALTER TABLE "device_telemetry" ADD COLUMN "flags" jsonb;--> statement-breakpoint
CREATE INDEX "hj212_aggregates_at_idx" ON "hj212_aggregates" USING btree ("at");
--> statement-breakpoint
-- Values whose data flag (HJ 212) is anything but N are left out of the hourly sums and exceedance counts:
-- a reading taken during calibration or maintenance is no measurement. The functions of 0023, with that test.
CREATE OR REPLACE FUNCTION telemetry_hourly_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO telemetry_hourly AS h (device_id, hour, readings, pm25_n, pm25_sum, pm25_over, pm10_n, pm10_sum,
      pm10_over, noise_n, noise_sum, noise_over, load_n, load_sum, load_max)
    SELECT device_id, date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*),
      count(pm25), coalesce(sum(pm25), 0), count(*) FILTER (WHERE pm25 > 75),
      count(pm10), coalesce(sum(pm10), 0), count(*) FILTER (WHERE pm10 > 150),
      count(noise), coalesce(sum(noise), 0), count(*) FILTER (WHERE noise > 70),
      count(load), coalesce(sum(load), 0), max(load)
    FROM (SELECT device_id, at,
        CASE WHEN jsonb_typeof(data -> 'a34004') = 'number' AND coalesce(flags ->> 'a34004', 'N') = 'N' THEN (data ->> 'a34004')::float8 END AS pm25,
        CASE WHEN jsonb_typeof(data -> 'a34002') = 'number' AND coalesce(flags ->> 'a34002', 'N') = 'N' THEN (data ->> 'a34002')::float8 END AS pm10,
        CASE WHEN jsonb_typeof(data -> 'LA') = 'number' AND coalesce(flags ->> 'LA', 'N') = 'N' THEN (data ->> 'LA')::float8 END AS noise,
        CASE WHEN jsonb_typeof(data -> 'load') = 'number' AND coalesce(flags ->> 'load', 'N') = 'N' THEN (data ->> 'load')::float8 END AS load
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
CREATE OR REPLACE FUNCTION analytics_rollup_rebuild(range_from timestamptz, range_to timestamptz) RETURNS void
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
        CASE WHEN jsonb_typeof(data -> 'a34004') = 'number' AND coalesce(flags ->> 'a34004', 'N') = 'N' THEN (data ->> 'a34004')::float8 END AS pm25,
        CASE WHEN jsonb_typeof(data -> 'a34002') = 'number' AND coalesce(flags ->> 'a34002', 'N') = 'N' THEN (data ->> 'a34002')::float8 END AS pm10,
        CASE WHEN jsonb_typeof(data -> 'LA') = 'number' AND coalesce(flags ->> 'LA', 'N') = 'N' THEN (data ->> 'LA')::float8 END AS noise,
        CASE WHEN jsonb_typeof(data -> 'load') = 'number' AND coalesce(flags ->> 'load', 'N') = 'N' THEN (data ->> 'load')::float8 END AS load
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
