CREATE TABLE "notification_bodies" (
	"key" uuid PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notification_bodies_created_at_idx" ON "notification_bodies" USING btree ("created_at");