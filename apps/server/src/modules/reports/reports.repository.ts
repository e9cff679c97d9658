import type { ReportCalendar, ReportGroupBy } from '@wadesk/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Reports' SQL (docs/decisions/0029-reports.md): the tickets opened in a range of the organisation's local
// dates, each given the report rows it belongs to, and the figures of each row computed by the database
// from the measured clocks (sla_clocks, every clock with or without a target) and the ticket messages.

export interface ReportScope {
  organisationId: number;
  /** Local dates (`2026-05-01`) in `timeZone`: from inclusive, to exclusive. */
  from: string;
  to: string;
  /** An IANA zone, or the SQL that reads the organisation's (the inbox's drill-down). */
  timeZone: string | SQL;
}

/** The organisation's zone for reports: its business hours' zone, UTC until they are set. */
export const organisationZone = (organisationId: number) =>
  sql`(select coalesce(business_hours->>'time_zone', 'UTC') from organisations where id = ${organisationId})`;

export interface SummaryRow {
  key: string;
  name: string;
  tickets_opened: number;
  tickets_closed: number;
  tickets_reopened: number;
  unique_customers: number;
  fr_count: number;
  fr_p50: number | null;
  fr_p90: number | null;
  nr_count: number;
  nr_p50: number | null;
  nr_p90: number | null;
  rs_count: number;
  rs_p50: number | null;
  rs_p90: number | null;
  fr_met: number;
  fr_total: number;
  nr_met: number;
  nr_total: number;
  rs_met: number;
  rs_total: number;
  desk_replies: number;
  phone_replies: number;
}

/** A member's name as the desk shows it. */
const MEMBER_NAME = sql.raw(`trim(u.first_name || ' ' || u.last_name)`);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The range's bounds as instants: local midnights of the organisation's zone. */
function bounds(scope: ReportScope) {
  return {
    from: sql`(${scope.from}::date::timestamp at time zone ${scope.timeZone})`,
    to: sql`(${scope.to}::date::timestamp at time zone ${scope.timeZone})`,
  };
}

/**
 * `opened`: the organisation's tickets opened in the range, with who handles each — its assignee, else the
 * member credited with its first response — and the agent phone that gave that first response.
 */
function openedTickets(scope: ReportScope): SQL {
  const { from, to } = bounds(scope);
  return sql`opened as (
    select t.id, t.session_id, t.group_jid, t.group_name, t.customer,
      coalesce(t.customer_number, t.customer_key, t.customer) as customer_id, t.status,
      coalesce(t.assignee_id, f.stopped_by_user_id) as handler_user_id, f.stopped_by_agent_id as handler_agent_id,
      exists (select 1 from ticket_status_moments s where s.ticket_id = t.id and s.kind = 'reopened') as reopened
    from tickets t
    left join sla_clocks f on f.ticket_id = t.id and f.kind = 'first_response' and f.cycle = 0
    where t.organisation_id = ${scope.organisationId} and t.created_at >= ${from} and t.created_at < ${to})`;
}

/** Each opened ticket's rows (`ticket_rows`: id, key, name) for the grouping. */
function ticketRows(groupBy: ReportGroupBy, organisationId: number): SQL {
  switch (groupBy) {
    case 'none':
      return sql`select id, 'all' as key, 'Everyone' as name from opened`;
    case 'group':
      return sql`select id, 'group:' || session_id::text || ':' || group_jid as key, group_name as name from opened`;
    case 'customer':
      return sql`select id, 'customer:' || customer_id as key, customer as name from opened`;
    case 'label':
      return sql`select o.id, 'label:' || l.id::text as key, l.name from opened o
        join ticket_labels tl on tl.ticket_id = o.id
        join labels l on l.id = tl.label_id and l.organisation_id = ${organisationId}`;
    case 'member':
      return sql`select o.id, 'member:' || u.id::text as key, ${MEMBER_NAME} as name from opened o
        join users u on u.id = o.handler_user_id and u.organisation_id = ${organisationId}`;
    case 'agent':
      return sql`select o.id, 'agent:' || a.id::text as key, a.name from opened o
        join agents a on a.id = o.handler_agent_id and a.organisation_id = ${organisationId}`;
  }
}

/**
 * Each measured clock's row (`clock_rows`: ticket, kind, met, targeted, seconds, key, name): an answered
 * response clock goes to whoever is credited with the answer when grouping by member or agent phone; every
 * other clock to its ticket's rows.
 */
function clockRows(groupBy: ReportGroupBy, calendar: ReportCalendar, organisationId: number): SQL {
  const seconds = calendar === 'business' ? sql.raw('c.office_seconds') : sql.raw('c.wall_seconds');
  const measured = sql`c.ticket_id, c.kind, c.met, c.targeted, ${seconds} as seconds`;
  if (groupBy === 'member' || groupBy === 'agent') {
    const credited =
      groupBy === 'member'
        ? sql`join users u on u.id = c.stopped_by_user_id and u.organisation_id = ${organisationId}`
        : sql`join agents u on u.id = c.stopped_by_agent_id and u.organisation_id = ${organisationId}`;
    const name = groupBy === 'member' ? MEMBER_NAME : sql.raw('u.name');
    return sql`select ${measured}, ${`${groupBy}:`}::text || u.id::text as key, ${name} as name from sla_clocks c
        join opened o on o.id = c.ticket_id ${credited}
        where c.stopped_at is not null and c.kind <> 'resolution'
      union all
      select ${measured}, r.key, r.name from sla_clocks c join ticket_rows r on r.id = c.ticket_id
        where c.stopped_at is not null and c.kind = 'resolution'`;
  }
  return sql`select ${measured}, r.key, r.name from sla_clocks c join ticket_rows r on r.id = c.ticket_id
    where c.stopped_at is not null`;
}

/**
 * Each staff reply's row (`reply_rows`: desk, key, name): from the desk or typed on an agent phone (automatic
 * messages and replies WhatsApp refused are not replies), credited like answers when grouping by member or
 * agent phone — to the member who sent it from the desk, else the member of the agent phone, else the phone.
 */
function replyRows(groupBy: ReportGroupBy, organisationId: number): SQL {
  const replies = sql`select m.ticket_id, m.sent_by_user_id, m.sender from ticket_messages m
    join opened o on o.id = m.ticket_id
    left join desk_replies d on d.session_id = m.session_id and d.wa_id = m.wa_id
    where m.is_business and d.automatic is not true and d.status is distinct from 'failed'`;
  if (groupBy === 'member')
    return sql`select m.ticket_id, m.sent_by_user_id is not null as desk, 'member:' || u.id::text as key, ${MEMBER_NAME} as name
      from (${replies}) m
      left join agents a on m.sent_by_user_id is null and a.organisation_id = ${organisationId} and a.number = m.sender
      join users u on u.organisation_id = ${organisationId} and u.id = coalesce(m.sent_by_user_id,
        (select l.id from users l where l.agent_id = a.id))`;
  if (groupBy === 'agent')
    return sql`select m.ticket_id, false as desk, 'agent:' || a.id::text as key, a.name from (${replies}) m
      join agents a on m.sent_by_user_id is null and a.organisation_id = ${organisationId} and a.number = m.sender`;
  return sql`select m.ticket_id, m.sent_by_user_id is not null as desk, r.key, r.name from (${replies}) m
    join ticket_rows r on r.id = m.ticket_id`;
}

/** The report's rows over the opened tickets: `opened`, `ticket_rows`, `clock_rows`, `reply_rows`. */
function reportRows(scope: ReportScope, groupBy: ReportGroupBy, calendar: ReportCalendar): SQL {
  const org = scope.organisationId;
  return sql`${openedTickets(scope)},
    ticket_rows as (${ticketRows(groupBy, org)}),
    clock_rows as (${clockRows(groupBy, calendar, org)}),
    reply_rows as (${replyRows(groupBy, org)})`;
}

/** The grouping a row key belongs to. */
export function groupOfKey(key: string): ReportGroupBy {
  const kind = key.slice(0, key.indexOf(':'));
  return kind === 'member' || kind === 'agent' || kind === 'group' || kind === 'label' || kind === 'customer'
    ? kind
    : 'none';
}

/**
 * Whether the ticket (`ticketId`) is behind the report row `key` (Reports' drill-down into the inbox): opened
 * in the range and in the row, or with an answer or a reply in it credited to the row's member or agent phone.
 */
export function reportRowCondition(ticketId: SQLWrapper, scope: ReportScope, key: string): SQL {
  return sql`${ticketId} in (with ${reportRows(scope, groupOfKey(key), 'business')}
    select id from ticket_rows where key = ${key}
    union select ticket_id from clock_rows where key = ${key}
    union select ticket_id from reply_rows where key = ${key})`;
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

export function createReportsRepository(db: Db) {
  return {
    /** The organisation's zone for reports: its business hours' zone, UTC until they are set. */
    async timeZone(organisationId: number): Promise<string> {
      const [row] = rowsOf<{ zone: string | null }>(
        await db.execute(sql`select ${organisationZone(organisationId)} as zone`),
      );
      return row?.zone ?? 'UTC';
    },

    /** One row per member, agent phone, group, label or customer (or `all`) with a figure in the range. */
    async summary(
      scope: ReportScope,
      groupBy: ReportGroupBy,
      calendar: ReportCalendar,
    ): Promise<SummaryRow[]> {
      // Nearest-rank percentiles: percentile_disc takes the first value whose cumulative share reaches p.
      const durations = (kind: string, prefix: string) =>
        sql.raw(`
        count(*) filter (where kind = '${kind}') as ${prefix}_count,
        round(percentile_disc(0.5) within group (order by seconds) filter (where kind = '${kind}')) as ${prefix}_p50,
        round(percentile_disc(0.9) within group (order by seconds) filter (where kind = '${kind}')) as ${prefix}_p90,
        count(*) filter (where kind = '${kind}' and targeted and met) as ${prefix}_met,
        count(*) filter (where kind = '${kind}' and targeted) as ${prefix}_total`);
      const result = await db.execute(sql`
        with ${reportRows(scope, groupBy, calendar)},
        tickets_by_row as (
          select r.key, min(r.name) as name, count(*)::int as tickets_opened,
            count(*) filter (where o.status = 'close')::int as tickets_closed,
            count(*) filter (where o.reopened)::int as tickets_reopened,
            count(distinct o.customer_id)::int as unique_customers
          from ticket_rows r join opened o on o.id = r.id group by r.key),
        clocks_by_row as (
          select key, min(name) as name, ${durations('first_response', 'fr')}, ${durations('next_response', 'nr')},
            ${durations('resolution', 'rs')}
          from clock_rows group by key),
        replies_by_row as (
          select key, min(name) as name, count(*) filter (where desk)::int as desk_replies,
            count(*) filter (where not desk)::int as phone_replies
          from reply_rows group by key)
        select coalesce(t.key, c.key, p.key) as key, coalesce(t.name, c.name, p.name) as name,
          coalesce(t.tickets_opened, 0) as tickets_opened, coalesce(t.tickets_closed, 0) as tickets_closed,
          coalesce(t.tickets_reopened, 0) as tickets_reopened, coalesce(t.unique_customers, 0) as unique_customers,
          c.fr_count, c.fr_p50, c.fr_p90, c.fr_met, c.fr_total,
          c.nr_count, c.nr_p50, c.nr_p90, c.nr_met, c.nr_total,
          c.rs_count, c.rs_p50, c.rs_p90, c.rs_met, c.rs_total,
          coalesce(p.desk_replies, 0) as desk_replies, coalesce(p.phone_replies, 0) as phone_replies
        from tickets_by_row t
        full join clocks_by_row c on c.key = t.key
        full join replies_by_row p on p.key = coalesce(t.key, c.key)
        order by coalesce(t.tickets_opened, 0) desc, 2, 1`);
      const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
      const maybe = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        key: String(row.key),
        name: String(row.name ?? ''),
        tickets_opened: number(row.tickets_opened),
        tickets_closed: number(row.tickets_closed),
        tickets_reopened: number(row.tickets_reopened),
        unique_customers: number(row.unique_customers),
        fr_count: number(row.fr_count),
        fr_p50: maybe(row.fr_p50),
        fr_p90: maybe(row.fr_p90),
        nr_count: number(row.nr_count),
        nr_p50: maybe(row.nr_p50),
        nr_p90: maybe(row.nr_p90),
        rs_count: number(row.rs_count),
        rs_p50: maybe(row.rs_p50),
        rs_p90: maybe(row.rs_p90),
        fr_met: number(row.fr_met),
        fr_total: number(row.fr_total),
        nr_met: number(row.nr_met),
        nr_total: number(row.nr_total),
        rs_met: number(row.rs_met),
        rs_total: number(row.rs_total),
        desk_replies: number(row.desk_replies),
        phone_replies: number(row.phone_replies),
      }));
    },

    /**
     * The range's first responses by how long they took (`FIRST_RESPONSE_BUCKETS`' upper bounds, seconds),
     * its customer messages by local weekday (0 = Monday) and hour, and the tickets open at each day's end.
     */
    async charts(scope: ReportScope, calendar: ReportCalendar, bucketBounds: readonly number[]) {
      const org = scope.organisationId;
      const { from, to } = bounds(scope);
      const seconds = calendar === 'business' ? sql.raw('c.office_seconds') : sql.raw('c.wall_seconds');
      const buckets = rowsOf<{ bucket: number; n: number }>(
        await db.execute(sql`
          with ${openedTickets(scope)}
          select width_bucket(${seconds}, ${`{${bucketBounds.join(',')}}`}::float8[]) as bucket, count(*)::int as n
          from sla_clocks c join opened o on o.id = c.ticket_id
          where c.kind = 'first_response' and c.stopped_at is not null group by 1`),
      );
      const hours = rowsOf<{ weekday: number; hour: number; n: number }>(
        await db.execute(sql`
          with ${openedTickets(scope)}
          select (extract(isodow from m.created_at at time zone ${scope.timeZone})::int - 1) as weekday,
            extract(hour from m.created_at at time zone ${scope.timeZone})::int as hour, count(*)::int as n
          from ticket_messages m join opened o on o.id = m.ticket_id
          where not m.is_business and m.created_at >= ${from} and m.created_at < ${to}
          group by 1, 2`),
      );
      // Open at a day's end: opened before it, less closings, plus reopenings, before it (status moments).
      const backlog = rowsOf<{ day: string; open: number }>(
        await db.execute(sql`
          with days as (
            select d::date as day, (d + interval '1 day')::timestamp at time zone ${scope.timeZone} as ends
            from generate_series(${scope.from}::date::timestamp, ${scope.to}::date::timestamp - interval '1 day',
              interval '1 day') d),
          changes as (
            select t.created_at as at, 1 as delta from tickets t
              where t.organisation_id = ${org} and t.created_at < ${to}
            union all
            select s.at, case s.kind when 'closed' then -1 else 1 end from ticket_status_moments s
              join tickets t on t.id = s.ticket_id
              where t.organisation_id = ${org} and s.kind in ('closed', 'reopened') and s.at < ${to})
          select to_char(d.day, 'YYYY-MM-DD') as day,
            (select coalesce(sum(delta), 0) from changes c where c.at < d.ends)::int as open
          from days d order by d.day`),
      );
      return { buckets, hours, backlog };
    },

    /** The range's tickets for the CSV, oldest first, a page after `afterId` (ticket ids rise with time). */
    async ticketPage(scope: ReportScope, afterId: number, limit: number) {
      return rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with ${openedTickets(scope)}
          select o.id, o.group_name, o.customer, o.customer_id, t.status, t.created_at, t.closed_at,
            trim(a.first_name || ' ' || a.last_name) as assignee,
            f.stopped_by_name as first_responder,
            (select string_agg(l.name, '; ' order by l.name) from ticket_labels tl
              join labels l on l.id = tl.label_id where tl.ticket_id = o.id) as labels,
            (select json_agg(json_build_object('kind', c.kind, 'cycle', c.cycle, 'stopped', c.stopped_at is not null,
              'office', c.office_seconds, 'wall', c.wall_seconds, 'met', c.met, 'targeted', c.targeted)
              order by c.kind, c.cycle) from sla_clocks c where c.ticket_id = o.id) as clocks
          from opened o join tickets t on t.id = o.id
          left join users a on a.id = t.assignee_id
          left join sla_clocks f on f.ticket_id = o.id and f.kind = 'first_response' and f.cycle = 0
          where o.id > ${afterId} order by o.id limit ${limit}`),
      );
    },
  };
}
