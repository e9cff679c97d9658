-- Hand-written: the inbox's search uses trigram indexes (decision 0021). pg_trgm is a trusted extension
-- (PostgreSQL 13 and later): the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_customer_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
-- Hand-written: both columns from the stored conversations, before the indexes are built. Stored messages
-- do not say which were acknowledgements, so here (only) one counts as the customer waiting.
UPDATE "tickets" t SET
  "last_customer_at" = coalesce((SELECT max(m."created_at") FROM "ticket_messages" m
    WHERE m."ticket_id" = t."id" AND NOT m."is_business"), t."created_at"),
  "waiting_since" = (SELECT min(m."created_at") FROM "ticket_messages" m
    WHERE m."ticket_id" = t."id" AND NOT m."is_business" AND m."created_at" > coalesce((SELECT max(b."created_at")
      FROM "ticket_messages" b WHERE b."ticket_id" = t."id" AND b."is_business"), '-infinity'::timestamptz));--> statement-breakpoint
CREATE INDEX "ticket_messages_message_trgm_idx" ON "ticket_messages" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_inbox_idx" ON "tickets" USING btree ("organisation_id","last_customer_at","id");--> statement-breakpoint
CREATE INDEX "tickets_inbox_open_idx" ON "tickets" USING btree ("organisation_id","last_customer_at","id") WHERE "tickets"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "tickets_inbox_pending_idx" ON "tickets" USING btree ("organisation_id","last_customer_at","id") WHERE "tickets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tickets_inbox_assignee_idx" ON "tickets" USING btree ("organisation_id","assignee_id","last_customer_at","id") WHERE "tickets"."status" in ('open', 'in_progress', 'pending');--> statement-breakpoint
CREATE INDEX "tickets_search_trgm_idx" ON "tickets" USING gin (("customer" || chr(10) || coalesce("customer_number", '') || chr(10) || "group_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_customer_number_idx" ON "tickets" USING btree ("organisation_id","customer_number");--> statement-breakpoint
CREATE INDEX "tickets_customer_key_idx" ON "tickets" USING btree ("organisation_id","customer_key") WHERE "tickets"."customer_number" is null;