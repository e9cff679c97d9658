-- Hand-written: the messages' search index is led by the session, which takes btree_gin's opclass for uuid
-- (decision 0021). btree_gin is a trusted extension (PostgreSQL 13 and later): the database's owner may
-- create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "ticket_messages_message_trgm_idx";--> statement-breakpoint
CREATE INDEX "ticket_messages_session_message_trgm_idx" ON "ticket_messages" USING gin ("session_id","message" gin_trgm_ops);
