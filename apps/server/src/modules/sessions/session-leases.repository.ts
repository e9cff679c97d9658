import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A session this instance owns, and the epoch its auth writes must carry. */
export interface Lease {
  sessionId: string;
  organisationId: number;
  epoch: number;
}

export interface InstanceRoom {
  instanceId: string;
  free: number;
}

type Rows<T> = { rows: T[] };
const run = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

// A session whose stored creds show a linked account: it reconnects without a scan. Creds holding a
// pairing code the phone never confirmed name an account but are not linked (decision 0015 §4).
const LINKED = sql`exists (select 1 from wa_auth a where a.session_id = s.id
  and a.type = 'creds' and a.key_id = '' and (a.value::jsonb -> 'me') is not null
  and (coalesce(a.value::jsonb ->> 'pairingCode', '') = ''
    or coalesce((a.value::jsonb ->> 'registered')::boolean, false)))`;
// Nobody holds the session: never owned, released, or its owner stopped renewing.
const ORPHAN = sql`(s.owner_id is null or s.lease_expires_at < now())`;

const toLease = (row: { id: string; organisation_id: number; lease_epoch: string | number }): Lease => ({
  sessionId: row.id,
  organisationId: row.organisation_id,
  epoch: Number(row.lease_epoch),
});

export type SessionLeasesRepository = ReturnType<typeof createSessionLeasesRepository>;

/**
 * Session ownership on PostgreSQL (docs/architecture.md, scale-out): lease columns on wa_sessions and a
 * heartbeat row per instance. Times are the database's own (now()), so instances' clocks never disagree.
 */
export function createSessionLeasesRepository(db: Db) {
  const ttl = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
  return {
    /**
     * Says this instance is alive and renews the leases it holds; answers those it still has. Rows it owns
     * but no longer runs (closed by the fence while the database was away) are given back, so the scan of
     * any instance takes them again.
     */
    async heartbeat(instanceId: string, capacity: number, ttlMs: number, held: string[]): Promise<Lease[]> {
      await db.execute(sql`insert into wa_instances (id, capacity) values (${instanceId}, ${capacity})
        on conflict (id) do update set heartbeat_at = now(), capacity = excluded.capacity`);
      const ids = `{${held.join(',')}}`;
      await db.execute(sql`update wa_sessions s set owner_id = null, lease_expires_at = null
        where s.owner_id = ${instanceId} and not (s.id = any(${ids}::uuid[]))`);
      return (
        await run<{ id: string; organisation_id: number; lease_epoch: string }>(
          db,
          sql`update wa_sessions s set lease_expires_at = now() + ${ttl(ttlMs)}
            where s.owner_id = ${instanceId} and s.id = any(${ids}::uuid[])
            returning s.id, s.organisation_id, s.lease_epoch`,
        )
      ).map(toLease);
    },

    /**
     * Takes up to `max` linked, active sessions that nobody holds (an owner died or handed them over). A
     * session that stopped for good (refused, replaced by another client…) waits for its user to start it;
     * one WhatsApp refused the client version of is taken once more by an instance that just started (it
     * may announce another version); one banned for a while is taken when the ban has ended.
     */
    async claimOrphans(
      instanceId: string,
      max: number,
      ttlMs: number,
      { justStarted }: { justStarted: boolean },
    ): Promise<Lease[]> {
      if (max <= 0) return [];
      const rows = await run<{ id: string; organisation_id: number; lease_epoch: string }>(
        db,
        sql`update wa_sessions s set owner_id = ${instanceId}, lease_epoch = s.lease_epoch + 1,
            lease_expires_at = now() + ${ttl(ttlMs)}
          where s.id in (select s.id from wa_sessions s where s.is_active and ${ORPHAN} and ${LINKED}
            and s.status not in ('refused', 'replaced', 'qr_expired', 'logged_out', 'banned', 'terminated')
            and (s.status <> 'version_refused' or ${justStarted})
            and (s.status <> 'temporarily_banned' or s.resumes_at <= now())
            order by s.updated_at limit ${max} for update skip locked)
          returning s.id, s.organisation_id, s.lease_epoch`,
      );
      return rows.map(toLease);
    },

    /** Takes one session unless another live instance holds it (then null). */
    async claim(instanceId: string, sessionId: string, ttlMs: number): Promise<Lease | null> {
      const [row] = await run<{ id: string; organisation_id: number; lease_epoch: string }>(
        db,
        sql`update wa_sessions s set owner_id = ${instanceId},
            lease_epoch = case when s.owner_id = ${instanceId} and s.lease_expires_at >= now()
              then s.lease_epoch else s.lease_epoch + 1 end,
            lease_expires_at = now() + ${ttl(ttlMs)}
          where s.id = ${sessionId} and (${ORPHAN} or s.owner_id = ${instanceId})
          returning s.id, s.organisation_id, s.lease_epoch`,
      );
      return row ? toLease(row) : null;
    },

    /** The live owner of a session, or null when nobody holds it. */
    async ownerOf(sessionId: string): Promise<string | null> {
      const [row] = await run<{ owner_id: string | null }>(
        db,
        sql`select s.owner_id from wa_sessions s where s.id = ${sessionId} and not ${ORPHAN}`,
      );
      return row?.owner_id ?? null;
    },

    /** Live instances other than `except` with room for another session, the emptiest first. */
    async instancesWithRoom(except: string, ttlMs: number): Promise<InstanceRoom[]> {
      const rows = await run<{ id: string; free: string }>(
        db,
        sql`select i.id, i.capacity - (select count(*) from wa_sessions s
              where s.owner_id = i.id and s.lease_expires_at >= now()) as free
            from wa_instances i
            where i.id <> ${except} and i.heartbeat_at > now() - ${ttl(ttlMs)}
            order by free desc`,
      );
      return rows.map((r) => ({ instanceId: r.id, free: Number(r.free) })).filter((r) => r.free > 0);
    },

    /** Hands sessions back (all of this instance's when `sessionIds` is absent). */
    async release(instanceId: string, sessionIds?: string[]): Promise<void> {
      if (sessionIds?.length === 0) return;
      const only = sessionIds ? sql` and s.id in ${sql`(${sql.join(sessionIds, sql`, `)})`}` : sql``;
      await db.execute(sql`update wa_sessions s set owner_id = null, lease_expires_at = null
        where s.owner_id = ${instanceId}${only}`);
    },

    async leave(instanceId: string): Promise<void> {
      await db.execute(sql`delete from wa_instances where id = ${instanceId}`);
    },

    /** One process on an embedded database: every lease it finds is a previous run's. */
    async forgetAll(): Promise<void> {
      await db.execute(sql`update wa_sessions set owner_id = null, lease_expires_at = null`);
      await db.execute(sql`delete from wa_instances`);
    },

    /** Sessions that were linking when their owner stopped: their QR code is gone. */
    async interruptLinking(reason: string): Promise<void> {
      // The expiry joins each session's health in the same statement.
      await db.execute(sql`with expired as (
          update wa_sessions s set status = 'qr_expired', reason = ${reason},
            updated_at = now(), owner_id = null, lease_expires_at = null
          where s.is_active and s.status in ('starting', 'qr', 'reconnecting') and ${ORPHAN} and not ${LINKED}
          returning s.id, s.organisation_id)
        insert into wa_session_events (session_id, organisation_id, kind, reason)
          select id, organisation_id, 'qr_expired', ${reason} from expired`);
    },
  };
}
