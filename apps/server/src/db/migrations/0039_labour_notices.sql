CREATE TABLE "labour_notices" (
	"kind" varchar(24) NOT NULL,
	"subject_id" integer NOT NULL,
	"key" varchar(32) NOT NULL,
	"project_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_notices_kind_subject_id_key_pk" PRIMARY KEY("kind","subject_id","key")
);
--> statement-breakpoint
ALTER TABLE "labour_settings" ADD COLUMN "absent_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "labour_workers" ADD COLUMN "bank_card_no" text;--> statement-breakpoint
ALTER TABLE "labour_notices" ADD CONSTRAINT "labour_notices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labour_notices_project_idx" ON "labour_notices" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "labour_settings" ADD CONSTRAINT "labour_settings_absent_days_check" CHECK ("labour_settings"."absent_days" between 1 and 30);
