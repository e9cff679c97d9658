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
ALTER TABLE "ticket_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_stats" DROP CONSTRAINT "ticket_stats_pkey";--> statement-breakpoint
ALTER TABLE "ticket_stats" ADD CONSTRAINT "ticket_stats_organisation_id_shard_pk" PRIMARY KEY("organisation_id","shard");--> statement-breakpoint
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
CREATE INDEX "wa_sessions_owner_idx" ON "wa_sessions" USING btree ("owner_id");--> statement-breakpoint
-- Hand-written below: ticket_stats rows are striped. One counter row per organisation made every ticket
-- that opens, is answered or changes status wait for the row lock of the statement before it, on every
-- server (docs/architecture.md, scale-out: nothing may serialise instances on one lock). Each database
-- connection now adds to its own stripe (pg_backend_pid() % 8); getTicketStats sums an organisation's rows.
CREATE OR REPLACE FUNCTION "ticket_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org integer;
  stripe smallint := (pg_backend_pid() % 8)::smallint;
  d_open integer := 0;
  d_in_progress integer := 0;
  d_closed integer := 0;
  d_responded integer := 0;
  d_response double precision := 0;
  d_resolved integer := 0;
  d_resolution double precision := 0;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    org := NEW.organisation_id;
    d_open := (NEW.status = 'open')::int;
    d_in_progress := (NEW.status = 'in_progress')::int;
    d_closed := (NEW.status = 'close')::int;
    IF NEW.first_response_at IS NOT NULL THEN
      d_responded := 1;
      d_response := extract(epoch FROM NEW.first_response_at - NEW.created_at);
    END IF;
    IF NEW.closed_at IS NOT NULL THEN
      d_resolved := 1;
      d_resolution := extract(epoch FROM NEW.closed_at - NEW.created_at);
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    org := OLD.organisation_id;
    d_open := d_open - (OLD.status = 'open')::int;
    d_in_progress := d_in_progress - (OLD.status = 'in_progress')::int;
    d_closed := d_closed - (OLD.status = 'close')::int;
    IF OLD.first_response_at IS NOT NULL THEN
      d_responded := d_responded - 1;
      d_response := d_response - extract(epoch FROM OLD.first_response_at - OLD.created_at);
    END IF;
    IF OLD.closed_at IS NOT NULL THEN
      d_resolved := d_resolved - 1;
      d_resolution := d_resolution - extract(epoch FROM OLD.closed_at - OLD.created_at);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- Plain updates: when the organisation itself is being deleted its rows are already gone (an insert
    -- would break its foreign key). Any stripe may carry the change: only the organisation's sum counts.
    UPDATE "ticket_stats" SET
      "open" = "open" + d_open, "in_progress" = "in_progress" + d_in_progress, "closed" = "closed" + d_closed,
      "responded_count" = "responded_count" + d_responded,
      "response_seconds_sum" = "response_seconds_sum" + d_response,
      "resolved_count" = "resolved_count" + d_resolved,
      "resolution_seconds_sum" = "resolution_seconds_sum" + d_resolution
    WHERE "organisation_id" = org AND "shard" = (
      SELECT min("shard") FROM "ticket_stats" WHERE "organisation_id" = org);
    RETURN OLD;
  END IF;
  INSERT INTO "ticket_stats" AS s ("organisation_id", "shard", "open", "in_progress", "closed", "responded_count",
    "response_seconds_sum", "resolved_count", "resolution_seconds_sum")
  VALUES (org, stripe, d_open, d_in_progress, d_closed, d_responded, d_response, d_resolved, d_resolution)
  ON CONFLICT ("organisation_id", "shard") DO UPDATE SET
    "open" = s."open" + d_open, "in_progress" = s."in_progress" + d_in_progress, "closed" = s."closed" + d_closed,
    "responded_count" = s."responded_count" + d_responded,
    "response_seconds_sum" = s."response_seconds_sum" + d_response,
    "resolved_count" = s."resolved_count" + d_resolved,
    "resolution_seconds_sum" = s."resolution_seconds_sum" + d_resolution;
  RETURN NEW;
END
$$;
