CREATE TABLE "presence_samples" (
	"slot" timestamp with time zone NOT NULL,
	"agent_id" integer,
	"project_id" integer,
	"type" varchar(32) NOT NULL,
	"devices" integer NOT NULL,
	"online" integer NOT NULL,
	CONSTRAINT "presence_samples_slot_group_key" UNIQUE NULLS NOT DISTINCT("slot","agent_id","project_id","type")
);
