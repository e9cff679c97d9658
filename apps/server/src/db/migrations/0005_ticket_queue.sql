CREATE TABLE "wa_live_queue" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wa_live_queue" ADD CONSTRAINT "wa_live_queue_seq_wa_messages_seq_fk" FOREIGN KEY ("seq") REFERENCES "public"."wa_messages"("seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wa_live_queue_group_idx" ON "wa_live_queue" USING btree ("session_id","group_jid","seq");