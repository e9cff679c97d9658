CREATE TABLE "out_of_hours_replies" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_clocks" (
	"ticket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cycle" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"policy_id" integer,
	"policy_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"warn_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stopped_by_user_id" integer,
	"stopped_by_name" text,
	"paused" boolean DEFAULT false NOT NULL,
	"met" boolean,
	"business_seconds" double precision NOT NULL,
	"wall_seconds" double precision NOT NULL,
	"warned_soon_at" timestamp with time zone,
	"warned_breach_at" timestamp with time zone,
	CONSTRAINT "sla_clocks_ticket_id_kind_cycle_pk" PRIMARY KEY("ticket_id","kind","cycle"),
	CONSTRAINT "sla_clocks_kind_valid" CHECK ("sla_clocks"."kind" in ('first_response', 'next_response', 'resolution'))
);
--> statement-breakpoint
CREATE TABLE "sla_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ticket_id" integer,
	"kind" text NOT NULL,
	"clock_kind" text NOT NULL,
	"cycle" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_stale" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_status_moments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_notifications" DROP CONSTRAINT "member_notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "sla_warning_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "out_of_hours_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "out_of_hours_message" text;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "still" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "out_of_hours_replies" ADD CONSTRAINT "out_of_hours_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_policy_id_sla_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_stopped_by_user_id_users_id_fk" FOREIGN KEY ("stopped_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_mails" ADD CONSTRAINT "sla_mails_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_mails" ADD CONSTRAINT "sla_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_mails" ADD CONSTRAINT "sla_mails_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_stale" ADD CONSTRAINT "sla_stale_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_moments" ADD CONSTRAINT "ticket_status_moments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_clocks_warn_idx" ON "sla_clocks" USING btree ("warn_at") WHERE "sla_clocks"."stopped_at" is null and not "sla_clocks"."paused" and "sla_clocks"."warned_soon_at" is null;--> statement-breakpoint
CREATE INDEX "sla_clocks_due_idx" ON "sla_clocks" USING btree ("due_at") WHERE "sla_clocks"."stopped_at" is null and not "sla_clocks"."paused" and "sla_clocks"."warned_breach_at" is null;--> statement-breakpoint
CREATE INDEX "sla_clocks_organisation_running_idx" ON "sla_clocks" USING btree ("organisation_id","due_at") WHERE "sla_clocks"."stopped_at" is null and not "sla_clocks"."paused";--> statement-breakpoint
CREATE INDEX "sla_mails_send_after_idx" ON "sla_mails" USING btree ("send_after");--> statement-breakpoint
CREATE INDEX "sla_stale_queued_idx" ON "sla_stale" USING btree ("queued_at","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_status_moments_ticket_idx" ON "ticket_status_moments" USING btree ("ticket_id","at","id");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_sla_warning_minutes_valid" CHECK ("organisations"."sla_warning_minutes" between 1 and 1440);--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_kind_valid" CHECK ("member_notifications"."kind" in ('assigned', 'customer_replied', 'mentioned', 'new_ticket', 'unanswered', 'sla_due_soon', 'sla_breached'));--> statement-breakpoint
-- Hand-written below (docs/decisions/0028-sla-clocks.md). Each status change of a ticket is kept as a moment
-- of its SLA history, at the ticket's updated_at (a message's WhatsApp time when a message moved it, the
-- call's time when a member did), whichever statement changed it: the engine's one-statement join, a
-- reopen, a call, a merge.
CREATE FUNCTION "ticket_status_moment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'close' THEN
    INSERT INTO ticket_status_moments (ticket_id, at, kind) VALUES (NEW.id, NEW.updated_at, 'reopened');
  END IF;
  IF NEW.status = 'pending' THEN
    INSERT INTO ticket_status_moments (ticket_id, at, kind) VALUES (NEW.id, NEW.updated_at, 'pending');
  ELSIF NEW.status = 'close' THEN
    INSERT INTO ticket_status_moments (ticket_id, at, kind)
      VALUES (NEW.id, coalesce(NEW.closed_at, NEW.updated_at), 'closed');
  ELSIF OLD.status = 'pending' THEN
    INSERT INTO ticket_status_moments (ticket_id, at, kind) VALUES (NEW.id, NEW.updated_at, 'resumed');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_status_moment" AFTER UPDATE OF "status" ON "tickets" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NOT (OLD.status IN ('open', 'in_progress')
    AND NEW.status IN ('open', 'in_progress')))
  EXECUTE FUNCTION "ticket_status_moment"();--> statement-breakpoint
-- A ticket whose history changed is queued for its clocks to be computed again, in the same transaction as
-- the change, so no change is lost to a crash; only in organisations that measure (a policy, or the
-- out-of-hours reply on).
CREATE FUNCTION "sla_mark_stale"(changed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sla_stale (ticket_id, organisation_id)
  SELECT t.id, t.organisation_id FROM tickets t JOIN organisations o ON o.id = t.organisation_id
  WHERE t.id = changed AND (o.out_of_hours_reply
    OR EXISTS (SELECT 1 FROM sla_policies p WHERE p.organisation_id = t.organisation_id))
  -- An update, not DO NOTHING: it locks a row already queued, so a worker claiming it meanwhile (SKIP
  -- LOCKED) leaves it for after this change commits, or this insert waits for the claim and queues again.
  ON CONFLICT (ticket_id) DO UPDATE SET queued_at = excluded.queued_at
$$;--> statement-breakpoint
CREATE FUNCTION "sla_history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'desk_replies' THEN
    PERFORM sla_mark_stale(m.ticket_id) FROM ticket_messages m
      WHERE m.session_id = NEW.session_id AND m.group_jid = NEW.group_jid AND m.wa_id = NEW.wa_id;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM sla_mark_stale(OLD.ticket_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM sla_mark_stale(NEW.ticket_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Messages and status moments arrive in batches (the engine joins a batch of messages in one statement):
-- one queueing per statement, over its new rows, not one per row.
CREATE FUNCTION "sla_history_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sla_stale (ticket_id, organisation_id)
  SELECT DISTINCT t.id, t.organisation_id FROM added a
  JOIN tickets t ON t.id = a.ticket_id JOIN organisations o ON o.id = t.organisation_id
  WHERE o.out_of_hours_reply OR EXISTS (SELECT 1 FROM sla_policies p WHERE p.organisation_id = t.organisation_id)
  ORDER BY t.id
  ON CONFLICT (ticket_id) DO UPDATE SET queued_at = excluded.queued_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sla_history_messages" AFTER INSERT ON "ticket_messages" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "sla_history_added"();--> statement-breakpoint
CREATE TRIGGER "sla_history_statuses" AFTER INSERT ON "ticket_status_moments" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "sla_history_added"();--> statement-breakpoint
-- Rarer changes, row by row: a message moved to another ticket (merge, split), labels, a refusal.
CREATE TRIGGER "sla_history_moved" AFTER UPDATE OF "ticket_id" ON "ticket_messages"
  FOR EACH ROW EXECUTE FUNCTION "sla_history_changed"();--> statement-breakpoint
CREATE TRIGGER "sla_history_label" AFTER INSERT OR DELETE ON "ticket_labels"
  FOR EACH ROW EXECUTE FUNCTION "sla_history_changed"();--> statement-breakpoint
CREATE TRIGGER "sla_history_refusal" AFTER UPDATE OF "status" ON "desk_replies"
  FOR EACH ROW WHEN ((OLD.status = 'failed') IS DISTINCT FROM (NEW.status = 'failed'))
  EXECUTE FUNCTION "sla_history_changed"();
--> statement-breakpoint
-- The history of tickets from before this migration: closed tickets closed, pending ones pending since
-- their last change, so that a ticket measured later does not run clocks it finished long ago.
INSERT INTO "ticket_status_moments" (ticket_id, at, kind)
  SELECT id, closed_at, 'closed' FROM tickets WHERE status = 'close' AND closed_at IS NOT NULL;--> statement-breakpoint
INSERT INTO "ticket_status_moments" (ticket_id, at, kind)
  SELECT id, updated_at, 'pending' FROM tickets WHERE status = 'pending';
