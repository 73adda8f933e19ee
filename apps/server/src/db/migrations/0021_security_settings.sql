CREATE TABLE "security_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target_hash" varchar(64) NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_codes_channel_check" CHECK ("security_codes"."channel" in ('email', 'phone'))
);
--> statement-breakpoint
CREATE TABLE "user_security" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"question" varchar(64),
	"answer_hash" text,
	"email" varchar(128),
	"phone" varchar(32),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_codes" ADD CONSTRAINT "security_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security" ADD CONSTRAINT "user_security_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_codes_user_idx" ON "security_codes" USING btree ("user_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "security_codes_target_idx" ON "security_codes" USING btree ("target_hash","created_at");