-- Hand-written: the audit log refuses TRUNCATE too. Row triggers (0014) never see a TRUNCATE, which empties
-- the table at once, and a TRUNCATE of the organisations with CASCADE reaches it as well; so a statement
-- trigger refuses it, whoever runs it — the owner included. Deleting an organisation still removes its
-- entries (a DELETE, which the row trigger allows after the organisation is gone).
CREATE FUNCTION "audit_log_refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log entries cannot be changed';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_truncate"();
