CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_hash" varchar(64) NOT NULL,
	"user_id" integer,
	"target_hash" varchar(64) NOT NULL,
	"client_hash" varchar(64) NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_name_idx" ON "recovery_codes" USING btree ("name_hash","created_at");--> statement-breakpoint
CREATE INDEX "recovery_codes_target_idx" ON "recovery_codes" USING btree ("target_hash","created_at");--> statement-breakpoint
CREATE INDEX "recovery_codes_client_idx" ON "recovery_codes" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "recovery_codes_created_idx" ON "recovery_codes" USING btree ("created_at");