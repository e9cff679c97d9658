CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"user_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_user_type_valid" CHECK ("agents"."user_type" in ('owner', 'user')),
	CONSTRAINT "agents_number_e164" CHECK ("agents"."number" ~ '^\+[1-9][0-9]{5,14}$'),
	CONSTRAINT "agents_name_valid" CHECK (length("agents"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"wa_id" text NOT NULL,
	"sender" text,
	"sender_name" text NOT NULL,
	"is_business" boolean NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_stats" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"responded_count" integer DEFAULT 0 NOT NULL,
	"response_seconds_sum" double precision DEFAULT 0 NOT NULL,
	"resolved_count" integer DEFAULT 0 NOT NULL,
	"resolution_seconds_sum" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"group_name" text NOT NULL,
	"customer" text NOT NULL,
	"customer_number" text,
	"last_message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_response_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tickets_status_valid" CHECK ("tickets"."status" in ('open', 'in_progress', 'close')),
	CONSTRAINT "tickets_closed_at_only_when_closed" CHECK (("tickets"."status" = 'close') = ("tickets"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_stats" ADD CONSTRAINT "ticket_stats_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_organisation_number_idx" ON "agents" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_messages_key_idx" ON "ticket_messages" USING btree ("session_id","group_jid","wa_id");--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_group_idx" ON "tickets" USING btree ("organisation_id","session_id","group_jid") WHERE "tickets"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "tickets_organisation_created_idx" ON "tickets" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_organisation_status_idx" ON "tickets" USING btree ("organisation_id","status");--> statement-breakpoint
-- Hand-written below: ticket_stats follows tickets, so getTicketStats reads one row instead of aggregating
-- every ticket on each 5-second dashboard poll. Updates that change no counted column (a message joining a
-- ticket) skip the trigger, so the counter row is locked only when a ticket opens, is answered or changes status.
CREATE FUNCTION "ticket_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org integer;
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
    -- A plain update: when the organisation itself is being deleted its row is already gone.
    UPDATE "ticket_stats" SET
      "open" = "open" + d_open, "in_progress" = "in_progress" + d_in_progress, "closed" = "closed" + d_closed,
      "responded_count" = "responded_count" + d_responded,
      "response_seconds_sum" = "response_seconds_sum" + d_response,
      "resolved_count" = "resolved_count" + d_resolved,
      "resolution_seconds_sum" = "resolution_seconds_sum" + d_resolution
    WHERE "organisation_id" = org;
    RETURN OLD;
  END IF;
  INSERT INTO "ticket_stats" AS s VALUES (org, d_open, d_in_progress, d_closed, d_responded, d_response, d_resolved, d_resolution)
  ON CONFLICT ("organisation_id") DO UPDATE SET
    "open" = s."open" + d_open, "in_progress" = s."in_progress" + d_in_progress, "closed" = s."closed" + d_closed,
    "responded_count" = s."responded_count" + d_responded,
    "response_seconds_sum" = s."response_seconds_sum" + d_response,
    "resolved_count" = s."resolved_count" + d_resolved,
    "resolution_seconds_sum" = s."resolution_seconds_sum" + d_resolution;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_stats_insert_delete" AFTER INSERT OR DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "ticket_stats_apply"();
--> statement-breakpoint
CREATE TRIGGER "tickets_stats_update" AFTER UPDATE ON "tickets" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.first_response_at IS DISTINCT FROM NEW.first_response_at
    OR OLD.closed_at IS DISTINCT FROM NEW.closed_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION "ticket_stats_apply"();
