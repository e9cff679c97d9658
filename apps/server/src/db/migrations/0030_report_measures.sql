ALTER TABLE "sla_clocks" ADD COLUMN "stopped_by_agent_id" integer;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "targeted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD COLUMN "office_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_stopped_by_agent_id_agents_id_fk" FOREIGN KEY ("stopped_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (docs/decisions/0029-reports.md): every ticket's clocks are measured again, so that
-- tickets without a policy get their untargeted clocks and every clock its office seconds and agent phone.
INSERT INTO sla_stale (ticket_id, organisation_id) SELECT id, organisation_id FROM tickets ON CONFLICT DO NOTHING;
