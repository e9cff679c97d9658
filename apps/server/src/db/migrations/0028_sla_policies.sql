CREATE TABLE "sla_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"label_ids" integer[] NOT NULL,
	"first_response_minutes" integer,
	"next_response_minutes" integer,
	"resolution_minutes" integer,
	"calendar" text NOT NULL,
	"pause_while_pending" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_policies_calendar_valid" CHECK ("sla_policies"."calendar" in ('business', 'wall')),
	CONSTRAINT "sla_policies_name_valid" CHECK (length("sla_policies"."name") between 1 and 60),
	CONSTRAINT "sla_policies_targets_valid" CHECK (coalesce("sla_policies"."first_response_minutes", 1) between 1 and 525600 and coalesce("sla_policies"."next_response_minutes", 1) between 1 and 525600 and coalesce("sla_policies"."resolution_minutes", 1) between 1 and 525600)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_policies_organisation_idx" ON "sla_policies" USING btree ("organisation_id","position");