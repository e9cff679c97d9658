CREATE TABLE "desk_reply_receipts" (
	"desk_reply_id" bigint NOT NULL,
	"member_jid" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "desk_reply_receipts_desk_reply_id_member_jid_pk" PRIMARY KEY("desk_reply_id","member_jid")
);
--> statement-breakpoint
ALTER TABLE "desk_replies" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD COLUMN "refusal" text;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD COLUMN "recipients" integer;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD COLUMN "retried_as" text;--> statement-breakpoint
-- Replies sent before states were tracked went out (a failed send removed its row): they count as sent.
UPDATE "desk_replies" SET "status" = 'sent';--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "echo_effects" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_reply_receipts" ADD CONSTRAINT "desk_reply_receipts_desk_reply_id_desk_replies_id_fk" FOREIGN KEY ("desk_reply_id") REFERENCES "public"."desk_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_replies" ADD CONSTRAINT "desk_replies_status_valid" CHECK ("desk_replies"."status" in ('pending', 'sent', 'delivered', 'read', 'failed'));