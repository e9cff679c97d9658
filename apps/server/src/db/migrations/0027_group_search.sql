-- Hand-written: search within a group (decision 0025) uses a trigram index led by the group's columns,
-- through btree_gin's opclasses for uuid and text (both extensions exist since 0021 and 0024).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "wa_messages_group_body_trgm_idx" ON "wa_messages" USING gin ("session_id","group_jid","body" gin_trgm_ops);
