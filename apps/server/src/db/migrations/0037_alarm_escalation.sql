CREATE TABLE "alarm_channel_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"alarm_id" integer,
	"step" integer,
	"repeat_no" integer,
	"test" boolean DEFAULT false NOT NULL,
	"ok" boolean NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"status" integer,
	"answer" varchar(512),
	"error" varchar(256),
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"agent_id" integer,
	"project_id" integer,
	"url" text,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_channels_scope_check" CHECK (("alarm_channels"."scope" = 'project' and "alarm_channels"."project_id" is not null and "alarm_channels"."agent_id" is null) or ("alarm_channels"."scope" = 'agent' and "alarm_channels"."agent_id" is not null and "alarm_channels"."project_id" is null))
);
--> statement-breakpoint
CREATE TABLE "escalation_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"severities" jsonb NOT NULL,
	"repeat_minutes" integer,
	"steps" jsonb NOT NULL,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escalation_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"chain_id" integer,
	"step" integer NOT NULL,
	"repeat_no" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alarm_channel_log" ADD CONSTRAINT "alarm_channel_log_channel_id_alarm_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."alarm_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_channel_log" ADD CONSTRAINT "alarm_channel_log_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_channels" ADD CONSTRAINT "alarm_channels_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_channels" ADD CONSTRAINT "alarm_channels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_chains" ADD CONSTRAINT "escalation_chains_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_deliveries" ADD CONSTRAINT "escalation_deliveries_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_deliveries" ADD CONSTRAINT "escalation_deliveries_chain_id_escalation_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."escalation_chains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_channel_log_channel_idx" ON "alarm_channel_log" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "alarm_channels_project_idx" ON "alarm_channels" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "alarm_channels_agent_idx" ON "alarm_channels" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "escalation_chains_project_idx" ON "escalation_chains" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "escalation_deliveries_once_idx" ON "escalation_deliveries" USING btree ("alarm_id","step","repeat_no");
