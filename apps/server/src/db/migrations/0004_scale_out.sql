CREATE TABLE "notification_bodies" (
	"key" uuid PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wa_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "lease_epoch" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_bodies_created_at_idx" ON "notification_bodies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wa_sessions_owner_idx" ON "wa_sessions" USING btree ("owner_id");