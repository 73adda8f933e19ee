CREATE TABLE "gate_device_leases" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"token" varchar(36) NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_device_leases" ADD CONSTRAINT "gate_device_leases_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_persons" DROP COLUMN "claim_gen";--> statement-breakpoint
ALTER TABLE "gate_persons" DROP COLUMN "claimed_until";