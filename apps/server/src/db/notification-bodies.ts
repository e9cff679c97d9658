import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * How payloads travel through NOTIFY, whose payload must stay under 8000 bytes: a small payload goes
 * inline as `i<payload>`; a larger one is stored in notification_bodies by the same statement (so it is
 * committed exactly when the NOTIFY is delivered) and travels as `r<key>`.
 */
const INLINE = 'i';
const REFERENCE = 'r';
// Below PostgreSQL's 8000 with room for the one-character frame.
const MAX_INLINE_BYTES = 7900;
// Bodies are read within milliseconds of their NOTIFY; a minute leaves a slow listener plenty of room.
const PURGE_EVERY_MS = 30_000;

const NOTIFY_ALL = `select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, i) order by i`;
const STORE = `stored as (insert into notification_bodies (key, body) select * from unnest($3::uuid[], $4::text[]))`;
// SKIP LOCKED: two instances purging at once must not make one wait on the other's row locks.
const PURGE = `purged as (delete from notification_bodies where key in (
  select key from notification_bodies where created_at < now() - interval '1 minute' for update skip locked))`;

function fitsInline(payload: string): boolean {
  // A UTF-16 unit is at most 3 UTF-8 bytes, so most payloads need no byte count.
  return payload.length * 3 <= MAX_INLINE_BYTES || Buffer.byteLength(payload) <= MAX_INLINE_BYTES;
}

/** Sends payloads through NOTIFY in one round trip, storing those too large for it. */
export function createNotificationSender(pool: pg.Pool, now: () => number = Date.now) {
  let lastPurge = 0;
  return async (channel: string, payloads: readonly string[]): Promise<void> => {
    const keys: string[] = [];
    const bodies: string[] = [];
    const framed = payloads.map((payload) => {
      if (fitsInline(payload)) return INLINE + payload;
      const key = randomUUID();
      keys.push(key);
      bodies.push(payload);
      return REFERENCE + key;
    });
    if (keys.length === 0) {
      await pool.query(NOTIFY_ALL, [channel, framed]);
      return;
    }
    // Only writers of bodies purge, so a database that never sees large payloads never runs the delete.
    const purge = now() - lastPurge >= PURGE_EVERY_MS;
    if (purge) lastPurge = now();
    const ctes = purge ? `${STORE}, ${PURGE}` : STORE;
    await pool.query(`with ${ctes} ${NOTIFY_ALL}`, [channel, framed, keys, bodies]);
  };
}

/**
 * Turns a received NOTIFY payload back into what was sent: the string itself, or a promise of the stored
 * body (rejecting when it is gone or the payload is not ours).
 */
export function createNotificationReader(pool: pg.Pool) {
  return (channel: string, received: string): string | Promise<string> => {
    if (received.startsWith(INLINE)) return received.slice(1);
    if (!received.startsWith(REFERENCE)) {
      return Promise.reject(new Error(`Unrecognised notification on "${channel}" (not sent by wadesk?).`));
    }
    const key = received.slice(1);
    return pool
      .query<{ body: string }>('select body from notification_bodies where key = $1', [key])
      .then(({ rows }) => {
        const row = rows[0];
        if (!row) throw new Error(`The body of large notification ${key} on "${channel}" is gone.`);
        return row.body;
      });
  };
}
