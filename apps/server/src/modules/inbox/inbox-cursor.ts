// The inbox's cursor (decision 0021): the last row's sort key, last_customer_at to the microsecond as
// PostgreSQL prints it in UTC and the ticket id, base64url-encoded so clients treat it as opaque. Microseconds,
// not a JavaScript Date's milliseconds: two tickets within one millisecond must not be skipped.

export interface InboxCursor {
  /** ISO 8601 in UTC with microseconds, e.g. 2026-11-27T10:00:00.123456Z */
  at: string;
  id: number;
}

const KEY = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|([1-9]\d{0,9})$/;

export function encodeCursor(cursor: InboxCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/** The cursor, or null when it is not one this server wrote (junk, tampered, from another version). */
export function decodeCursor(text: string): InboxCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const match = KEY.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[2]);
  // A date JavaScript rolls over (February 31st) would make PostgreSQL fail: it must print back the same.
  const time = Date.parse(match[1]);
  if (id > 2 ** 31 - 1 || Number.isNaN(time)) return null;
  if (new Date(time).toISOString().slice(0, 23) !== match[1].slice(0, 23)) return null;
  return { at: match[1], id };
}
