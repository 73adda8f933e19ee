ALTER TABLE "users" ADD COLUMN "wechat" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "qq" varchar(11);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dingtalk" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wecom" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "website" varchar(200);