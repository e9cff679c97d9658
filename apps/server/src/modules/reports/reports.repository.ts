import type { ReportCalendar, ReportGroupBy } from '@wadesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ANSWERED,
  bounds,
  openedTickets,
  organisationZone,
  type ReportScope,
  reportRows,
} from './report-rows';

// Reports' SQL (docs/decisions/0029-reports.md): the tickets opened in a range of the organisation's local
// dates, each given the report rows it belongs to, and the figures of each row computed by the database
// from the measured clocks (sla_clocks, every clock with or without a target) and the ticket messages.

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
  csat_asked: number;
  csat_responses: number;
  csat_average: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

export function createReportsRepository(db: Db) {
  /**
   * A report's statement with PostgreSQL's JIT off: their estimated cost passes its threshold, and compiling
   * took 150 ms of a 400 ms summary (bench, 100,000 tickets) that runs in well under that interpreted.
   */
  const read = (query: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return tx.execute(query);
    });

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
        count(*) filter (where kind = '${kind}' and answered) as ${prefix}_count,
        round(percentile_disc(0.5) within group (order by seconds) filter (where kind = '${kind}' and answered))
          as ${prefix}_p50,
        round(percentile_disc(0.9) within group (order by seconds) filter (where kind = '${kind}' and answered))
          as ${prefix}_p90,
        count(*) filter (where kind = '${kind}' and targeted and met) as ${prefix}_met,
        count(*) filter (where kind = '${kind}' and targeted) as ${prefix}_total`);
      const result = await read(sql`
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
          from reply_rows group by key),
        csat_by_row as (
          select key, min(name) as name, count(*)::int as csat_asked, count(score)::int as csat_responses,
            round(avg(score), 2)::float8 as csat_average
          from csat_rows group by key)
        select coalesce(t.key, c.key, p.key, s.key) as key, coalesce(t.name, c.name, p.name, s.name) as name,
          coalesce(t.tickets_opened, 0) as tickets_opened, coalesce(t.tickets_closed, 0) as tickets_closed,
          coalesce(t.tickets_reopened, 0) as tickets_reopened, coalesce(t.unique_customers, 0) as unique_customers,
          c.fr_count, c.fr_p50, c.fr_p90, c.fr_met, c.fr_total,
          c.nr_count, c.nr_p50, c.nr_p90, c.nr_met, c.nr_total,
          c.rs_count, c.rs_p50, c.rs_p90, c.rs_met, c.rs_total,
          coalesce(p.desk_replies, 0) as desk_replies, coalesce(p.phone_replies, 0) as phone_replies,
          coalesce(s.csat_asked, 0) as csat_asked, coalesce(s.csat_responses, 0) as csat_responses, s.csat_average
        from tickets_by_row t
        full join clocks_by_row c on c.key = t.key
        full join replies_by_row p on p.key = coalesce(t.key, c.key)
        full join csat_by_row s on s.key = coalesce(t.key, c.key, p.key)
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
        csat_asked: number(row.csat_asked),
        csat_responses: number(row.csat_responses),
        csat_average: maybe(row.csat_average),
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
        await read(sql`
          with ${openedTickets(scope)}
          select width_bucket(${seconds}, ${`{${bucketBounds.join(',')}}`}::float8[]) as bucket, count(*)::int as n
          from sla_clocks c join opened o on o.id = c.ticket_id
          where c.kind = 'first_response' and c.stopped_at is not null and ${ANSWERED} group by 1`),
      );
      const hours = rowsOf<{ weekday: number; hour: number; n: number }>(
        await read(sql`
          with ${openedTickets(scope)}
          select (extract(isodow from m.created_at at time zone ${scope.timeZone})::int - 1) as weekday,
            extract(hour from m.created_at at time zone ${scope.timeZone})::int as hour, count(*)::int as n
          from ticket_messages m join opened o on o.id = m.ticket_id
          where not m.is_business and m.created_at >= ${from} and m.created_at < ${to}
          group by 1, 2`),
      );
      // Open at a day's end: opened, less closings, plus reopenings (status moments) — what was open before
      // the range once, then the range's changes by local day, summed day after day.
      const backlog = rowsOf<{ day: string; open: number }>(
        await read(sql`
          with changes as (
            select t.created_at as at, 1 as delta from tickets t
              where t.organisation_id = ${org} and t.created_at < ${to}
            union all
            select s.at, case s.kind when 'closed' then -1 else 1 end from ticket_status_moments s
              join tickets t on t.id = s.ticket_id
              where t.organisation_id = ${org} and s.kind in ('closed', 'reopened') and s.at < ${to}),
          before as (select coalesce(sum(delta), 0) as open from changes where at < ${from}),
          per_day as (
            select (at at time zone ${scope.timeZone})::date as day, sum(delta) as delta from changes
            where at >= ${from} group by 1),
          days as (
            select d::date as day from generate_series(${scope.from}::date::timestamp,
              ${scope.to}::date::timestamp - interval '1 day', interval '1 day') d)
          select to_char(d.day, 'YYYY-MM-DD') as day,
            ((select open from before) + sum(coalesce(p.delta, 0)) over (order by d.day))::int as open
          from days d left join per_day p on p.day = d.day order by d.day`),
      );
      return { buckets, hours, backlog };
    },

    /** The range's tickets for the CSV, oldest first, a page after `afterId` (ticket ids rise with time). */
    async ticketPage(scope: ReportScope, afterId: number, limit: number) {
      return rowsOf<Record<string, unknown>>(
        await read(sql`
          with ${openedTickets(scope)}
          select o.id, o.group_name, o.customer, o.customer_id, t.status, t.created_at, t.closed_at,
            trim(a.first_name || ' ' || a.last_name) as assignee,
            f.stopped_by_name as first_responder, t.satisfaction_score,
            (select string_agg(l.name, '; ' order by l.name) from ticket_labels tl
              join labels l on l.id = tl.label_id where tl.ticket_id = o.id) as labels,
            (select json_agg(json_build_object('kind', c.kind, 'cycle', c.cycle, 'stopped', c.stopped_at is not null,
              'office', c.office_seconds, 'wall', c.wall_seconds, 'met', c.met, 'targeted', c.targeted,
              'answered', ${ANSWERED})
              order by c.kind, c.cycle) from sla_clocks c where c.ticket_id = o.id) as clocks
          from opened o join tickets t on t.id = o.id
          left join users a on a.id = t.assignee_id
          left join sla_clocks f on f.ticket_id = o.id and f.kind = 'first_response' and f.cycle = 0
          where o.id > ${afterId} order by o.id limit ${limit}`),
      );
    },

    /** Every organisation with its report zone and name: the digest looks at each one's Monday morning. */
    async digestOrganisations(): Promise<{ id: number; name: string; timeZone: string }[]> {
      const rows = rowsOf<{ id: number; name: string; zone: string | null }>(
        await db.execute(
          sql`select id, name, business_hours->>'time_zone' as zone from organisations order by id`,
        ),
      );
      return rows.map((row) => ({ id: Number(row.id), name: row.name, timeZone: row.zone ?? 'UTC' }));
    },

    /** Claims the organisation's digest of the week starting `weekStart`: true for the one instance that did. */
    async claimDigest(organisationId: number, weekStart: string, at: Date): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`
          insert into report_digests (organisation_id, week_start, sent_at)
          values (${organisationId}, ${weekStart}::date, ${at.toISOString()}::timestamptz)
          on conflict do nothing returning organisation_id`),
      );
      return rows.length === 1;
    },

    /** Gives a claimed week back (nothing could be sent), so that a later round tries again. */
    async releaseDigest(organisationId: number, weekStart: string): Promise<void> {
      await db.execute(sql`
        delete from report_digests where organisation_id = ${organisationId} and week_start = ${weekStart}::date`);
    },

    /** The owners and admins who get the digest: verified addresses, not turned off on their profile. */
    async digestRecipients(organisationId: number): Promise<{ email: string; firstName: string }[]> {
      const rows = rowsOf<{ email: string; first_name: string }>(
        await db.execute(sql`
          select email, first_name from users
          where organisation_id = ${organisationId} and role in ('owner', 'admin') and weekly_digest
            and email_verified_at is not null
          order by id`),
      );
      return rows.map((row) => ({ email: row.email, firstName: row.first_name }));
    },
  };
}
