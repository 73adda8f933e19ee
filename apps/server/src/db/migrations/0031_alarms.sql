CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"agent_id" integer,
	"project_id" integer,
	"device_id" integer,
	"device_type" varchar(32) NOT NULL,
	"condition" jsonb NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"clear_condition" jsonb,
	"severity" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_timeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"actor_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"severity" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_id" integer,
	"count" integer DEFAULT 1 NOT NULL,
	"first_value" jsonb NOT NULL,
	"last_value" jsonb NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"assignee_id" integer,
	"cleared_at" timestamp with time zone,
	"cleared_by" varchar(16),
	"cleared_reason" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_timeline" ADD CONSTRAINT "alarm_timeline_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_timeline" ADD CONSTRAINT "alarm_timeline_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_id_users_id_fk" FOREIGN KEY ("acknowledged_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_type_idx" ON "alarm_rules" USING btree ("device_type");--> statement-breakpoint
CREATE INDEX "alarm_timeline_alarm_idx" ON "alarm_timeline" USING btree ("alarm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_idx" ON "alarms" USING btree ("device_id","rule_id") WHERE "alarms"."status" = 'active';--> statement-breakpoint
CREATE INDEX "alarms_status_idx" ON "alarms" USING btree ("status","last_at");--> statement-breakpoint
CREATE INDEX "alarms_rule_idx" ON "alarms" USING btree ("rule_id");