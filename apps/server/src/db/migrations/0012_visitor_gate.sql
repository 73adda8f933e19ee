CREATE TABLE "gate_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"person_id" varchar(64) NOT NULL,
	"visitor_id" integer,
	"pending" boolean DEFAULT true NOT NULL,
	"gen" integer DEFAULT 1 NOT NULL,
	"claim_gen" integer,
	"claimed_until" timestamp with time zone,
	"on_device" boolean DEFAULT false NOT NULL,
	"sent_hash" varchar(64),
	"synced_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" varchar(1000),
	CONSTRAINT "gate_persons_device_person_key" UNIQUE("device_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "visitor_devices" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"direction" varchar(8) DEFAULT 'none' NOT NULL,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_devices_direction_check" CHECK ("visitor_devices"."direction" in ('none', 'in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "gate_persons" ADD CONSTRAINT "gate_persons_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_devices" ADD CONSTRAINT "visitor_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_persons_visitor_idx" ON "gate_persons" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "gate_persons_pending_idx" ON "gate_persons" USING btree ("device_id") WHERE "gate_persons"."pending";