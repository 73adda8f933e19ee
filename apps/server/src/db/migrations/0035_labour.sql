CREATE TABLE "labour_passes" (
	"worker_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"direction" varchar(3) NOT NULL,
	CONSTRAINT "labour_passes_worker_id_at_device_id_pk" PRIMARY KEY("worker_id","at","device_id"),
	CONSTRAINT "labour_passes_direction_check" CHECK ("labour_passes"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "labour_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"cutoff_hour" integer DEFAULT 4 NOT NULL,
	"utc_offset_minutes" integer DEFAULT 480 NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_settings_cutoff_check" CHECK ("labour_settings"."cutoff_hour" between 0 and 12),
	CONSTRAINT "labour_settings_offset_check" CHECK ("labour_settings"."utc_offset_minutes" between -720 and 840)
);
--> statement-breakpoint
CREATE TABLE "labour_subcontractors" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(128) NOT NULL,
	"credit_code" varchar(32),
	"contact" varchar(64),
	"phone" varchar(32),
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_subcontractors_project_name_key" UNIQUE("project_id","name")
);
--> statement-breakpoint
CREATE TABLE "labour_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"leader_id" integer,
	"subcontractor_id" integer,
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_teams_project_name_key" UNIQUE("project_id","name")
);
--> statement-breakpoint
CREATE TABLE "labour_workers" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"real_name" varchar(64) NOT NULL,
	"id_type" varchar(16) NOT NULL,
	"id_no" text NOT NULL,
	"id_no_hash" varchar(64) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"gender" varchar(8),
	"birth_date" date,
	"team_id" integer,
	"trade" varchar(32) NOT NULL,
	"subcontractor_id" integer,
	"entry_date" date NOT NULL,
	"exit_date" date,
	"status" varchar(16) DEFAULT 'on_site' NOT NULL,
	"blacklist_reason" varchar(256),
	"photo" uuid,
	"emergency_contact" varchar(64),
	"emergency_phone" varchar(32),
	"created_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_workers_project_id_no_key" UNIQUE("project_id","id_no_hash"),
	CONSTRAINT "labour_workers_status_check" CHECK ("labour_workers"."status" in ('on_site', 'left', 'blacklisted'))
);
--> statement-breakpoint
ALTER TABLE "labour_passes" ADD CONSTRAINT "labour_passes_worker_id_labour_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."labour_workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_passes" ADD CONSTRAINT "labour_passes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_settings" ADD CONSTRAINT "labour_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_subcontractors" ADD CONSTRAINT "labour_subcontractors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_teams" ADD CONSTRAINT "labour_teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_teams" ADD CONSTRAINT "labour_teams_leader_id_labour_workers_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."labour_workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_teams" ADD CONSTRAINT "labour_teams_subcontractor_id_labour_subcontractors_id_fk" FOREIGN KEY ("subcontractor_id") REFERENCES "public"."labour_subcontractors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_workers" ADD CONSTRAINT "labour_workers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_workers" ADD CONSTRAINT "labour_workers_team_id_labour_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."labour_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_workers" ADD CONSTRAINT "labour_workers_subcontractor_id_labour_subcontractors_id_fk" FOREIGN KEY ("subcontractor_id") REFERENCES "public"."labour_subcontractors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labour_passes_project_at_idx" ON "labour_passes" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "labour_workers_id_no_hash_idx" ON "labour_workers" USING btree ("id_no_hash");--> statement-breakpoint
CREATE INDEX "labour_workers_project_status_idx" ON "labour_workers" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "labour_workers_team_idx" ON "labour_workers" USING btree ("team_id");--> statement-breakpoint
-- Workers' passes (issue 35, docs/decisions/0025): the face terminals' `pass` events of a `W<worker id>`
-- person, copied to labour_passes in the transaction that stores them, one statement per INSERT
-- statement. An event sent twice is dropped by its id before this runs; the same pass under a new id
-- (worker, device's time, device) is dropped here. The direction is the terminal's configured one
-- (visitor_devices) when it has one, else the event's. Nothing in here may fail on a device's data:
-- the person id is matched before it is cast, and a pass of an unknown worker finds no row.
CREATE FUNCTION labour_passes_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO labour_passes (worker_id, at, device_id, project_id, direction)
    SELECT w.id, e.at, e.device_id, w.project_id,
      CASE WHEN vd.direction IN ('in', 'out') THEN vd.direction ELSE e.data ->> 'direction' END
    FROM new_rows e
    JOIN labour_workers w ON w.id = CASE WHEN (e.data ->> 'personId') ~ '^W[0-9]{1,9}$'
      THEN substring(e.data ->> 'personId' FROM 2)::int END
    LEFT JOIN visitor_devices vd ON vd.device_id = e.device_id
    WHERE e.kind = 'pass'
      AND (vd.direction IN ('in', 'out') OR (e.data ->> 'direction') IN ('in', 'out'))
    ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER device_events_labour_passes AFTER INSERT ON device_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION labour_passes_add();
