CREATE TABLE "labour_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"number" varchar(64) NOT NULL,
	"issued_by" varchar(128),
	"valid_until" date NOT NULL,
	"photo" uuid,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_certificates_worker_type_number_key" UNIQUE("worker_id","type","number")
);
--> statement-breakpoint
ALTER TABLE "labour_settings" ADD COLUMN "require_valid_certificate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "labour_workers" ADD COLUMN "certificate_barred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "labour_certificates" ADD CONSTRAINT "labour_certificates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_certificates" ADD CONSTRAINT "labour_certificates_worker_id_labour_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."labour_workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labour_certificates_project_valid_idx" ON "labour_certificates" USING btree ("project_id","valid_until");