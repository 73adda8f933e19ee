CREATE TABLE "upgrade_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"rollout_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"group_no" integer NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"percent" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempt_id" uuid,
	"reason" varchar(16),
	"message" varchar(500),
	"from_version" varchar(64),
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "pause_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "targets" jsonb;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "group_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "current_group" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "success_threshold" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "error_threshold" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "accepted_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "max_retries" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "step_timeout_s" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "max_concurrent" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upgrade_jobs" ADD CONSTRAINT "upgrade_jobs_rollout_id_upgrade_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."upgrade_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_jobs" ADD CONSTRAINT "upgrade_jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_jobs_rollout_device_idx" ON "upgrade_jobs" USING btree ("rollout_id","device_id");--> statement-breakpoint
CREATE INDEX "upgrade_jobs_rollout_state_idx" ON "upgrade_jobs" USING btree ("rollout_id","state","group_no");--> statement-breakpoint
CREATE INDEX "upgrade_jobs_device_idx" ON "upgrade_jobs" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_jobs_attempt_idx" ON "upgrade_jobs" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "upgrade_rollouts_status_idx" ON "upgrade_rollouts" USING btree ("status");