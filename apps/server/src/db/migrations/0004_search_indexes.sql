-- pg_trgm ships with PostgreSQL (contrib, a trusted extension since 13) and with PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_user_name_trgm_idx" ON "users" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_real_name_trgm_idx" ON "users" USING gin ("real_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_type_status_idx" ON "devices" USING btree ("type","auth_status","online_status");--> statement-breakpoint
CREATE INDEX "devices_agent_type_idx" ON "devices" USING btree ("agent_id","type","auth_status");--> statement-breakpoint
CREATE INDEX "devices_sn_trgm_idx" ON "devices" USING gin ("sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_dev_name_trgm_idx" ON "devices" USING gin ("dev_name" gin_trgm_ops);