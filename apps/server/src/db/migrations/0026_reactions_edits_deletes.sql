CREATE TABLE "wa_message_edits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"wa_id" text NOT NULL,
	"body" text NOT NULL,
	"replaced_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wa_message_reactions" (
	"session_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"group_jid" text NOT NULL,
	"target_wa_id" text NOT NULL,
	"reactor" text NOT NULL,
	"reactor_alt" text,
	"reactor_name" text,
	"from_me" boolean DEFAULT false NOT NULL,
	"emoji" text NOT NULL,
	"reacted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wa_message_reactions_session_id_group_jid_target_wa_id_reactor_pk" PRIMARY KEY("session_id","group_jid","target_wa_id","reactor")
);
--> statement-breakpoint
ALTER TABLE "wa_messages" ADD COLUMN "revoked_at" bigint;--> statement-breakpoint
ALTER TABLE "wa_messages" ADD COLUMN "edited_at" bigint;--> statement-breakpoint
ALTER TABLE "wa_message_edits" ADD CONSTRAINT "wa_message_edits_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_message_reactions" ADD CONSTRAINT "wa_message_reactions_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wa_message_edits_message_idx" ON "wa_message_edits" USING btree ("session_id","group_jid","wa_id","id");--> statement-breakpoint
CREATE INDEX "wa_message_reactions_organisation_id_idx" ON "wa_message_reactions" USING btree ("organisation_id");