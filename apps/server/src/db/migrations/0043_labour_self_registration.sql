CREATE TABLE "labour_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"real_name" varchar(64) NOT NULL,
	"id_type" varchar(16) NOT NULL,
	"id_no" text NOT NULL,
	"id_no_hash" varchar(64) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"gender" varchar(8),
	"birth_date" date,
	"trade" varchar(32) NOT NULL,
	"team_id" integer,
	"photo" uuid NOT NULL,
	"emergency_contact" varchar(64),
	"emergency_phone" varchar(32),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(256),
	"worker_id" integer,
	"secret_hash" varchar(64) NOT NULL,
	"decided_id" integer,
	"decided_at" timestamp with time zone,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_applications_status_check" CHECK ("labour_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "labour_reg_links" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_reg_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "labour_applications" ADD CONSTRAINT "labour_applications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_applications" ADD CONSTRAINT "labour_applications_team_id_labour_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."labour_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_applications" ADD CONSTRAINT "labour_applications_worker_id_labour_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."labour_workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_reg_links" ADD CONSTRAINT "labour_reg_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labour_applications_secret_idx" ON "labour_applications" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "labour_applications_project_status_idx" ON "labour_applications" USING btree ("project_id","status");