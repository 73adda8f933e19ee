DROP INDEX "gate_persons_pending_idx";--> statement-breakpoint
CREATE INDEX "gate_persons_pending_idx" ON "gate_persons" USING btree ("device_id","id") WHERE "gate_persons"."pending";