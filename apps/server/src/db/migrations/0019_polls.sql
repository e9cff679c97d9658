-- Polls (docs/decisions/0018, polls): each poll message's options and the secret its votes are encrypted with,
-- and every voter's current vote. Polls stored before this migration have no row: their votes cannot be read.
CREATE TABLE "wa_poll_votes" (
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"poll_wa_id" text NOT NULL,
	"voter" text NOT NULL,
	"voter_alt" text,
	"from_me" boolean DEFAULT false NOT NULL,
	"options" jsonb NOT NULL,
	"voted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wa_poll_votes_session_id_group_jid_poll_wa_id_voter_pk" PRIMARY KEY("session_id","group_jid","poll_wa_id","voter")
);
--> statement-breakpoint
CREATE TABLE "wa_polls" (
	"session_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"group_jid" text NOT NULL,
	"wa_id" text NOT NULL,
	"options" jsonb NOT NULL,
	"selectable_count" integer DEFAULT 0 NOT NULL,
	"secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wa_polls_session_id_group_jid_wa_id_pk" PRIMARY KEY("session_id","group_jid","wa_id")
);
--> statement-breakpoint
ALTER TABLE "wa_poll_votes" ADD CONSTRAINT "wa_poll_votes_poll_fk" FOREIGN KEY ("session_id","group_jid","poll_wa_id") REFERENCES "public"."wa_polls"("session_id","group_jid","wa_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_polls" ADD CONSTRAINT "wa_polls_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wa_polls_organisation_id_idx" ON "wa_polls" USING btree ("organisation_id");