/** PostgreSQL's unique_violation, as raised by node-postgres and PGlite (Drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** PostgreSQL's foreign_key_violation: e.g. a row written for a ticket that was deleted (merged) meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

function hasCode(error: unknown, code: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
