ALTER TABLE "users" ADD COLUMN "password_expires_at" timestamp with time zone;--> statement-breakpoint
-- Passwords still waiting to be changed are the old shared default (reset, or creation without a password),
-- which anyone who knows an account name could use: they stop working now, and such a user asks an admin
-- for a reset, which gives a one-time password (docs/decisions/0012-one-time-passwords.md).
UPDATE "users" SET "password_expires_at" = now() WHERE "must_change_password";--> statement-breakpoint
-- The shared default itself (constant user.defaultPassword) is no longer read; it goes, with an audit row.
INSERT INTO "audit_log" ("actor_name", "action", "target_type", "target_id", "detail")
SELECT 'migration', 'constant.delete', 'constant', "id"::text,
	jsonb_build_object('key', "key", 'reason', 'reset passwords are one-time passwords now')
FROM "constants" WHERE "key" = 'user.defaultPassword';--> statement-breakpoint
DELETE FROM "constants" WHERE "key" = 'user.defaultPassword';
