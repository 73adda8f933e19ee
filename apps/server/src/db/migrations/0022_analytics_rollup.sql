CREATE TABLE "events_group_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"agent_id" integer,
	"project_id" integer,
	"type" varchar(32) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events_hourly" (
	"device_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" varchar(32) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "events_hourly_device_id_hour_kind_pk" PRIMARY KEY("device_id","hour","kind")
);
--> statement-breakpoint
CREATE TABLE "rollup_dirty_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_group_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"agent_id" integer,
	"project_id" integer,
	"type" varchar(32) NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"pm25_n" integer DEFAULT 0 NOT NULL,
	"pm25_sum" double precision DEFAULT 0 NOT NULL,
	"pm25_over" integer DEFAULT 0 NOT NULL,
	"pm10_n" integer DEFAULT 0 NOT NULL,
	"pm10_sum" double precision DEFAULT 0 NOT NULL,
	"pm10_over" integer DEFAULT 0 NOT NULL,
	"noise_n" integer DEFAULT 0 NOT NULL,
	"noise_sum" double precision DEFAULT 0 NOT NULL,
	"noise_over" integer DEFAULT 0 NOT NULL,
	"load_n" integer DEFAULT 0 NOT NULL,
	"load_sum" double precision DEFAULT 0 NOT NULL,
	"load_max" double precision
);
--> statement-breakpoint
CREATE TABLE "telemetry_hourly" (
	"device_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"pm25_n" integer DEFAULT 0 NOT NULL,
	"pm25_sum" double precision DEFAULT 0 NOT NULL,
	"pm25_over" integer DEFAULT 0 NOT NULL,
	"pm10_n" integer DEFAULT 0 NOT NULL,
	"pm10_sum" double precision DEFAULT 0 NOT NULL,
	"pm10_over" integer DEFAULT 0 NOT NULL,
	"noise_n" integer DEFAULT 0 NOT NULL,
	"noise_sum" double precision DEFAULT 0 NOT NULL,
	"noise_over" integer DEFAULT 0 NOT NULL,
	"load_n" integer DEFAULT 0 NOT NULL,
	"load_sum" double precision DEFAULT 0 NOT NULL,
	"load_max" double precision,
	CONSTRAINT "telemetry_hourly_device_id_hour_pk" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
CREATE INDEX "events_group_hourly_hour_idx" ON "events_group_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "events_hourly_hour_idx" ON "events_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "telemetry_group_hourly_hour_idx" ON "telemetry_group_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "telemetry_hourly_hour_idx" ON "telemetry_hourly" USING btree ("hour");