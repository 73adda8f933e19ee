ALTER TABLE "notifications" ADD COLUMN "kind" varchar(32);--> statement-breakpoint
-- Rows written before the column: their kind from the catalog key of their title (modules/notification).
UPDATE "notifications" SET "kind" = CASE
	WHEN "title"->>'key' LIKE 'notification.device%' THEN 'device'
	WHEN "title"->>'key' LIKE 'notification.certification%' THEN 'certification'
	WHEN "title"->>'key' LIKE 'notification.visitor%' THEN 'visitor'
	WHEN "title"->>'key' LIKE 'notification.rollout%' THEN 'rollout'
	WHEN "title"->>'key' = 'notification.announcement' THEN 'announcement'
END;
