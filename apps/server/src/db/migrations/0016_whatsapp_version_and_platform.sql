CREATE TABLE "wa_client_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wa_session_events" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "wa_session_events" ADD COLUMN "version_source" text;--> statement-breakpoint
ALTER TABLE "wa_session_events" ADD COLUMN "version_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "link_platform" text;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "resumes_at" timestamp with time zone;