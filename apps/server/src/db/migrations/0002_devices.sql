CREATE TABLE "auth_platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_name" varchar(128) NOT NULL,
	"expiration_date" date NOT NULL,
	"attach_info" varchar(1024),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_platforms_platform_name_unique" UNIQUE("platform_name")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(32) NOT NULL,
	"dev_name" varchar(128),
	"factory_name" varchar(128),
	"sn" varchar(64) NOT NULL,
	"mac" varchar(17),
	"ip" varchar(64),
	"agent_id" integer,
	"project_id" integer,
	"install_site" varchar(256),
	"frpc_ver" varchar(64),
	"dev_ver" varchar(64),
	"version" varchar(64),
	"auth_status" varchar(16) DEFAULT 'unknown' NOT NULL,
	"online_status" varchar(16) DEFAULT 'unknown' NOT NULL,
	"allow" boolean DEFAULT true NOT NULL,
	"any_access" boolean DEFAULT false NOT NULL,
	"remote_account" varchar(64),
	"terminal_password" text,
	"direction" varchar(8) DEFAULT 'none' NOT NULL,
	"remark" varchar(512),
	"secret_hash" varchar(64),
	"licence_expires_at" timestamp with time zone,
	"latest" jsonb,
	"addition_datetime" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_datetime" timestamp with time zone,
	"created_id" integer,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_sn_unique" UNIQUE("sn"),
	CONSTRAINT "devices_mac_unique" UNIQUE("mac")
);
--> statement-breakpoint
CREATE TABLE "licence_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"sn" varchar(64) NOT NULL,
	"mac" varchar(17) NOT NULL,
	"platforms" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attach_info" varchar(1024),
	"issued_by_id" integer,
	"issued_by_name" varchar(64),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_agent_idx" ON "devices" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "devices_project_idx" ON "devices" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "devices_type_idx" ON "devices" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "devices_added_idx" ON "devices" USING btree ("addition_datetime");--> statement-breakpoint
CREATE INDEX "licence_grants_device_idx" ON "licence_grants" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "licence_grants_issued_idx" ON "licence_grants" USING btree ("issued_at");