CREATE TABLE "visitor_configs" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"required_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_visit_hours" integer NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"notice" text,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"published_id" integer
);
--> statement-breakpoint
CREATE TABLE "visitor_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uploader_id" integer,
	"mime" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"real_name" varchar(64) NOT NULL,
	"avatar" uuid,
	"qr_code" text,
	"sex" varchar(16),
	"phone" varchar(32) NOT NULL,
	"id_no" text,
	"id_no_hash" varchar(64),
	"visit_start" timestamp with time zone NOT NULL,
	"visit_end" timestamp with time zone NOT NULL,
	"reasons" varchar(256),
	"user_id" integer,
	"address" varchar(256),
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"auditor_id" integer,
	"audited_at" timestamp with time zone,
	"audit_remark" varchar(256),
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitors_status_check" CHECK ("visitors"."status" in ('new', 'valid', 'invalid')),
	CONSTRAINT "visitors_visit_check" CHECK ("visitors"."visit_end" > "visitors"."visit_start")
);
--> statement-breakpoint
ALTER TABLE "visitor_configs" ADD CONSTRAINT "visitor_configs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitors_project_idx" ON "visitors" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "visitors_created_idx" ON "visitors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "visitors_id_no_hash_idx" ON "visitors" USING btree ("id_no_hash");--> statement-breakpoint
CREATE INDEX "visitors_expiry_idx" ON "visitors" USING btree ("visit_end") WHERE "visitors"."status" = 'valid';--> statement-breakpoint
CREATE INDEX "visitors_real_name_trgm_idx" ON "visitors" USING gin ("real_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visitors_phone_trgm_idx" ON "visitors" USING gin ("phone" gin_trgm_ops);