CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"table_id" varchar(64) NOT NULL,
	"name" varchar(40) NOT NULL,
	"state" jsonb NOT NULL,
	"sharing" varchar(16) DEFAULT 'private' NOT NULL,
	"project_id" integer,
	"agent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_sharing_check" CHECK ("saved_views"."sharing" in ('private', 'project', 'agent')),
	CONSTRAINT "saved_views_target_check" CHECK (("saved_views"."sharing" = 'project') = ("saved_views"."project_id" is not null) and ("saved_views"."sharing" = 'agent') = ("saved_views"."agent_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_table_name_idx" ON "saved_views" USING btree ("owner_id","table_id","name");--> statement-breakpoint
CREATE INDEX "saved_views_table_idx" ON "saved_views" USING btree ("table_id");