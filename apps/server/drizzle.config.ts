import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @wadesk/server` writes a new SQL migration after a schema change; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
