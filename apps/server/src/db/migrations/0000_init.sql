CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"password" text NOT NULL,
	"real_name" varchar(64),
	"nick_name" varchar(64),
	"avatar" text,
	"qr_code" text,
	"birthday" date,
	"sex" varchar(16),
	"phone" varchar(32),
	"email" varchar(128),
	"nation" varchar(64),
	"country" varchar(64),
	"area" varchar(128),
	"address" varchar(256),
	"id_no" text,
	"id_no_hash" varchar(64),
	"id_front_pic" text,
	"id_back_pic" text,
	"card_no" text,
	"card_pic" text,
	"bank_name" varchar(128),
	"politics" varchar(32),
	"culture_level" varchar(32),
	"certification" varchar(16) DEFAULT 'new' NOT NULL,
	"introduction" varchar(200),
	"enabled" varchar(16) DEFAULT 'enable' NOT NULL,
	"is_agent" boolean DEFAULT false NOT NULL,
	"agent_id" integer,
	"pro_id" integer,
	"org_id" integer,
	"depart_id" integer,
	"job_id" integer,
	"role_id" integer,
	"role" varchar(16) DEFAULT 'user' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"login_failures" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_name_unique" UNIQUE("user_name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(16),
	"ip" varchar(64),
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(64),
	"action" varchar(64) NOT NULL,
	"target_type" varchar(32),
	"target_id" varchar(64),
	"detail" jsonb,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_agent_idx" ON "users" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "users_id_no_hash_idx" ON "users" USING btree ("id_no_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_id");