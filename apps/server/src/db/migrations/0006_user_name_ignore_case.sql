-- Account names become unique regardless of case. Existing names that differ only in case must not stop
-- the index (and so the start-up): the oldest account (lowest id) keeps its name, every later one is
-- renamed to "<name>~<id>" ("~" is not allowed in names people choose, so it cannot collide), and each
-- rename is written to the audit log (action user.rename) for an admin to follow up.
WITH "dup" AS (
	SELECT "id", "user_name", row_number() OVER (PARTITION BY lower("user_name") ORDER BY "id") AS "n"
	FROM "users"
)
INSERT INTO "audit_log" ("actor_name", "action", "target_type", "target_id", "detail")
SELECT 'migration', 'user.rename', 'user', "id"::text,
	jsonb_build_object('from', "user_name", 'to', left("user_name", 63 - length("id"::text)) || '~' || "id", 'reason', 'account names are unique regardless of case')
FROM "dup" WHERE "n" > 1;--> statement-breakpoint
WITH "dup" AS (
	SELECT "id", row_number() OVER (PARTITION BY lower("user_name") ORDER BY "id") AS "n"
	FROM "users"
)
UPDATE "users" SET "user_name" = left("users"."user_name", 63 - length("users"."id"::text)) || '~' || "users"."id"
FROM "dup" WHERE "dup"."id" = "users"."id" AND "dup"."n" > 1;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_user_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_unique" ON "users" USING btree (lower("user_name"));
