CREATE TABLE "user_quiet_hours" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"from" varchar(5) NOT NULL,
	"to" varchar(5) NOT NULL,
	"utc_offset_minutes" integer DEFAULT 480 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escalation_held" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"step" integer NOT NULL,
	"repeat_no" integer NOT NULL,
	"channel_ids" jsonb NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"sent" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_quiet_hours" ADD CONSTRAINT "user_quiet_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_held" ADD CONSTRAINT "escalation_held_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_held" ADD CONSTRAINT "escalation_held_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escalation_held_once_idx" ON "escalation_held" USING btree ("alarm_id","step","repeat_no","user_id");--> statement-breakpoint
CREATE INDEX "escalation_held_due_idx" ON "escalation_held" USING btree ("until") WHERE "escalation_held"."released_at" is null;