ALTER TABLE "devices" ADD COLUMN "hj212_mn" varchar(32);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "hj212_pw" text;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_hj212_mn_unique" UNIQUE("hj212_mn");