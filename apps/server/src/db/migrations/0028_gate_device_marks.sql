CREATE TABLE "gate_device_marks" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_device_marks" ADD CONSTRAINT "gate_device_marks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitors_visit_start_idx" ON "visitors" USING btree ("visit_start","id");--> statement-breakpoint
CREATE INDEX "visitors_visit_end_idx" ON "visitors" USING btree ("visit_end","id");