ALTER TABLE "tickets" DROP CONSTRAINT "tickets_status_valid";--> statement-breakpoint
DROP INDEX "tickets_one_active_per_group_idx";--> statement-breakpoint
DROP INDEX "tickets_one_active_per_customer_idx";--> statement-breakpoint
ALTER TABLE "wa_groups" ALTER COLUMN "ticket_mode" SET DEFAULT 'per_customer';--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "auto_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "reopen_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_stats" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "follow_up_of" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_follow_up_of_tickets_id_fk" FOREIGN KEY ("follow_up_of") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_closed_conversation_idx" ON "tickets" USING btree ("session_id","group_jid","customer_key","closed_at") WHERE "tickets"."status" = 'close';--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_group_idx" ON "tickets" USING btree ("organisation_id","session_id","group_jid") WHERE "tickets"."status" in ('open', 'in_progress', 'pending') and "tickets"."customer_key" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_customer_idx" ON "tickets" USING btree ("organisation_id","session_id","group_jid","customer_key") WHERE "tickets"."status" in ('open', 'in_progress', 'pending') and "tickets"."customer_key" is not null;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_reopen_days_valid" CHECK ("organisations"."reopen_days" between 0 and 90);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_valid" CHECK ("tickets"."status" in ('open', 'in_progress', 'pending', 'close'));--> statement-breakpoint
-- Hand-written below: ticket_stats counts pending tickets too (decision 0020). The trigger's WHEN clause
-- (migration 0003) already fires on every status change.
CREATE OR REPLACE FUNCTION "ticket_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org integer;
  stripe smallint := (pg_backend_pid() % 8)::smallint;
  d_open integer := 0;
  d_in_progress integer := 0;
  d_pending integer := 0;
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
    d_pending := (NEW.status = 'pending')::int;
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
    d_pending := d_pending - (OLD.status = 'pending')::int;
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
      "open" = "open" + d_open, "in_progress" = "in_progress" + d_in_progress, "pending" = "pending" + d_pending,
      "closed" = "closed" + d_closed,
      "responded_count" = "responded_count" + d_responded,
      "response_seconds_sum" = "response_seconds_sum" + d_response,
      "resolved_count" = "resolved_count" + d_resolved,
      "resolution_seconds_sum" = "resolution_seconds_sum" + d_resolution
    WHERE "organisation_id" = org AND "shard" = (
      SELECT min("shard") FROM "ticket_stats" WHERE "organisation_id" = org);
    RETURN OLD;
  END IF;
  INSERT INTO "ticket_stats" AS s ("organisation_id", "shard", "open", "in_progress", "pending", "closed", "responded_count",
    "response_seconds_sum", "resolved_count", "resolution_seconds_sum")
  VALUES (org, stripe, d_open, d_in_progress, d_pending, d_closed, d_responded, d_response, d_resolved, d_resolution)
  ON CONFLICT ("organisation_id", "shard") DO UPDATE SET
    "open" = s."open" + d_open, "in_progress" = s."in_progress" + d_in_progress, "pending" = s."pending" + d_pending,
    "closed" = s."closed" + d_closed,
    "responded_count" = s."responded_count" + d_responded,
    "response_seconds_sum" = s."response_seconds_sum" + d_response,
    "resolved_count" = s."resolved_count" + d_resolved,
    "resolution_seconds_sum" = s."resolution_seconds_sum" + d_resolution;
  RETURN NEW;
END
$$;
