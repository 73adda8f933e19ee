CREATE TABLE "certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'auditing' NOT NULL,
	"account_type" varchar(32) NOT NULL,
	"legal_person_name" varchar(64) NOT NULL,
	"legal_id_type" varchar(32) NOT NULL,
	"legal_id_no" text NOT NULL,
	"legal_id_no_hash" varchar(64) NOT NULL,
	"enterprise_name" varchar(128) NOT NULL,
	"enterprise_cert_type" varchar(32) NOT NULL,
	"organisation_code" varchar(32) NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"opinion" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certifications_status_check" CHECK ("certifications"."status" in ('auditing', 'passed', 'rejected', 'withdrawn')),
	CONSTRAINT "certifications_type_check" CHECK ("certifications"."type" in ('enterprise', 'changeSubject'))
);
--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certifications_user_idx" ON "certifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "certifications_status_idx" ON "certifications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "certifications_legal_id_no_hash_idx" ON "certifications" USING btree ("legal_id_no_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_one_auditing" ON "certifications" USING btree ("user_id") WHERE "certifications"."status" = 'auditing';