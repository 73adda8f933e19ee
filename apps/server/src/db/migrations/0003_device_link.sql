CREATE TABLE "device_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"level" varchar(16) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"picture" "bytea"
);
--> statement-breakpoint
CREATE TABLE "device_telemetry" (
	"device_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_events_device_at_idx" ON "device_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_events_at_idx" ON "device_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "device_telemetry_device_at_idx" ON "device_telemetry" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_telemetry_at_idx" ON "device_telemetry" USING btree ("at");