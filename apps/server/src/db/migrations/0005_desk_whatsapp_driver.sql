CREATE TABLE "wa_group_participants" (
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"jid" text NOT NULL,
	"alt_jid" text,
	CONSTRAINT "wa_group_participants_session_id_group_jid_jid_pk" PRIMARY KEY("session_id","group_jid","jid")
);
--> statement-breakpoint
CREATE TABLE "wa_session_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wa_groups" ADD COLUMN "history_probe_oldest" text;--> statement-breakpoint
ALTER TABLE "wa_groups" ADD COLUMN "history_probe_empty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_groups" ADD COLUMN "history_probe_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_group_participants" ADD CONSTRAINT "wa_group_participants_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_session_events" ADD CONSTRAINT "wa_session_events_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wa_session_events_session_idx" ON "wa_session_events" USING btree ("session_id","at");