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
CREATE INDEX "wa_sessions_owner_idx" ON "wa_sessions" USING btree ("owner_id");