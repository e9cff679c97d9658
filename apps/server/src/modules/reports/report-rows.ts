import type { ReportCalendar, ReportGroupBy } from '@wadesk/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// The SQL of a report's rows (docs/decisions/0029-reports.md): the tickets opened in a range of the
// organisation's local dates, each given the rows it belongs to, with the measured clocks and the staff
// replies of each row. The reports repository aggregates them; the inbox's drill-down lists a row's tickets.

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

/**
 * A clock whose time is a response or resolution time: a resolution, or a response clock an answer stopped (a
 * close stops one too, crediting nobody; that counts for SLA attainment, not as a time to answer).
 */
export const ANSWERED = sql.raw(`(c.kind = 'resolution' or c.stopped_by_name is not null)`);

/** A member's name as the desk shows it. */
const MEMBER_NAME = sql.raw(`trim(u.first_name || ' ' || u.last_name)`);

/** The range's bounds as instants: local midnights of the organisation's zone. */
export function bounds(scope: ReportScope) {
  return {
    from: sql`(${scope.from}::date::timestamp at time zone ${scope.timeZone})`,
    to: sql`(${scope.to}::date::timestamp at time zone ${scope.timeZone})`,
  };
}

/**
 * `opened`: the organisation's tickets opened in the range, with who handles each — its assignee, else the
 * member credited with its first response — and the agent phone that gave that first response.
 */
export function openedTickets(scope: ReportScope): SQL {
  const { from, to } = bounds(scope);
  // Lateral, by primary key: a hash join would read every first-response clock of the organisation.
  return sql`opened as (
    select t.id, t.session_id, t.group_jid, t.group_name, t.customer,
      coalesce(t.customer_number, t.customer_key, t.customer) as customer_id, t.status,
      coalesce(t.assignee_id, f.stopped_by_user_id) as handler_user_id, f.stopped_by_agent_id as handler_agent_id,
      exists (select 1 from ticket_status_moments s where s.ticket_id = t.id and s.kind = 'reopened') as reopened
    from tickets t
    left join lateral (select stopped_by_user_id, stopped_by_agent_id from sla_clocks f
      where f.ticket_id = t.id and f.kind = 'first_response' and f.cycle = 0 limit 1) f on true
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
 * Each measured clock's row (`clock_rows`: ticket, kind, met, targeted, seconds, answered, key, name): an answered
 * response clock goes to whoever is credited with the answer when grouping by member or agent phone; every
 * other clock to its ticket's rows.
 */
function clockRows(groupBy: ReportGroupBy, calendar: ReportCalendar, organisationId: number): SQL {
  const seconds = calendar === 'business' ? sql.raw('c.office_seconds') : sql.raw('c.wall_seconds');
  const measured = sql`c.ticket_id, c.kind, c.met, c.targeted, ${seconds} as seconds, ${ANSWERED} as answered`;
  // The opened tickets' clocks by their key (an index scan), not a join over every clock of the organisation.
  const ofOpened = sql.raw('c.ticket_id = any(array(select id from opened)) and c.stopped_at is not null');
  if (groupBy === 'member' || groupBy === 'agent') {
    const credited =
      groupBy === 'member'
        ? sql`join users u on u.id = c.stopped_by_user_id and u.organisation_id = ${organisationId}`
        : sql`join agents u on u.id = c.stopped_by_agent_id and u.organisation_id = ${organisationId}`;
    const name = groupBy === 'member' ? MEMBER_NAME : sql.raw('u.name');
    return sql`select ${measured}, ${`${groupBy}:`}::text || u.id::text as key, ${name} as name from sla_clocks c
        ${credited}
        where ${ofOpened} and c.kind <> 'resolution'
      union all
      select ${measured}, r.key, r.name from sla_clocks c join ticket_rows r on r.id = c.ticket_id
        where ${ofOpened} and c.kind = 'resolution'`;
  }
  return sql`select ${measured}, r.key, r.name from sla_clocks c join ticket_rows r on r.id = c.ticket_id
    where ${ofOpened}`;
}

/**
 * Each staff reply's row (`reply_rows`: desk, key, name): from the desk or typed on an agent phone (automatic
 * messages and replies WhatsApp refused are not replies), credited like answers when grouping by member or
 * agent phone — to the member who sent it from the desk, else the member of the agent phone, else the phone.
 */
function replyRows(groupBy: ReportGroupBy, organisationId: number): SQL {
  const replies = sql`select m.ticket_id, m.sent_by_user_id, m.sender from ticket_messages m
    left join desk_replies d on d.session_id = m.session_id and d.wa_id = m.wa_id
    where m.ticket_id = any(array(select id from opened)) and m.is_business and d.automatic is not true
      and d.status is distinct from 'failed'`;
  if (groupBy === 'member')
    return sql`select m.ticket_id, m.desk, 'member:' || u.id::text as key, ${MEMBER_NAME} as name
      from (select r.ticket_id, r.sent_by_user_id is not null as desk, coalesce(r.sent_by_user_id, l.id) as user_id
        from (${replies}) r
        left join agents a on r.sent_by_user_id is null and a.organisation_id = ${organisationId} and a.number = r.sender
        left join users l on l.agent_id = a.id) m
      join users u on u.id = m.user_id and u.organisation_id = ${organisationId}`;
  if (groupBy === 'agent')
    return sql`select m.ticket_id, false as desk, 'agent:' || a.id::text as key, a.name from (${replies}) m
      join agents a on m.sent_by_user_id is null and a.organisation_id = ${organisationId} and a.number = m.sender`;
  return sql`select m.ticket_id, m.sent_by_user_id is not null as desk, r.key, r.name from (${replies}) m
    join ticket_rows r on r.id = m.ticket_id`;
}

/**
 * Each satisfaction poll's row (`csat_rows`: ticket, score, key, name; decision 0030): credited to the member
 * who closed the ticket (or their agent phone) when grouping by member or agent phone, else the ticket's rows.
 * Only polls that were sent count as asked.
 */
function csatRows(groupBy: ReportGroupBy, organisationId: number): SQL {
  const sent = sql.raw('s.ticket_id = any(array(select id from opened)) and s.poll_wa_id is not null');
  if (groupBy === 'member')
    return sql`select s.ticket_id, s.score, 'member:' || u.id::text as key, ${MEMBER_NAME} as name
      from satisfaction_polls s join users u on u.id = s.closed_by_user_id and u.organisation_id = ${organisationId}
      where ${sent}`;
  if (groupBy === 'agent')
    return sql`select s.ticket_id, s.score, 'agent:' || a.id::text as key, a.name
      from satisfaction_polls s join agents a on a.id = s.closed_by_agent_id and a.organisation_id = ${organisationId}
      where ${sent}`;
  return sql`select s.ticket_id, s.score, r.key, r.name
    from satisfaction_polls s join ticket_rows r on r.id = s.ticket_id where ${sent}`;
}

/**
 * The report's rows over the opened tickets: `opened`, `ticket_rows`, `clock_rows`, `reply_rows`,
 * `csat_rows`.
 */
export function reportRows(scope: ReportScope, groupBy: ReportGroupBy, calendar: ReportCalendar): SQL {
  const org = scope.organisationId;
  return sql`${openedTickets(scope)},
    ticket_rows as (${ticketRows(groupBy, org)}),
    clock_rows as (${clockRows(groupBy, calendar, org)}),
    reply_rows as (${replyRows(groupBy, org)}),
    csat_rows as (${csatRows(groupBy, org)})`;
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
  const groupBy = groupOfKey(key);
  if (groupBy !== 'member' && groupBy !== 'agent')
    return sql`${ticketId} in (with ${openedTickets(scope)} ${ticketRowsOf(groupBy, scope.organisationId, key)})`;
  return sql`${ticketId} in (with ${reportRows(scope, groupBy, 'business')}
    select id from ticket_rows where key = ${key}
    union select ticket_id from clock_rows where key = ${key}
    union select ticket_id from reply_rows where key = ${key})`;
}

/** The opened tickets of one row of a grouping whose clocks and replies follow its tickets. */
function ticketRowsOf(groupBy: ReportGroupBy, organisationId: number, key: string): SQL {
  return sql`select id from (${ticketRows(groupBy, organisationId)}) r where key = ${key}`;
}
