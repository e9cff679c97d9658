CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"shortcut" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canned_replies_shortcut_valid" CHECK ("canned_replies"."shortcut" ~ '^[a-z0-9_-]{1,30}$'),
	CONSTRAINT "canned_replies_body_valid" CHECK (length("canned_replies"."body") between 1 and 4096)
);
--> statement-breakpoint
CREATE TABLE "desk_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"wa_id" text NOT NULL,
	"ticket_id" integer,
	"user_id" integer,
	"body" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_name_valid" CHECK (length("labels"."name") between 1 and 40),
	CONSTRAINT "labels_colour_valid" CHECK ("labels"."colour" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "ticket_labels" (
	"ticket_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "ticket_labels_ticket_id_label_id_pk" PRIMARY KEY("ticket_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_notes_body_valid" CHECK (length("ticket_notes"."body") between 1 and 4000)
);
--> statement-breakpoint
DROP INDEX "tickets_one_active_per_group_idx";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "ack_phrases" text[];--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "unanswered_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "sent_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_key" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "wa_groups" ADD COLUMN "ticket_mode" text DEFAULT 'watch' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD CONSTRAINT "desk_replies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD CONSTRAINT "desk_replies_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD CONSTRAINT "desk_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD CONSTRAINT "desk_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_labels" ADD CONSTRAINT "ticket_labels_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_labels" ADD CONSTRAINT "ticket_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_organisation_at_idx" ON "audit_log" USING btree ("organisation_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_organisation_action_idx" ON "audit_log" USING btree ("organisation_id","action","at");--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_organisation_shortcut_idx" ON "canned_replies" USING btree ("organisation_id","shortcut");--> statement-breakpoint
CREATE UNIQUE INDEX "desk_replies_key_idx" ON "desk_replies" USING btree ("session_id","wa_id");--> statement-breakpoint
CREATE INDEX "desk_replies_created_idx" ON "desk_replies" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_organisation_name_idx" ON "labels" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ticket_labels_label_idx" ON "ticket_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "ticket_notes" USING btree ("ticket_id","created_at");--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_customer_idx" ON "tickets" USING btree ("organisation_id","session_id","group_jid","customer_key") WHERE "tickets"."status" in ('open', 'in_progress') and "tickets"."customer_key" is not null;--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("assignee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_group_idx" ON "tickets" USING btree ("organisation_id","session_id","group_jid") WHERE "tickets"."status" in ('open', 'in_progress') and "tickets"."customer_key" is null;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_unanswered_minutes_valid" CHECK ("organisations"."unanswered_minutes" between 1 and 10080);--> statement-breakpoint
ALTER TABLE "wa_groups" ADD CONSTRAINT "wa_groups_ticket_mode_valid" CHECK ("wa_groups"."ticket_mode" in ('watch', 'per_customer', 'ignore'));--> statement-breakpoint
-- Hand-written below: the audit log is append-only. The API has no call that edits it, and the database
-- refuses to change or delete an entry from anywhere; only deleting the organisation removes its entries
-- (the cascade runs after the organisation row is gone, which is how the trigger tells it apart).
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "organisations" WHERE "id" = OLD."organisation_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit log entries cannot be changed';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
