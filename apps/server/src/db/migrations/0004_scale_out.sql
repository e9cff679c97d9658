CREATE TABLE "notification_bodies" (
	"key" uuid PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_event_streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "redeemed_stream_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
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
CREATE TABLE "wa_live_queue" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "lease_epoch" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "open_event_streams" ADD CONSTRAINT "open_event_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_live_queue" ADD CONSTRAINT "wa_live_queue_seq_wa_messages_seq_fk" FOREIGN KEY ("seq") REFERENCES "public"."wa_messages"("seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_bodies_created_at_idx" ON "notification_bodies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "open_event_streams_user_idx" ON "open_event_streams" USING btree ("user_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "open_event_streams_last_seen_idx" ON "open_event_streams" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "redeemed_stream_tokens_expires_idx" ON "redeemed_stream_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wa_live_queue_group_idx" ON "wa_live_queue" USING btree ("session_id","group_jid","seq");--> statement-breakpoint
CREATE INDEX "wa_sessions_owner_idx" ON "wa_sessions" USING btree ("owner_id");