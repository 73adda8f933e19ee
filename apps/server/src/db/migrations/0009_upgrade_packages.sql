CREATE TABLE "upgrade_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_version" varchar(64) NOT NULL,
	"file_size" bigint NOT NULL,
	"check_type" varchar(8) NOT NULL,
	"md5" varchar(32) NOT NULL,
	"sha1" varchar(40) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"device_types" varchar(32)[] NOT NULL,
	"min_version" varchar(64),
	"release_notes" text,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upgrade_packages_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "upgrade_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upgrade_rollouts" ADD CONSTRAINT "upgrade_rollouts_package_id_upgrade_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."upgrade_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upgrade_packages_created_idx" ON "upgrade_packages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upgrade_rollouts_package_idx" ON "upgrade_rollouts" USING btree ("package_id");