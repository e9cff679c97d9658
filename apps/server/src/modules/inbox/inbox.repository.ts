import {
  INBOX_PAGE_SIZE,
  type InboxView,
  type ReportDrillDown,
  type SlaFilter,
  type TicketLabel,
} from '@wadesk/contract';
import { and, desc, eq, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type ArrayRowsStatement, arrayRowsStatement, cachedUtcTextToIso } from '../../db/array-rows';
import type { Db } from '../../db/client';
import { users } from '../auth/auth.schema';
import { organisationZone, reportRowCondition } from '../reports/report-rows';
import { slaCondition } from '../sla/sla-filter';
import type { TicketView } from '../tickets/ticket-mapping';
import {
  labelListAggregate,
  ticketLabels,
  ticketSearchText,
  tickets,
  ticketViewColumns,
} from '../tickets/tickets.schema';
import type { InboxCursor } from './inbox-cursor';

// The inbox's reads of the tickets module's tables (docs/architecture.md: a module may read another's
// tables through its schema; only the tickets module writes them). Order, views and search: decision 0021.

export interface InboxQuery {
  organisationId: number;
  view: InboxView;
  /** The caller, for `mine`. */
  memberId: number;
  /** Trimmed, not blank. */
  search?: string | undefined;
  labelId?: number | undefined;
  /** Only tickets with a running SLA clock breaching soon or breached at `now` (decision 0028). */
  sla?: { filter: SlaFilter; now: Date } | undefined;
  /** Only the tickets behind a report row (Reports' drill-down, decision 0029). */
  report?: ReportDrillDown | undefined;
  after?: InboxCursor | undefined;
  limit: number;
}

/**
 * A ticket of an inbox page as the page's statement gives it: times already ISO 8601 text (what
 * `Date#toISOString` writes), never parsed into Dates to be printed again (decision 0023). `cursorAt` keeps
 * the microseconds.
 */
export interface InboxPageRow {
  id: number;
  groupName: string;
  customer: string;
  customerNumber: string | null;
  lastMessage: string;
  status: TicketView['status'];
  createdAt: string;
  updatedAt: string;
  firstResponseAt: string | null;
  closedAt: string | null;
  sessionId: string;
  groupJid: string;
  assigneeId: number | null;
  assigneeName: string | null;
  answeredBy: string | null;
  labels: TicketLabel[];
  customerRepliedAt: string | null;
  followUpOf: number | null;
  lastCustomerAt: string;
  waitingSince: string | null;
  satisfactionAskedAt: string | null;
  satisfactionScore: number | null;
  cursorAt: string;
}

/**
 * Each view's condition, written as its partial index's predicate (schema: tickets_inbox_*_idx) so that the
 * planner uses the index and reads the page in order. Constants, not parameters, for the same reason.
 */
function viewCondition(view: InboxView, memberId: number | SQLWrapper): SQL | undefined {
  const active = sql`${tickets.status} in ('open', 'in_progress', 'pending')`;
  switch (view) {
    case 'mine':
      return and(active, eq(tickets.assigneeId, memberId));
    case 'unassigned':
      return and(active, sql`${tickets.assigneeId} is null`);
    case 'open':
      return sql`${tickets.status} in ('open', 'in_progress')`;
    case 'pending':
      return sql`${tickets.status} = 'pending'`;
    case 'closed':
      return sql`${tickets.status} = 'close'`;
    case 'all':
      return undefined;
  }
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** "12" or "#12": the ticket number a search may name. */
function ticketNumber(search: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(search);
  const n = match?.[1] ? Number(match[1]) : Number.NaN;
  return n >= 1 && n <= 2 ** 31 - 1 ? n : null;
}

/**
 * The search's second step (decision 0021): the ids of the organisation's tickets whose fields or messages
 * match `pattern` (a LIKE pattern), or whose number is `number`, each from its trigram index. Both branches
 * keep to the organisation: a word common in another tenant's messages must not make this set (and the
 * page's semi-join over it) huge. Messages are kept to the organisation's sessions: a message carries its
 * ticket's session (the engine files it under a ticket of its conversation; merges and splits stay within
 * one), so this is the organisation's tickets. The message index is led by the session, so PostgreSQL
 * scans it once per session of the organisation (a nested loop over wa_sessions) and another tenant's
 * matching messages never reach the recheck. EXPLAIN on PostgreSQL with the bench's seed (a neighbour
 * whose 100,000 messages match): the rare number reads 1 heap block, not 2,396 (decision 0021).
 */
export function searchMatches(organisationId: number, pattern: string, number: number | null): SQL {
  const fields = ticketSearchText({
    customer: sql.raw('s.customer'),
    customerNumber: sql.raw('s.customer_number'),
    groupName: sql.raw('s.group_name'),
  });
  return sql`${number === null ? sql`` : sql`select ${number}::int union all `}
    select s.id from tickets s where s.organisation_id = ${organisationId} and ${fields} ilike ${pattern}
    union all
    select m.ticket_id from ticket_messages m
    where m.session_id in (select ws.id from wa_sessions ws where ws.organisation_id = ${organisationId})
      and m.message ilike ${pattern}`;
}

/** A search shorter than this matches no message text (trigrams are three characters). */
export const MIN_TEXT_SEARCH = 3;
/** How many of the view's newest tickets a search checks one by one before it asks the indexes. */
export const SEARCH_WALK = 500;

export type InboxRepository = ReturnType<typeof createInboxRepository>;

/** How a page column's driver value becomes its InboxPageRow field. */
type PageColumnKind = 'value' | 'time';

/**
 * The page's select list over `t` (the page's tickets), `u` (the assignee) and `pl` (the labels), in the
 * order `toPageRow` reads it (`time`: selected as text, read as ISO 8601). Plain columns, times as text: building a JSON object per row in PostgreSQL
 * (json_build_object, to_char) cost three times the rest of the query, and parsing timestamps into Dates
 * to print them again cost the server as much (docs/decisions/0023-inbox-speed.md).
 */
const PAGE_COLUMNS: readonly (readonly [keyof InboxPageRow, PageColumnKind, SQL])[] = [
  ['id', 'value', sql`t.id`],
  ['groupName', 'value', sql`t.group_name`],
  ['customer', 'value', sql`t.customer`],
  ['customerNumber', 'value', sql`t.customer_number`],
  ['lastMessage', 'value', sql`t.last_message`],
  ['status', 'value', sql`t.status`],
  ['createdAt', 'time', sql`t.created_at`],
  ['updatedAt', 'time', sql`t.updated_at`],
  ['firstResponseAt', 'time', sql`t.first_response_at`],
  ['closedAt', 'time', sql`t.closed_at`],
  ['sessionId', 'value', sql`t.session_id`],
  ['groupJid', 'value', sql`t.group_jid`],
  ['assigneeId', 'value', sql`t.assignee_id`],
  ['assigneeName', 'value', sql`trim(u.first_name || ' ' || u.last_name)`],
  ['answeredBy', 'value', sql`t.answered_by`],
  ['labels', 'value', sql`coalesce(pl.labels, '[]'::json)`],
  ['customerRepliedAt', 'time', sql`t.customer_replied_at`],
  ['followUpOf', 'value', sql`t.follow_up_of`],
  ['lastCustomerAt', 'time', sql`t.last_customer_at`],
  // Nobody waits on a closed ticket (the column stays for a member's reopen).
  ['waitingSince', 'time', sql`case when t.status <> 'close' then t.waiting_since end`],
  ['satisfactionAskedAt', 'time', sql`t.satisfaction_asked_at`],
  ['satisfactionScore', 'value', sql`t.satisfaction_score`],
  ['cursorAt', 'time', sql`t.last_customer_at`],
];

const pageSelectList = sql.join(
  PAGE_COLUMNS.map(([, kind, column]) =>
    kind === 'value' ? column : sql`(${column} at time zone 'UTC')::text`,
  ),
  sql`, `,
);

/** Where each field is in a page row. */
const at = Object.fromEntries(PAGE_COLUMNS.map(([key], i) => [key, i])) as Record<keyof InboxPageRow, number>;
const time = (value: unknown) => (value === null ? null : cachedUtcTextToIso(value as string, 3));

/** A page row as InboxPageRow: one object literal, which V8 builds and reads far faster than keyed writes. */
function toPageRow(v: unknown[]): InboxPageRow {
  return {
    id: v[at.id] as number,
    groupName: v[at.groupName] as string,
    customer: v[at.customer] as string,
    customerNumber: v[at.customerNumber] as string | null,
    lastMessage: v[at.lastMessage] as string,
    status: v[at.status] as InboxPageRow['status'],
    createdAt: time(v[at.createdAt]) as string,
    updatedAt: time(v[at.updatedAt]) as string,
    firstResponseAt: time(v[at.firstResponseAt]),
    closedAt: time(v[at.closedAt]),
    sessionId: v[at.sessionId] as string,
    groupJid: v[at.groupJid] as string,
    assigneeId: v[at.assigneeId] as number | null,
    assigneeName: v[at.assigneeName] as string | null,
    answeredBy: v[at.answeredBy] as string | null,
    labels: v[at.labels] as TicketLabel[],
    customerRepliedAt: time(v[at.customerRepliedAt]),
    followUpOf: v[at.followUpOf] as number | null,
    lastCustomerAt: time(v[at.lastCustomerAt]) as string,
    waitingSince: time(v[at.waitingSince]),
    satisfactionAskedAt: time(v[at.satisfactionAskedAt]),
    satisfactionScore: v[at.satisfactionScore] === null ? null : Number(v[at.satisfactionScore]),
    cursorAt: cachedUtcTextToIso(v[at.cursorAt] as string, 6),
  };
}

/**
 * The tickets matching `where`, newest customer activity first, at most `limit`, with their assignee's name
 * and labels. The labels are gathered once for the page's ids (most tickets have none), not by a
 * subquery per row.
 */
function pageQuery(where: SQL | undefined, limit: SQLWrapper | number): SQL {
  return sql`with t as (
      select * from ${tickets} where ${where ?? sql`true`}
      order by ${tickets.lastCustomerAt} desc, ${tickets.id} desc limit ${limit}),
    pl as (
      select tl.ticket_id, ${labelListAggregate} as labels
      from ticket_labels tl join labels l on l.id = tl.label_id
      where tl.ticket_id in (select id from t) group by tl.ticket_id)
    select ${pageSelectList} from t
    left join users u on u.id = t.assignee_id
    left join pl on pl.ticket_id = t.id
    order by t.last_customer_at desc, t.id desc`;
}

export function createInboxRepository(db: Db, { searchWalk = SEARCH_WALK } = {}) {
  /**
   * A view's first pages without a search, as a named prepared statement per shape (view, label, cursor):
   * PostgreSQL plans it once per connection, where planning it (13 indexes on tickets to weigh) took longer
   * than running it. The default page size is a constant of the statement: with `limit $n`, PostgreSQL
   * prices the generic plan as if it read a tenth of the table and re-plans every call (decision 0023).
   * Other sizes run as plain statements.
   */
  const pages = new Map<string, ArrayRowsStatement>();
  function pageStatement(view: InboxView, withLabel: boolean, withCursor: boolean, limit: number) {
    const prepared = limit === INBOX_PAGE_SIZE + 1;
    const name = `inbox_page_${view}_${Number(withLabel)}${Number(withCursor)}`;
    let statement = prepared ? pages.get(name) : undefined;
    if (!statement) {
      const conditions: (SQL | undefined)[] = [
        eq(tickets.organisationId, sql.placeholder('organisationId')),
        viewCondition(view, sql.placeholder('memberId')),
      ];
      if (withLabel)
        conditions.push(
          sql`exists (select 1 from ${ticketLabels} where ${ticketLabels.ticketId} = ${tickets.id}
            and ${ticketLabels.labelId} = ${sql.placeholder('labelId')})`,
        );
      if (withCursor)
        conditions.push(
          sql`(${tickets.lastCustomerAt}, ${tickets.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')})`,
        );
      const query = pageQuery(
        and(...conditions),
        prepared ? sql.raw(String(limit)) : sql.placeholder('limit'),
      );
      statement = arrayRowsStatement(db, query, prepared ? name : undefined);
      if (prepared) pages.set(name, statement);
    }
    return statement;
  }

  const rowsOf = (rows: unknown[][]) => rows.map(toPageRow);
  /** The page of `where` as a plain statement (searches: their shapes vary). */
  const readPage = async (where: SQL | undefined, limit: number) =>
    rowsOf(await arrayRowsStatement(db, pageQuery(where, limit))());

  /** Tickets as the tickets module's lists show them (its ticketViewColumns). */
  const selectViews = () =>
    db.select(ticketViewColumns).from(tickets).leftJoin(users, eq(users.id, tickets.assigneeId));

  return {
    /**
     * One page, newest customer activity first, then highest id; `limit` + 1 rows tell whether more follow.
     * A search runs in up to three steps (decision 0021, search): it walks the newest SEARCH_WALK tickets
     * of the view checking each (cheap when the words are common, where a set of every match would be
     * huge); when that fills no page and the view goes on, it takes the set of matches from the trigram
     * indexes (cheap when the words are rare) and pages through those.
     */
    async page(query: InboxQuery): Promise<InboxPageRow[]> {
      const { organisationId } = query;
      const base: (SQL | undefined)[] = [
        eq(tickets.organisationId, organisationId),
        viewCondition(query.view, query.memberId),
      ];
      if (query.labelId !== undefined)
        base.push(
          sql`exists (select 1 from ${ticketLabels} where ${ticketLabels.ticketId} = ${tickets.id}
            and ${ticketLabels.labelId} = ${query.labelId})`,
        );
      if (query.after)
        base.push(
          sql`(${tickets.lastCustomerAt}, ${tickets.id}) < (${query.after.at}::timestamptz, ${query.after.id})`,
        );
      if (query.sla) base.push(slaCondition(tickets.id, query.sla.filter, query.sla.now));
      if (query.report) {
        const { from, to, key } = query.report;
        const scope = { organisationId, from, to, timeZone: organisationZone(organisationId) };
        base.push(reportRowCondition(tickets.id, scope, key));
      }
      const newestFirst = [desc(tickets.lastCustomerAt), desc(tickets.id)];
      if (!query.search && !query.sla && !query.report)
        return rowsOf(
          await pageStatement(
            query.view,
            query.labelId !== undefined,
            query.after !== undefined,
            query.limit + 1,
          )({
            organisationId,
            memberId: query.memberId,
            labelId: query.labelId,
            afterAt: query.after?.at,
            afterId: query.after?.id,
            limit: query.limit + 1,
          }),
        );
      const plain = () => readPage(and(...base), query.limit + 1);
      if (!query.search) return plain();

      const pattern = containsPattern(query.search);
      const number = ticketNumber(query.search);
      const fields = (t: string) =>
        ticketSearchText({
          customer: sql.raw(`${t}.customer`),
          customerNumber: sql.raw(`${t}.customer_number`),
          groupName: sql.raw(`${t}.group_name`),
        });
      // Trigram indexes need three characters: shorter words match the ticket's own fields and number
      // only, checked along the view's index (a message-text search of one or two letters would read
      // every message).
      if (query.search.length < MIN_TEXT_SEARCH) {
        base.push(
          sql`(${fields('tickets')} ilike ${pattern}${number === null ? sql`` : sql` or ${tickets.id} = ${number}`})`,
        );
        return plain();
      }

      // Step 1: the newest SEARCH_WALK tickets of the view, each checked, until a page is full. "offset 0"
      // keeps the message check a probe per ticket: without it PostgreSQL may first build the set of every
      // matching message, which for a common word is most of them.
      const window = db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(...base))
        .orderBy(...newestFirst);
      const walked = (await db.execute(sql`select w.id from (
          select t.id, t.last_customer_at, t.customer, t.customer_number, t.group_name from tickets t
          where t.id in (${window.limit(searchWalk)})
          order by t.last_customer_at desc, t.id desc limit ${searchWalk}) w
        where ${number === null ? sql`` : sql`w.id = ${number} or `}${fields('w')} ilike ${pattern}
          or exists (select 1 from ticket_messages m where m.ticket_id = w.id and m.message ilike ${pattern} offset 0)
        order by w.last_customer_at desc, w.id desc
        limit ${query.limit + 1}`)) as unknown as { rows: { id: number }[] };
      const found = walked.rows.map((r) => Number(r.id));
      const beyond =
        found.length > query.limit
          ? []
          : await db
              .select({ id: tickets.id })
              .from(tickets)
              .where(and(...base))
              .orderBy(...newestFirst)
              .offset(searchWalk)
              .limit(1);
      if (beyond.length === 0) {
        // The page is full, or the walk saw the whole view: its matches are the answer.
        // The walk's order is the page's: newest customer activity, then highest id.
        return found.length === 0 ? [] : readPage(inArray(tickets.id, found), found.length);
      }

      // Step 2: the matching ids from each trigram index (and the number), then the page among them.
      base.push(sql`${tickets.id} in (${searchMatches(organisationId, pattern, number)})`);
      return plain();
    },

    /** The organisation's tickets among `ids` (with labels and assignee names); others are left out. */
    views(organisationId: number, ids: number[]): Promise<TicketView[]> {
      return selectViews().where(and(eq(tickets.organisationId, organisationId), inArray(tickets.id, ids)));
    },

    /**
     * The other tickets of this ticket's customer, newest first: same number, or with the number hidden the
     * same WhatsApp id (a per-customer ticket's key). Null when the ticket is not the organisation's.
     */
    async customerTickets(
      organisationId: number,
      ticketId: number,
      limit: number,
    ): Promise<TicketView[] | null> {
      const [ticket] = await db
        .select({ number: tickets.customerNumber, key: tickets.customerKey })
        .from(tickets)
        .where(and(eq(tickets.organisationId, organisationId), eq(tickets.id, ticketId)));
      if (!ticket) return null;
      const same = ticket.number
        ? eq(tickets.customerNumber, ticket.number)
        : ticket.key
          ? and(sql`${tickets.customerNumber} is null`, eq(tickets.customerKey, ticket.key))
          : undefined;
      // A ticket of a watch-mode group whose customer's number is hidden keeps no key to compare.
      if (!same) return [];
      return selectViews()
        .where(and(eq(tickets.organisationId, organisationId), ne(tickets.id, ticketId), same))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(limit);
    },
  };
}
