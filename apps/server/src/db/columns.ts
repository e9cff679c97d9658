import { timestamp } from 'drizzle-orm/pg-core';

/** The `created_at` column most tables carry: set by the database when the row is inserted. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
