CREATE TABLE "report_digests" (
	"organisation_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_digests_organisation_id_week_start_pk" PRIMARY KEY("organisation_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "report_digests" ADD CONSTRAINT "report_digests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;