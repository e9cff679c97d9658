DROP INDEX "tickets_unanswered_idx";--> statement-breakpoint
-- Hand-written: the column is added empty, filled, then made NOT NULL (drizzle-kit's one NOT NULL statement
-- fails on a table with rows). An alert of the past was for the wait running when it was posted: the
-- ticket's current wait if that began before the alert (not to be alerted again), else one before it (so
-- a wait that began after the alert is still alerted).
ALTER TABLE "unanswered_alerts" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
UPDATE "unanswered_alerts" a SET "waiting_since" = CASE
    WHEN t."waiting_since" <= a."alerted_at" THEN t."waiting_since"
    ELSE least(t."created_at", a."alerted_at") END
  FROM "tickets" t WHERE t."id" = a."ticket_id";--> statement-breakpoint
ALTER TABLE "unanswered_alerts" ALTER COLUMN "waiting_since" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_waiting_idx" ON "tickets" USING btree ("waiting_since") WHERE "tickets"."status" in ('open', 'in_progress') and "tickets"."waiting_since" is not null;
