CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"body" text NOT NULL,
	"level" varchar(16) DEFAULT 'info' NOT NULL,
	"audience" varchar(16) NOT NULL,
	"audience_role" varchar(16),
	"audience_agent_id" integer,
	"audience_project_id" integer,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_audience_agent_id_agents_id_fk" FOREIGN KEY ("audience_agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_audience_project_id_projects_id_fk" FOREIGN KEY ("audience_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at") WHERE "announcements"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "announcements_agent_idx" ON "announcements" USING btree ("audience_agent_id");--> statement-breakpoint
CREATE INDEX "announcements_project_idx" ON "announcements" USING btree ("audience_project_id");