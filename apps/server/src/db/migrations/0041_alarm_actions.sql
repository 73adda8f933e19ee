CREATE TABLE "alarm_action_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"phase" varchar(16) NOT NULL,
	"action_no" integer NOT NULL,
	"action" jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"author_id" integer,
	"device_id" integer,
	"confirmed_id" integer,
	"confirmed_at" timestamp with time zone,
	"reason" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "actions_by" integer;--> statement-breakpoint
ALTER TABLE "alarm_action_runs" ADD CONSTRAINT "alarm_action_runs_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_action_runs" ADD CONSTRAINT "alarm_action_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_action_runs" ADD CONSTRAINT "alarm_action_runs_confirmed_id_users_id_fk" FOREIGN KEY ("confirmed_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_action_runs_once_idx" ON "alarm_action_runs" USING btree ("alarm_id","phase","action_no");--> statement-breakpoint
CREATE INDEX "alarm_action_runs_open_idx" ON "alarm_action_runs" USING btree ("state","id") WHERE "alarm_action_runs"."state" in ('queued', 'running');