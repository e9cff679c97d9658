import { sql } from 'drizzle-orm';

/** A list of integers as one `int[]` parameter expression (`= any(…)`), whatever its length. */
export const ints = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::int`),
    sql`, `,
  )}]::int[]`;
