CREATE TABLE "satisfaction_polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"group_jid" text NOT NULL,
	"customer" text NOT NULL,
	"customer_jids" text[] NOT NULL,
	"asked_day" date NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by_user_id" integer,
	"closed_by_agent_id" integer,
	"poll_wa_id" text,
	"asked_at" timestamp with time zone NOT NULL,
	"score" smallint,
	"voted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "satisfaction_poll" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_groups" ADD COLUMN "satisfaction_poll" text DEFAULT 'organisation' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "satisfaction_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "satisfaction_score" smallint;--> statement-breakpoint
ALTER TABLE "satisfaction_polls" ADD CONSTRAINT "satisfaction_polls_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_polls" ADD CONSTRAINT "satisfaction_polls_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_polls" ADD CONSTRAINT "satisfaction_polls_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_polls" ADD CONSTRAINT "satisfaction_polls_closed_by_agent_id_agents_id_fk" FOREIGN KEY ("closed_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "satisfaction_polls_close_idx" ON "satisfaction_polls" USING btree ("ticket_id","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "satisfaction_polls_daily_idx" ON "satisfaction_polls" USING btree ("session_id","group_jid","customer","asked_day");--> statement-breakpoint
CREATE INDEX "satisfaction_polls_poll_idx" ON "satisfaction_polls" USING btree ("session_id","group_jid","poll_wa_id") WHERE "satisfaction_polls"."poll_wa_id" is not null;--> statement-breakpoint
CREATE INDEX "satisfaction_polls_organisation_idx" ON "satisfaction_polls" USING btree ("organisation_id","asked_at");--> statement-breakpoint
ALTER TABLE "wa_groups" ADD CONSTRAINT "wa_groups_satisfaction_poll_valid" CHECK ("wa_groups"."satisfaction_poll" in ('organisation', 'on', 'off'));