ALTER TABLE "alarm_rules" ALTER COLUMN "device_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_rules" ALTER COLUMN "condition" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "source" jsonb DEFAULT '{"kind":"reading"}'::jsonb NOT NULL;--> statement-breakpoint
-- The built-in fleet rule that replaces the hard-wired offline notification (issue 32): every device
-- type, the delay of the notification.deviceOfflineSeconds setting (no minutes of its own), warning.
INSERT INTO "alarm_rules" ("name", "scope", "device_type", "source", "condition", "severity", "enabled")
VALUES ('设备离线 / Device offline', 'fleet', NULL, '{"kind":"offline"}'::jsonb, NULL, 'warning', true);
