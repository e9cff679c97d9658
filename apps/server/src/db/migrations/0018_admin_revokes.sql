-- Members stored before admins were kept count as members until their group's metadata is read again
-- (every connection lists the groups).
ALTER TABLE "wa_group_participants" ADD COLUMN "admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_messages" ADD COLUMN "revoked_by" text;
