ALTER TABLE "login_failures" ADD COLUMN "account" text;--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account");