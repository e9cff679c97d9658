import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/** Runs a statement with `sql.placeholder` values filled in; each row an array in the select list's order. */
export type ArrayRowsStatement = (values?: Record<string, unknown>) => Promise<unknown[][]>;

/**
 * `query` as a statement whose rows come back as arrays, as the driver parsed them, without Drizzle's
 * mapping: for a hot read whose rows are many and wide, where Drizzle's per-field mapping (an `is` check and
 * a decoder per value) cost more server CPU than the query (docs/decisions/0023-inbox-speed.md). Columns
 * come as the driver gives them (text, int4 as number, json parsed): select timestamps as text.
 *
 * `name` makes it a named prepared statement on PostgreSQL, parsed and planned once per connection (keep
 * the names few: each connection keeps every one it has seen). PGlite parses every call.
 */
export function arrayRowsStatement(db: Db, query: SQL, name?: string): ArrayRowsStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool)
    return async (values = {}) =>
      (
        await client.query<unknown[]>({
          ...(name ? { name } : {}),
          text,
          values: fillPlaceholders(params, values),
          rowMode: 'array',
        })
      ).rows;
  if (client instanceof PGlite)
    return async (values = {}) =>
      (await client.query<unknown[]>(text, fillPlaceholders(params, values), { rowMode: 'array' })).rows;
  throw new Error('arrayRowsStatement: the database is neither a node-postgres pool nor PGlite');
}

/** PostgreSQL's ISO DateStyle for a `timestamp`: the year may have more than four digits. */
const ISO_TIMESTAMP = /^\d{4,}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?$/;

/**
 * A `timestamp` (no zone) in PostgreSQL's ISO text — "2026-11-27 20:06:04" or "2026-11-27 20:06:04.12345",
 * trailing zeros dropped — as ISO 8601 UTC with `digits` fractional digits (3 as Date#toISOString writes,
 * 6 for a cursor), truncated like PostgreSQL's to_char. Select the column as `(column at time zone 'UTC')::text`.
 * A year past 9999 keeps its digits (as to_char writes it) and `infinity` stays as it is: a time WhatsApp
 * sent wrong must not fail every page that shows its ticket. Any other shape throws (a DateStyle other than
 * ISO, which node-postgres' own parsers need too).
 */
export function utcTextToIso(text: string, digits: 3 | 6): string {
  if (text === 'infinity' || text === '-infinity') return text;
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) throw new Error(`Not a PostgreSQL ISO timestamp: ${text}`);
  const space = text.indexOf(' ');
  const fraction = `${match[1]?.slice(1) ?? ''}000000`.slice(0, digits);
  return `${text.slice(0, space)}T${text.slice(space + 1, space + 9)}.${fraction}Z`;
}

/** How many conversions `cachedUtcTextToIso` keeps before it starts over. */
const ISO_CACHE_SIZE = 20_000;
const isoCaches = { 3: new Map<string, string>(), 6: new Map<string, string>() };

/**
 * utcTextToIso, remembered: a page shows the same tickets' times call after call, and building each ISO
 * string from slices allocated ~290 bytes (a page's 357 times were 60 % of its garbage and so of its
 * scavenge pauses, decision 0023). A lookup allocates nothing; the cache starts over when full.
 */
export function cachedUtcTextToIso(text: string, digits: 3 | 6): string {
  const cache = isoCaches[digits];
  let iso = cache.get(text);
  if (iso === undefined) {
    iso = utcTextToIso(text, digits);
    if (cache.size >= ISO_CACHE_SIZE) cache.clear();
    cache.set(text, iso);
  }
  return iso;
}
