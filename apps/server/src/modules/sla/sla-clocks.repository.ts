import type { BusinessHours } from '@wadesk/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { ints } from '../../db/int-array';
import { slaClocks as slaClocksTable, slaPolicies, slaStale } from './sla.schema';
import type { ClockKind, SlaClock, TicketMoment } from './sla-clocks';
import { clockIs } from './sla-filter';

// The clocks' tables (decision 0028): the stale-ticket queue the triggers fill, the clock rows, and what
// the sweep claims. Every query that a member's request reaches names the organisation.

/** What a ticket's clocks are computed from. */
export interface TicketHistory {
  ticketId: number;
  organisationId: number;
  status: string;
  labelIds: number[];
  moments: TicketMoment[];
  /** Time of the newest customer message that counts (not an acknowledgement), for the out-of-hours reply. */
  lastCustomerAt: number | null;
  /** The ticket already had its out-of-hours reply. */
  outOfHoursSent: boolean;
}

export interface OrganisationSla {
  id: number;
  businessHours: BusinessHours | null;
  warningMinutes: number;
  outOfHoursReply: boolean;
  outOfHoursMessage: string | null;
  /** In list order, label ids as stored. */
  policies: (typeof slaPolicies.$inferSelect)[];
}

export interface StoredClock extends SlaClock {
  organisationId: number;
  /** null for a ticket no policy applies to (its clocks are untargeted). */
  policyId: number | null;
  policyName: string;
}

/** A warning the sweep claimed: told now, never again for this clock. */
export interface ClaimedWarning {
  organisationId: number;
  ticketId: number;
  kind: ClockKind;
  cycle: number;
  warning: 'soon' | 'breach';
  dueAt: number | null;
  policyName: string;
  customer: string;
  groupName: string;
  /** The assignee, or the organisation's owners and admins while unassigned. */
  recipients: number[];
  businessHours: BusinessHours | null;
}

export interface WarningMail {
  organisationId: number;
  userId: number;
  ticketId: number;
  warning: 'soon' | 'breach';
  clockKind: ClockKind;
  cycle: number;
  subject: string;
  body: string;
  sendAfter: number;
}

export type ClockRow = typeof slaClocksTable.$inferSelect;

/** A jsonb column as the driver gives it: parsed already (node-postgres, PGlite) or as text. */
const hoursOf = (value: BusinessHours | string | null): BusinessHours | null =>
  typeof value === 'string' ? (JSON.parse(value) as BusinessHours) : value;

const ms = (value: unknown): number => (value instanceof Date ? value.getTime() : Date.parse(String(value)));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type SlaClocksRepository = ReturnType<typeof createSlaClocksRepository>;

export function createSlaClocksRepository(db: Db) {
  async function histories(tx: DbTransaction, ids: number[]): Promise<TicketHistory[]> {
    const tickets = rowsOf<{
      id: number;
      organisation_id: number;
      status: string;
      label_ids: number[] | null;
      sent: boolean;
    }>(
      await tx.execute(sql`
        select t.id, t.organisation_id, t.status,
          (select array_agg(l.label_id order by l.label_id) from ticket_labels l where l.ticket_id = t.id)
            as label_ids,
          exists (select 1 from out_of_hours_replies o where o.ticket_id = t.id) as sent
        from tickets t where t.id = any(${ints(ids)})`),
    );
    // Messages and status changes in time order; at one instant a message before the status it caused. A
    // refused desk reply and an acknowledgement are not moments; a desk reply marked automatic stops nothing.
    // A staff message is credited to the member who sent it from the desk, or whose agent phone it came from.
    const moments = rowsOf<{
      ticket_id: number;
      at: number;
      kind: TicketMoment['kind'];
      by_user_id: number | null;
      by_agent_id: number | null;
      by_name: string | null;
    }>(
      await tx.execute(sql`
        select ticket_id, at, kind,
          -- The member of the agent phone, looked up only for a phone's message (not for every row).
          case when by_agent_id is null then by_user_id else (select u.id from users u
            where u.agent_id = by_agent_id and u.organisation_id = h.organisation_id) end as by_user_id,
          by_agent_id, by_name from (
          select m.ticket_id, m.created_at as at_time, 0 as ord, m.id as seq,
            case when not m.is_business then 'customer' when d.automatic then 'automatic' else 'staff' end
              as kind,
            t.organisation_id,
            case when m.is_business then m.sent_by_user_id end as by_user_id,
            case when m.is_business and m.sent_by_user_id is null then (select a.id from agents a
              where a.organisation_id = t.organisation_id and a.number = m.sender) end as by_agent_id,
            case when m.is_business then m.sender_name end as by_name
          from ticket_messages m
          join tickets t on t.id = m.ticket_id
          left join desk_replies d on d.session_id = m.session_id and d.wa_id = m.wa_id
          where m.ticket_id = any(${ints(ids)}) and not m.still and d.status is distinct from 'failed'
          union all
          select s.ticket_id, s.at, 1, s.id, s.kind, null, null, null, null from ticket_status_moments s
          where s.ticket_id = any(${ints(ids)})
        ) h
        -- Whole milliseconds: times written by the database itself (now()) carry microseconds.
        cross join lateral (select floor(extract(epoch from h.at_time) * 1000)::float8 as at) e
        order by ticket_id, at_time, ord, seq`),
    );
    const byTicket = new Map<number, TicketMoment[]>();
    for (const moment of moments) {
      const id = Number(moment.ticket_id);
      const list = byTicket.get(id) ?? [];
      byTicket.set(id, list);
      list.push(
        moment.kind === 'staff'
          ? {
              at: Number(moment.at),
              kind: 'staff',
              by: {
                userId: moment.by_user_id === null ? null : Number(moment.by_user_id),
                agentId: moment.by_agent_id === null ? null : Number(moment.by_agent_id),
                name: moment.by_name ?? '',
              },
            }
          : { at: Number(moment.at), kind: moment.kind },
      );
    }
    return tickets.map((t) => {
      const list = byTicket.get(Number(t.id)) ?? [];
      const customer = list.filter((m) => m.kind === 'customer').at(-1);
      return {
        ticketId: Number(t.id),
        organisationId: Number(t.organisation_id),
        status: t.status,
        labelIds: (t.label_ids ?? []).map(Number),
        moments: list,
        lastCustomerAt: customer?.at ?? null,
        outOfHoursSent: Boolean(t.sent),
      };
    });
  }

  async function organisationsOf(tx: DbTransaction, ids: number[]): Promise<Map<number, OrganisationSla>> {
    const orgs = rowsOf<{
      id: number;
      business_hours: BusinessHours | string | null;
      sla_warning_minutes: number;
      out_of_hours_reply: boolean;
      out_of_hours_message: string | null;
    }>(
      await tx.execute(sql`
        select id, business_hours, sla_warning_minutes, out_of_hours_reply, out_of_hours_message
        from organisations where id = any(${ints(ids)})`),
    );
    const policies = await tx
      .select()
      .from(slaPolicies)
      .where(inArray(slaPolicies.organisationId, ids))
      .orderBy(asc(slaPolicies.organisationId), asc(slaPolicies.position), asc(slaPolicies.id));
    return new Map(
      orgs.map((o) => [
        Number(o.id),
        {
          id: Number(o.id),
          businessHours: hoursOf(o.business_hours),
          warningMinutes: Number(o.sla_warning_minutes),
          outOfHoursReply: o.out_of_hours_reply,
          outOfHoursMessage: o.out_of_hours_message,
          policies: policies.filter((p) => p.organisationId === Number(o.id)),
        },
      ]),
    );
  }

  async function store(tx: DbTransaction, ticketIds: number[], clocks: Map<number, StoredClock[]>) {
    const rows = [...clocks.entries()].flatMap(([ticketId, list]) => list.map((c) => ({ ticketId, ...c })));
    // Clocks the history no longer has (a policy without that target now, a refused reply undone) go.
    const keep = rows.map((r) => `${r.ticketId}:${r.kind}:${r.cycle}`);
    await tx.execute(sql`
      delete from sla_clocks where ticket_id = any(${ints(ticketIds)})
        and (ticket_id::text || ':' || kind || ':' || cycle::text) not in (
          select jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb))`);
    if (rows.length === 0) return;
    const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());
    // One JSON parameter however many clocks (a long ticket has one per exchange): bind parameters are few.
    const json = JSON.stringify(
      rows.map((r) => ({
        ticket_id: r.ticketId,
        kind: r.kind,
        cycle: r.cycle,
        organisation_id: r.organisationId,
        policy_id: r.policyId,
        policy_name: r.policyName,
        started_at: iso(r.startedAt),
        due_at: iso(r.dueAt),
        warn_at: iso(r.warnAt),
        stopped_at: iso(r.stoppedAt),
        stopped_by_user_id: r.stoppedBy?.userId ?? null,
        stopped_by_name: r.stoppedBy?.name ?? null,
        stopped_by_agent_id: r.stoppedBy?.agentId ?? null,
        targeted: r.targeted,
        office_seconds: r.officeSeconds,
        paused: r.paused,
        met: r.met,
        business_seconds: r.businessSeconds,
        wall_seconds: r.wallSeconds,
      })),
    );
    // What was told stays told: each warning at most once per clock.
    await tx.execute(sql`
      insert into sla_clocks (ticket_id, kind, cycle, organisation_id, policy_id, policy_name, started_at,
        due_at, warn_at, stopped_at, stopped_by_user_id, stopped_by_name, stopped_by_agent_id, targeted,
        office_seconds, paused, met, business_seconds, wall_seconds)
      select * from json_to_recordset(${json}::json) as x(ticket_id int, kind text, cycle int,
        organisation_id int, policy_id int, policy_name text, started_at timestamptz, due_at timestamptz,
        warn_at timestamptz, stopped_at timestamptz, stopped_by_user_id int, stopped_by_name text,
        stopped_by_agent_id int, targeted boolean, office_seconds float8,
        paused boolean, met boolean, business_seconds float8, wall_seconds float8)
      on conflict (ticket_id, kind, cycle) do update set policy_id = excluded.policy_id,
        policy_name = excluded.policy_name, started_at = excluded.started_at, due_at = excluded.due_at,
        warn_at = excluded.warn_at, stopped_at = excluded.stopped_at,
        stopped_by_user_id = excluded.stopped_by_user_id, stopped_by_name = excluded.stopped_by_name,
        stopped_by_agent_id = excluded.stopped_by_agent_id, targeted = excluded.targeted,
        office_seconds = excluded.office_seconds, paused = excluded.paused,
        met = excluded.met, business_seconds = excluded.business_seconds, wall_seconds = excluded.wall_seconds`);
  }

  async function removeMail(id: number): Promise<void> {
    await db.execute(sql`delete from sla_mails where id = ${id}`);
  }

  return {
    /**
     * Claims up to `limit` queued tickets (SKIP LOCKED: instances share the queue) and stores the clocks
     * `compute` gives each, in one transaction: a crash leaves them queued. `compute` may also claim the
     * out-of-hours reply of some of them (answered back so the caller sends it after the commit). Answers
     * null when nothing was queued.
     */
    async recompute<T extends { ticketId: number }>(
      limit: number,
      compute: (
        tickets: TicketHistory[],
        organisations: Map<number, OrganisationSla>,
      ) => { clocks: Map<number, StoredClock[]>; outOfHours: T[] },
      /**
       * Only tickets queued at least this long ago (and the migration's backfill, queued ahead): a burst of
       * messages into one ticket is then computed once, not once per message (decision 0029). 0: all.
       */
      settledForMs = 0,
    ): Promise<{ tickets: { ticketId: number; organisationId: number }[]; outOfHours: T[] } | null> {
      return db.transaction(async (tx) => {
        // The tickets' key-share locks are taken with the claim, skipping a ticket a change holds (the engine
        // locks a ticket FOR UPDATE, then queues it here): taken later, by the clocks' foreign keys, the worker
        // waited for that change while the change waited for this claim, a deadlock (decision 0029).
        const claimed = rowsOf<{ ticket_id: number; organisation_id: number }>(
          await tx.execute(sql`
            delete from sla_stale s where s.ticket_id in (
              select q.ticket_id from sla_stale q join tickets t on t.id = q.ticket_id
              ${
                settledForMs > 0
                  ? sql`where (q.queued_at <= now() - ${settledForMs}::int * interval '1 millisecond'
                      or q.queued_at > now() + interval '1 hour')`
                  : sql``
              }
              order by q.queued_at, q.ticket_id limit ${limit}
              for update of q skip locked for key share of t skip locked)
            returning s.ticket_id, s.organisation_id`),
        );
        if (claimed.length === 0) return null;
        const ids = claimed.map((c) => Number(c.ticket_id));
        const found = await histories(tx, ids);
        const orgs = await organisationsOf(tx, [...new Set(found.map((t) => t.organisationId))]);
        const { clocks, outOfHours } = compute(found, orgs);
        await store(tx, ids, clocks);
        const wanted = outOfHours.map((item) => item.ticketId);
        // Only what this transaction claimed is sent: another instance may have claimed the same ticket.
        const claimedReplies =
          wanted.length === 0
            ? new Set<number>()
            : new Set(
                rowsOf<{ ticket_id: number }>(
                  await tx.execute(sql`
                    insert into out_of_hours_replies (ticket_id, sent_at)
                    select unnest(${ints(wanted)}), now() on conflict do nothing
                    returning ticket_id`),
                ).map((r) => Number(r.ticket_id)),
              );
        return {
          tickets: found.map(({ ticketId, organisationId }) => ({ ticketId, organisationId })),
          outOfHours: outOfHours.filter((item) => claimedReplies.has(item.ticketId)),
        };
      });
    },

    /** The clocks of these tickets of the organisation with a target (the ticket's SLA), in time and kind order. */
    clocksOf(organisationId: number, ticketIds: readonly number[]): Promise<ClockRow[]> {
      if (ticketIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(slaClocksTable)
        .where(
          and(
            eq(slaClocksTable.organisationId, organisationId),
            inArray(slaClocksTable.ticketId, [...ticketIds]),
            eq(slaClocksTable.targeted, true),
          ),
        )
        .orderBy(asc(slaClocksTable.ticketId), asc(slaClocksTable.startedAt), asc(slaClocksTable.kind));
    },

    /**
     * A batch that failed (rolled back, so still queued) waits a minute, so that it does not hold up every
     * other ticket behind it: the oldest `limit` queued tickets move to the back.
     */
    async postpone(limit: number): Promise<void> {
      await db.execute(sql`
        update sla_stale set queued_at = now() + interval '1 minute'
        where ticket_id in (select ticket_id from sla_stale order by queued_at, ticket_id limit ${limit})`);
    },

    /** Active tickets with a running clock within its warning lead, and past its due time (the stat cards). */
    async counts(organisationId: number, now: Date): Promise<{ dueSoon: number; breached: number }> {
      const [row] = rowsOf<{ due_soon: number; breached: number }>(
        await db.execute(sql`
          select count(distinct c.ticket_id) filter (where ${clockIs('due_soon', now)})::int as due_soon,
            count(distinct c.ticket_id) filter (where ${clockIs('breached', now)})::int as breached
          from sla_clocks c
          where c.organisation_id = ${organisationId} and c.stopped_at is null and not c.paused
            and c.due_at is not null`),
      );
      return { dueSoon: Number(row?.due_soon ?? 0), breached: Number(row?.breached ?? 0) };
    },

    /** Queued tickets not yet computed (tests and the bench wait for none). */
    async queued(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(slaStale);
      return Number(row?.n ?? 0);
    },

    /**
     * Claims the warnings due at `now` (up to `limit` clocks, SKIP LOCKED so instances never claim one
     * twice) and, in the same transaction, stores what `tell` makes of them: the bell's rows and the mails.
     * A clock already past due when first seen is told "breached" only. Answers what was told.
     */
    async sweep<R>(
      now: Date,
      limit: number,
      tell: (tx: DbTransaction, warnings: ClaimedWarning[]) => Promise<{ rows: R[]; mails: WarningMail[] }>,
    ): Promise<{ warnings: ClaimedWarning[]; rows: R[] }> {
      return db.transaction(async (tx) => {
        const at = now.toISOString();
        const claimed = rowsOf<{
          organisation_id: number;
          ticket_id: number;
          kind: ClockKind;
          cycle: number;
          breached: boolean;
          soon_untold: boolean;
          breach_untold: boolean;
          due_at: unknown;
          policy_name: string;
          customer: string;
          group_name: string;
          recipients: number[] | null;
          business_hours: BusinessHours | string | null;
        }>(
          await tx.execute(sql`
            with due as (
              select c.ticket_id, c.kind, c.cycle, c.due_at <= ${at}::timestamptz as breached,
                c.warned_soon_at is null as soon_untold, c.warned_breach_at is null as breach_untold
              from sla_clocks c
              where c.stopped_at is null and not c.paused and (
                (c.warned_soon_at is null and c.warn_at <= ${at}::timestamptz)
                or (c.warned_breach_at is null and c.due_at <= ${at}::timestamptz))
              order by coalesce(c.warn_at, c.due_at)
              limit ${limit}
              for update skip locked
            ), told as (
              update sla_clocks c set
                warned_soon_at = coalesce(c.warned_soon_at, ${at}::timestamptz),
                warned_breach_at = case when due.breached then coalesce(c.warned_breach_at, ${at}::timestamptz)
                  else c.warned_breach_at end
              from due where c.ticket_id = due.ticket_id and c.kind = due.kind and c.cycle = due.cycle
              returning c.organisation_id, c.ticket_id, c.kind, c.cycle, c.due_at, c.policy_name
            )
            select told.*, due.breached, due.soon_untold, due.breach_untold, t.customer, t.group_name,
              o.business_hours,
              case when t.assignee_id is not null then array[t.assignee_id]
                else (select array_agg(u.id order by u.id) from users u
                  where u.organisation_id = t.organisation_id and u.role in ('owner', 'admin')) end
                as recipients
            from told
            join due on due.ticket_id = told.ticket_id and due.kind = told.kind and due.cycle = told.cycle
            join tickets t on t.id = told.ticket_id
            join organisations o on o.id = told.organisation_id
            order by told.ticket_id, told.kind, told.cycle`),
        );
        const warnings: ClaimedWarning[] = claimed.flatMap((c) => {
          const warning = c.breached ? (c.breach_untold ? 'breach' : null) : c.soon_untold ? 'soon' : null;
          if (!warning) return [];
          return [
            {
              organisationId: Number(c.organisation_id),
              ticketId: Number(c.ticket_id),
              kind: c.kind,
              cycle: Number(c.cycle),
              warning,
              dueAt: c.due_at === null ? null : ms(c.due_at),
              policyName: c.policy_name,
              customer: c.customer,
              groupName: c.group_name,
              recipients: (c.recipients ?? []).map(Number),
              businessHours: hoursOf(c.business_hours),
            },
          ];
        });
        const { rows, mails } = warnings.length > 0 ? await tell(tx, warnings) : { rows: [], mails: [] };
        if (mails.length > 0)
          await tx.execute(sql`
            insert into sla_mails (organisation_id, user_id, ticket_id, kind, clock_kind, cycle, subject, body,
              send_after)
            select * from json_to_recordset(${JSON.stringify(
              mails.map((m) => ({
                organisation_id: m.organisationId,
                user_id: m.userId,
                ticket_id: m.ticketId,
                kind: m.warning,
                clock_kind: m.clockKind,
                cycle: m.cycle,
                subject: m.subject,
                body: m.body,
                send_after: new Date(m.sendAfter).toISOString(),
              })),
            )}::json) as m(organisation_id int, user_id int, ticket_id int, kind text, clock_kind text,
              cycle int, subject text, body text, send_after timestamptz)`);
        return { warnings, rows };
      });
    },

    /**
     * Claims one mail due at `now` for `leaseMs` (SKIP LOCKED: another instance takes another), in a short
     * transaction of its own: it is sent outside any transaction, then `sent` deletes it. A claim that runs
     * out (the instance died, the mail server hung) makes it claimable again. A "due soon" mail whose clock
     * stopped meanwhile is dropped unsent. Null when no mail is due.
     */
    async claimMail(
      now: Date,
      leaseMs: number,
    ): Promise<
      { id: number; to: string; subject: string; text: string; attempts: number } | 'dropped' | null
    > {
      const at = now.toISOString();
      const [mail] = rowsOf<{
        id: number;
        email: string;
        subject: string;
        body: string;
        attempts: number;
        stale: boolean;
      }>(
        await db.execute(sql`
          update sla_mails m set claimed_until = ${at}::timestamptz + ${leaseMs} * interval '1 millisecond',
            attempts = m.attempts + 1
          from users u
          where m.id = (select c.id from sla_mails c
              where c.send_after <= ${at}::timestamptz
                and (c.claimed_until is null or c.claimed_until < ${at}::timestamptz)
              order by c.send_after, c.id
              limit 1
              for update skip locked)
            and u.id = m.user_id and u.organisation_id = m.organisation_id
          returning m.id, u.email, m.subject, m.body, m.attempts,
            (m.kind = 'soon' and not exists (select 1 from sla_clocks k where k.ticket_id = m.ticket_id
              and k.kind = m.clock_kind and k.cycle = m.cycle and k.stopped_at is null and k.targeted)) as stale`),
      );
      if (!mail) return null;
      if (mail.stale) {
        await removeMail(Number(mail.id));
        return 'dropped';
      }
      return {
        id: Number(mail.id),
        to: mail.email,
        subject: mail.subject,
        text: mail.body,
        attempts: Number(mail.attempts),
      };
    },

    /** The mail went out (or is given up): it is gone. */
    sent: removeMail,
  };
}
