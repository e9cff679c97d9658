import type { NotificationKind } from '@wadesk/contract';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { ints } from '../../db/int-array';
import { type MemberNotificationRow, memberNotifications } from './notifications.schema';

/** The advisory lock key of the unanswered sweep (any fixed number no other lock uses). */
export const UNANSWERED_SWEEP_LOCK = 7_212_305;

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** One notification to store, the same for every member it goes to. */
export interface NotificationPost {
  organisationId: number;
  kind: NotificationKind;
  ticketId: number | null;
  title: string;
  body: string;
}

/** Who gets a post: these members of its organisation, or every member. */
export type Recipients = { userIds: readonly number[] } | 'everyone';

/** A ticket whose wait the unanswered sweep claimed: alerted now, and not again for this wait (decision 0022). */
export interface UnansweredTicket {
  id: number;
  organisationId: number;
  customer: string;
  groupName: string;
  /** How long the customer has waited now, in whole minutes (since `waiting_since`). */
  waitedMinutes: number;
}

/**
 * Each member's notifications (decision 0022). Every query names the organisation and the member: a
 * member never reads or marks another's, nor one of another organisation.
 */
export function createNotificationsRepository(db: Db) {
  /**
   * One row per post and recipient who is a member of the post's organisation, in one statement however
   * many posts (the engine posts a batch's new tickets at once). The ticket is named only while it is the
   * organisation's (a ticket merged away meanwhile leaves it null, as its deletion would).
   */
  async function insert(
    executor: Db | DbTransaction,
    posts: readonly NotificationPost[],
    to: Recipients,
  ): Promise<MemberNotificationRow[]> {
    if (posts.length === 0 || (to !== 'everyone' && to.userIds.length === 0)) return [];
    const values = sql.join(
      posts.map(
        (p, i) =>
          sql`(${i}::int, ${p.organisationId}::int, ${p.kind}::text, ${p.ticketId}::int, ${p.title}::text, ${p.body}::text)`,
      ),
      sql`, `,
    );
    const who = to === 'everyone' ? sql`true` : sql`u.id = any(${ints(to.userIds)})`;
    const result = (await executor.execute(sql`
      insert into member_notifications (organisation_id, user_id, kind, ticket_id, title, body)
      select p.organisation_id, u.id, p.kind,
        (select t.id from tickets t where t.id = p.ticket_id and t.organisation_id = p.organisation_id),
        p.title, p.body
      from (values ${values}) as p(i, organisation_id, kind, ticket_id, title, body)
      join users u on u.organisation_id = p.organisation_id
      where ${who}
      order by p.i, u.id
      returning id, organisation_id, user_id, kind, ticket_id, title, body, created_at, read_at
    `)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map(fromRaw);
  }

  return {
    insert: (posts: readonly NotificationPost[], to: Recipients) => insert(db, posts, to),
    /** The same, in a caller's transaction: what it claimed and what it tells are kept together. */
    insertWithin: insert,

    /**
     * Keeps each of these members' newest `keep` notifications: one index walk per member to find the
     * cut, then a range delete on (user_id, id).
     */
    async prune(userIds: readonly number[], keep: number): Promise<number> {
      if (userIds.length === 0) return 0;
      const result = (await db.execute(sql`
        with cut as (
          select m.user_id,
            (select n.id from member_notifications n where n.user_id = m.user_id
             order by n.id desc offset ${keep} limit 1) as id
          from unnest(${ints([...new Set(userIds)])}) as m(user_id)
        )
        delete from member_notifications d using cut
        where cut.id is not null and d.user_id = cut.user_id and d.id <= cut.id
      `)) as unknown as { affectedRows?: number; rowCount?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    },

    /** The member's notifications, newest first, before `beforeId` when given. */
    async page(
      organisationId: number,
      userId: number,
      beforeId: number | undefined,
      limit: number,
    ): Promise<MemberNotificationRow[]> {
      return db
        .select()
        .from(memberNotifications)
        .where(
          and(
            eq(memberNotifications.userId, userId),
            eq(memberNotifications.organisationId, organisationId),
            beforeId === undefined ? undefined : lt(memberNotifications.id, beforeId),
          ),
        )
        .orderBy(desc(memberNotifications.id))
        .limit(limit);
    },

    async unread(organisationId: number, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberNotifications)
        .where(
          and(
            eq(memberNotifications.userId, userId),
            eq(memberNotifications.organisationId, organisationId),
            isNull(memberNotifications.readAt),
          ),
        );
      return row?.n ?? 0;
    },

    /** Marks these (or, with null, all) of the member's unread notifications read; answers the ids marked. */
    async markRead(
      organisationId: number,
      userId: number,
      ids: readonly number[] | null,
      at: Date,
    ): Promise<number[]> {
      const rows = await db
        .update(memberNotifications)
        .set({ readAt: at })
        .where(
          and(
            eq(memberNotifications.userId, userId),
            eq(memberNotifications.organisationId, organisationId),
            isNull(memberNotifications.readAt),
            ids === null ? undefined : inArray(memberNotifications.id, [...ids]),
          ),
        )
        .returning({ id: memberNotifications.id });
      return rows.map((r) => r.id);
    },

    /**
     * The unanswered sweep, one instance at a time (null when another holds the lock): tickets waiting on
     * the business (Open or In Progress, `waiting_since` set: decision 0021) for at least their
     * organisation's `unanswered_minutes` — and at most a day more, so a desk coming back after a long stop
     * does not alert its whole history — whose wait was not alerted yet. Each wait is claimed in
     * `unanswered_alerts` (an upsert on the ticket that only moves to a later wait) and its notifications are
     * posted by `post` in the same transaction: a wait is claimed once even if the lock were not held, and a
     * rollback leaves it to the next sweep. The walk is `tickets_waiting_idx`, oldest wait first.
     */
    async sweepUnanswered(
      now: Date,
      limit: number,
      post: (ticket: UnansweredTicket) => NotificationPost,
    ): Promise<MemberNotificationRow[] | null> {
      return db.transaction(async (tx) => {
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${UNANSWERED_SWEEP_LOCK}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!locked.rows[0]?.locked) return null;
        // The 8-day bound (unanswered_minutes is at most 7 days, plus the day) is a constant range on the
        // index; the per-organisation bounds filter along it.
        const claimed = (await tx.execute(sql`
          with due as (
            select t.id, t.organisation_id, t.customer, t.group_name, t.waiting_since
            from tickets t
            join organisations o on o.id = t.organisation_id
            where t.status in ('open', 'in_progress') and t.waiting_since is not null
              and t.waiting_since > ${now}::timestamptz - interval '8 days'
              and t.waiting_since <= ${now}::timestamptz - o.unanswered_minutes * interval '1 minute'
              and t.waiting_since > ${now}::timestamptz - (o.unanswered_minutes + 1440) * interval '1 minute'
              and not exists (select 1 from unanswered_alerts a
                where a.ticket_id = t.id and a.waiting_since >= t.waiting_since)
            order by t.waiting_since, t.id
            limit ${limit}
          ), claimed as (
            insert into unanswered_alerts (ticket_id, waiting_since, alerted_at)
            select id, waiting_since, ${now}::timestamptz from due
            on conflict (ticket_id) do update
              set waiting_since = excluded.waiting_since, alerted_at = excluded.alerted_at
              where unanswered_alerts.waiting_since < excluded.waiting_since
            returning ticket_id
          )
          select due.id, due.organisation_id, due.customer, due.group_name,
            floor(extract(epoch from ${now}::timestamptz - due.waiting_since) / 60)::int as waited_minutes
          from due join claimed on claimed.ticket_id = due.id order by due.id
        `)) as unknown as {
          rows: {
            id: number;
            organisation_id: number;
            customer: string;
            group_name: string;
            waited_minutes: number;
          }[];
        };
        const posts = claimed.rows.map((t) =>
          post({
            id: Number(t.id),
            organisationId: Number(t.organisation_id),
            customer: t.customer,
            groupName: t.group_name,
            waitedMinutes: Number(t.waited_minutes),
          }),
        );
        return insert(tx, posts, 'everyone');
      });
    },
  };
}

function fromRaw(row: Record<string, unknown>): MemberNotificationRow {
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    userId: Number(row.user_id),
    kind: row.kind as MemberNotificationRow['kind'],
    ticketId: row.ticket_id === null ? null : Number(row.ticket_id),
    title: String(row.title),
    body: String(row.body),
    createdAt: date(row.created_at),
    readAt: row.read_at === null ? null : date(row.read_at),
  };
}
