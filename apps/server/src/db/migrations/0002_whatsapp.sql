CREATE TABLE "wa_auth" (
	"session_id" uuid NOT NULL,
	"type" text NOT NULL,
	"key_id" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "wa_auth_session_id_type_key_id_pk" PRIMARY KEY("session_id","type","key_id")
);
--> statement-breakpoint
CREATE TABLE "wa_contacts" (
	"session_id" uuid NOT NULL,
	"jid" text NOT NULL,
	"name" text,
	"alt_jid" text,
	CONSTRAINT "wa_contacts_session_id_jid_pk" PRIMARY KEY("session_id","jid")
);
--> statement-breakpoint
CREATE TABLE "wa_groups" (
	"session_id" uuid NOT NULL,
	"jid" text NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"addressing_mode" text DEFAULT 'pn' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"history_complete" boolean DEFAULT false NOT NULL,
	"sync_state" text,
	"sync_fetched" integer DEFAULT 0 NOT NULL,
	"sync_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wa_groups_session_id_jid_pk" PRIMARY KEY("session_id","jid")
);
--> statement-breakpoint
CREATE TABLE "wa_messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"group_jid" text NOT NULL,
	"msg_id" text NOT NULL,
	"wa_id" text NOT NULL,
	"from_me" boolean NOT NULL,
	"author" text,
	"author_alt" text,
	"author_name" text,
	"body" text NOT NULL,
	"message_type" text NOT NULL,
	"has_media" boolean NOT NULL,
	"mimetype" text,
	"filename" text,
	"thumbnail" text,
	"quoted_id" text,
	"quoted_participant" text,
	"quoted_type" text,
	"quoted_body" text,
	"quoted_thumbnail" text,
	"timestamp" bigint NOT NULL,
	"raw" jsonb,
	"media_object" text,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wa_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'starting' NOT NULL,
	"reason" text,
	"phone" text,
	"me_jid" text,
	"me_lid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wa_auth" ADD CONSTRAINT "wa_auth_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_contacts" ADD CONSTRAINT "wa_contacts_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_groups" ADD CONSTRAINT "wa_groups_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_messages" ADD CONSTRAINT "wa_messages_session_id_wa_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wa_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_sessions" ADD CONSTRAINT "wa_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wa_groups_organisation_id_idx" ON "wa_groups" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wa_messages_key_idx" ON "wa_messages" USING btree ("session_id","group_jid","wa_id");--> statement-breakpoint
CREATE INDEX "wa_messages_group_time_idx" ON "wa_messages" USING btree ("session_id","group_jid","timestamp","msg_id");--> statement-breakpoint
CREATE INDEX "wa_sessions_organisation_id_idx" ON "wa_sessions" USING btree ("organisation_id","is_active");