ALTER TABLE "sla_clocks" ADD COLUMN "stopped_by_agent_id" integer;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "targeted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "office_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_stopped_by_agent_id_agents_id_fk" FOREIGN KEY ("stopped_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_messages_business_idx" ON "ticket_messages" USING btree ("ticket_id") WHERE "ticket_messages"."is_business";--> statement-breakpoint
-- Hand-written below (docs/decisions/0029-reports.md): every ticket's clocks are measured again, so that
-- tickets without a policy get their untargeted clocks and every clock its office seconds and agent phone.
-- Queued a day ahead: a live change (queued now) is measured first, the backlog after it.
INSERT INTO sla_stale (ticket_id, organisation_id, queued_at)
  SELECT id, organisation_id, now() + interval '1 day' FROM tickets ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every organisation's tickets are measured now, with or without an SLA policy or the out-of-hours reply.
CREATE OR REPLACE FUNCTION "sla_mark_stale"(changed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sla_stale (ticket_id, organisation_id)
  SELECT t.id, t.organisation_id FROM tickets t WHERE t.id = changed
  -- An update, not DO NOTHING: it locks a row already queued, so a worker claiming it meanwhile (SKIP
  -- LOCKED) leaves it for after this change commits, or this insert waits for the claim and queues again.
  ON CONFLICT (ticket_id) DO UPDATE SET queued_at = excluded.queued_at
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sla_history_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sla_stale (ticket_id, organisation_id)
  SELECT DISTINCT t.id, t.organisation_id FROM added a JOIN tickets t ON t.id = a.ticket_id
  ORDER BY t.id
  ON CONFLICT (ticket_id) DO UPDATE SET queued_at = excluded.queued_at;
  RETURN NULL;
END $$;
