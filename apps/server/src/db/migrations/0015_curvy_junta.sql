CREATE TABLE "visitor_reg_links" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_reg_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "self_reg_secret_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "visitor_reg_links" ADD CONSTRAINT "visitor_reg_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_self_reg_secret_idx" ON "visitors" USING btree ("self_reg_secret_hash");