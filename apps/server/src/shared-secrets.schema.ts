import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './db/columns';

// Generated secrets, shared by every instance through the database (shared-secrets.ts).

/** Secrets generated on first start when env gives none (JWT, storage signing); the first instance wins. */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
