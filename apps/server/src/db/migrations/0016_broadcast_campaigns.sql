CREATE TABLE "broadcast_campaign_devices" (
	"campaign_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "broadcast_campaign_devices_campaign_id_device_id_pk" PRIMARY KEY("campaign_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "broadcast_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"link" varchar(512) NOT NULL,
	"content" text NOT NULL,
	"voice" varchar(16) NOT NULL,
	"volume" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"targets" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast_outcomes" (
	"run_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"outcome" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason_code" varchar(16),
	"reason_text" varchar(500),
	"play_id" varchar(64),
	"at" timestamp with time zone,
	CONSTRAINT "broadcast_outcomes_run_id_device_id_pk" PRIMARY KEY("run_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "broadcast_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcast_campaign_devices" ADD CONSTRAINT "broadcast_campaign_devices_campaign_id_broadcast_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."broadcast_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_campaign_devices" ADD CONSTRAINT "broadcast_campaign_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_outcomes" ADD CONSTRAINT "broadcast_outcomes_run_id_broadcast_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."broadcast_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_outcomes" ADD CONSTRAINT "broadcast_outcomes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_runs" ADD CONSTRAINT "broadcast_runs_campaign_id_broadcast_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."broadcast_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_campaign_devices_device_idx" ON "broadcast_campaign_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "broadcast_campaigns_due_idx" ON "broadcast_campaigns" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "broadcast_campaigns_created_idx" ON "broadcast_campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "broadcast_outcomes_pending_idx" ON "broadcast_outcomes" USING btree ("outcome");--> statement-breakpoint
CREATE INDEX "broadcast_runs_campaign_idx" ON "broadcast_runs" USING btree ("campaign_id","id");