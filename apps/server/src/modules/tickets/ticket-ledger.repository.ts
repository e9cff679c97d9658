import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { storableDeep, storableText } from '../../text';
import {
  type Joining,
  type JoinResult,
  type LearnedSender,
  type NewTicket,
  type ReopenResult,
  type TicketLedger,
  UNKNOWN_SENDER,
} from '../ticket-engine/ticket-ledger';
import { ACTIVE_STATUSES, type TicketRow, type TicketStatus, tickets } from './tickets.schema';

/**
 * The ticket engine's writes (its port: ticket-engine/ticket-ledger.ts): open, the join statement, the
 * late sender fill. They live here so that the tickets module is the one writer of tickets and
 * ticket_messages (docs/architecture.md, Layers).
 */
export function createTicketLedgerRepository(db: Db): TicketLedger {
  // Named, so PostgreSQL plans it once per connection: planning this statement costs as much as running it.
  const prepared = joinStatement(db).prepare('ticket_engine_join');
  return {
    join: async (joinings) =>
      joinings.length === 0
        ? []
        : joinResults(joinings.length, (await prepared.execute(joinValues(joinings)))[0]),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          open: (ticket) => open(tx as unknown as Db, ticket),
          reopen: (ticket) => reopen(tx as unknown as Db, ticket),
          join: async (joining) => {
            const [row] = await joinStatement(tx as unknown as Db).execute(joinValues([joining]));
            return joinResults(1, row)[0] as JoinResult;
          },
        }),
      ),
    fillSenders: (organisationId, sessionId, senders) => fillSenders(db, organisationId, sessionId, senders),
  };
}

/**
 * A sender's number learned after the engine recorded their messages without one: fills it into the
 * session's ticket messages that lack it, and into the tickets those messages opened. Nothing is
 * reclassified: business or not, status and times stay. One statement: the messages by their key
 * (ticket_messages_key_idx), then each ticket whose opening message (its first) was among them. A name the
 * engine could only give as "Unknown" becomes the number, as it would have been with the number known.
 * Answers the tickets whose number was filled.
 */
async function fillSenders(
  db: Db,
  organisationId: number,
  sessionId: string,
  senders: readonly LearnedSender[],
): Promise<number[]> {
  if (senders.length === 0) return [];
  const json = JSON.stringify(
    senders.map((s) => ({ group_jid: s.groupJid, wa_id: s.waId, sender: s.number })),
  );
  const result = (await db.execute(sql`
    with learned as (
      select * from json_to_recordset(${json}::json) as l(group_jid text, wa_id text, sender text)
    ), filled as (
      update ticket_messages m set
        sender = l.sender,
        sender_name = case when m.sender_name = ${UNKNOWN_SENDER} then l.sender else m.sender_name end
      from learned l
      where m.session_id = ${sessionId} and m.group_jid = l.group_jid and m.wa_id = l.wa_id
        and m.sender is null
      returning m.id, m.ticket_id, m.sender
    )
    update tickets t set
      customer_number = f.sender,
      customer = case when t.customer = ${UNKNOWN_SENDER} then f.sender else t.customer end,
      -- A per-customer ticket keyed by the customer's LID takes their number as its key, so their next
      -- messages and the replies quoting them find it (decision 0017), unless the customer already has an
      -- active ticket under the number: then the one-active index keeps the old key.
      customer_key = case when t.customer_key is not null and t.customer_key not like '+%'
          and not exists (select 1 from tickets a where a.organisation_id = t.organisation_id
            and a.session_id = t.session_id and a.group_jid = t.group_jid and a.customer_key = f.sender
            and a.status in ('open', 'in_progress', 'pending'))
        then f.sender else t.customer_key end
    from filled f
    where t.id = f.ticket_id and t.organisation_id = ${organisationId} and t.session_id = ${sessionId}
      and t.customer_number is null
      and f.id = (select min(o.id) from ticket_messages o where o.ticket_id = t.id)
    returning t.id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

/**
 * The conversation's latest closed ticket (tickets_closed_conversation_idx), locked, and whether the message
 * came within the organisation's reopen window of its close (decision 0020): then it is reopened, in a
 * savepoint, since another server's ticket may have become the conversation's active one meanwhile (the
 * unique index refuses the reopen; the caller's join then finds that ticket).
 */
async function reopen(db: Db, ticket: NewTicket): Promise<ReopenResult> {
  const at = ticket.at.toISOString();
  const customer =
    ticket.customerKey === null ? sql`t.customer_key is null` : sql`t.customer_key = ${ticket.customerKey}`;
  const found = (await db.execute(sql`
    select t.id, (o.reopen_days > 0
        and t.closed_at >= ${at}::timestamptz - make_interval(days => o.reopen_days)) as reopenable
    from tickets t join organisations o on o.id = t.organisation_id
    where t.organisation_id = ${ticket.organisationId} and t.session_id = ${ticket.sessionId}
      and t.group_jid = ${ticket.groupJid} and ${customer} and t.status = 'close'
    order by t.closed_at desc, t.id desc
    limit 1
    for update of t`)) as unknown as { rows: { id: number; reopenable: boolean }[] };
  const closed = found.rows[0];
  if (!closed) return { kind: 'none' };
  if (!closed.reopenable) return { kind: 'follow_up', of: closed.id };
  try {
    const row = await db.transaction(async (savepoint) => {
      const [reopened] = await savepoint
        .update(tickets)
        .set({
          status: 'in_progress',
          closedAt: null,
          customerRepliedAt: sql`greatest(${tickets.createdAt}, ${at}::timestamptz)`,
          // The customer waits again from this message on, whatever was left from before the close.
          waitingSince: sql`greatest(${tickets.createdAt}, ${at}::timestamptz)`,
          updatedAt: sql`greatest(${tickets.updatedAt}, ${at}::timestamptz)`,
        })
        .where(eq(tickets.id, closed.id))
        .returning();
      return reopened;
    });
    return row ? { kind: 'reopened', ticket: row } : { kind: 'none' };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'none' };
    throw error;
  }
}

async function open(db: Db, ticket: NewTicket): Promise<TicketRow | null> {
  const { at, followUpOf = null, ...fields } = ticket;
  // Names and texts come from WhatsApp; U+0000 cannot be stored.
  const text = {
    groupName: storableText(fields.groupName),
    customer: storableText(fields.customer),
    lastMessage: storableText(fields.lastMessage),
  };
  // Each kind of ticket has its own partial unique index (one active per group, one per customer).
  const conflict =
    fields.customerKey === null
      ? {
          target: [tickets.organisationId, tickets.sessionId, tickets.groupJid],
          where: sql`${tickets.status} in ${ACTIVE_STATUSES} and ${tickets.customerKey} is null`,
        }
      : {
          target: [tickets.organisationId, tickets.sessionId, tickets.groupJid, tickets.customerKey],
          where: sql`${tickets.status} in ${ACTIVE_STATUSES} and ${tickets.customerKey} is not null`,
        };
  const [row] = await db
    .insert(tickets)
    .values({
      ...fields,
      ...text,
      followUpOf,
      status: 'open',
      createdAt: at,
      updatedAt: at,
      lastCustomerAt: at,
    })
    .onConflictDoNothing(conflict)
    .returning();
  return row ?? null;
}

/**
 * Every message of a live conversation passes here, so a whole batch of them is one statement (one round
 * trip, atomic without a transaction): lock each group's active ticket, add each message unless its WhatsApp
 * id is known, and update a ticket only if its message was added. The messages travel as one JSON array,
 * numbered to give each its result back, which keeps the statement preparable whatever the batch size.
 * Every step is a lookup by index or a pass over the batch, never batch × batch. Drizzle has no builder for
 * data-modifying CTEs, so they are SQL.
 */
function joinStatement(db: Db) {
  const input = db.$with('input', { n: sql<number>`n` }).as(sql`
    select * from json_to_recordset(${sql.placeholder('rows')}::json) as i(n int, organisation_id int,
      session_id uuid, group_jid text, wa_id text, sender text, sender_name text, is_business boolean,
      is_still boolean, message text, at timestamptz, group_name text, per_customer boolean, customer_key text,
      agent_number text, sent_by_user_id int, desk_ticket_id int, is_automatic boolean)`);
  // Locked one group after the other in the array's order, which joinValues makes the same on every server,
  // so two servers locking overlapping batches cannot deadlock. The ticket is found by one of two lookups,
  // each worded as its partial unique index's predicate so that it is an index probe: the group's watch
  // ticket, or in a per-customer group the customer's ticket (a reply quoting no customer: the ticket whose
  // customer wrote last). The status is checked again on the locked row: a ticket closed meanwhile is none.
  // The desk's automatic message joins the ticket it was sent on even when closed: the satisfaction poll is
  // sent on the close (decision 0030), and an automatic message moves nothing but the last message.
  const targets = db.$with('targets', { id: sql<number>`id` }).as(sql`
    select t.id, t.assignee_id as assignee_before, t.status as status_before,
      t.first_response_at as responded_before, t.waiting_since as waiting_before, i.* from input i
    cross join lateral (
      select k.id, k.assignee_id, k.status, k.first_response_at, k.waiting_since from tickets k
      where (k.status in ('open', 'in_progress', 'pending') or (i.is_automatic and k.id = i.desk_ticket_id))
        and k.id = coalesce(
        (select d.id from tickets d
          where d.id = i.desk_ticket_id and d.organisation_id = i.organisation_id
            and d.session_id = i.session_id and d.group_jid = i.group_jid
            and (d.status in ('open', 'in_progress', 'pending') or i.is_automatic)),
        (select w.id from tickets w
          where not i.per_customer and w.organisation_id = i.organisation_id and w.session_id = i.session_id
            and w.group_jid = i.group_jid and w.status in ('open', 'in_progress', 'pending') and w.customer_key is null),
        (select c.id from tickets c
          where i.per_customer and c.organisation_id = i.organisation_id and c.session_id = i.session_id
            and c.group_jid = i.group_jid and c.status in ('open', 'in_progress', 'pending')
            and c.customer_key is not null and (i.customer_key is null or c.customer_key = i.customer_key)
          order by (select max(m.created_at) from ticket_messages m
            where m.ticket_id = c.id and not m.is_business) desc nulls last, c.id desc
          limit 1))
      for update) t`);
  const added = db.$with('added', { ticketId: sql<number>`ticket_id` }).as(sql`
    insert into ticket_messages (ticket_id, session_id, group_jid, wa_id, sender, sender_name, is_business,
      message, created_at, sent_by_user_id, still, echo_effects)
    select id, session_id, group_jid, wa_id, sender, sender_name, is_business, message, at, sent_by_user_id,
      -- An acknowledgement starts no SLA clock (decision 0028).
      is_still and not is_business,
      -- What a desk reply changes below, kept so that WhatsApp refusing the reply can undo exactly that
      -- (decision 0018, reply states).
      case when is_business and sent_by_user_id is not null then array_remove(array[
        case when responded_before is null then 'first_response' end,
        case when status_before = 'open' then 'in_progress' end,
        case when responded_before is null and assignee_before is null then 'assigned' end
      ], null) else '{}'::text[] end
    from targets
    on conflict (session_id, group_jid, wa_id) do nothing
    returning ticket_id`);
  // Status moves (decision 0020): a business reply sets pending when the organisation asks for it, else
  // moves open to in_progress; a customer message that says something moves pending back to in_progress
  // and marks the customer's reply, which the next business reply clears.
  const touched = db.$with('touched', { id: sql<number>`id` }).as(sql`
    update tickets t set
      last_message = x.message,
      updated_at = greatest(t.updated_at, x.at),
      group_name = coalesce(x.group_name, t.group_name),
      -- Never before the ticket opened, even if the phones' clocks disagree.
      -- The desk's own automatic message (decision 0028) joins as the last message and moves nothing.
      first_response_at = case when x.is_business and not x.is_automatic
        then coalesce(t.first_response_at, greatest(t.created_at, x.at)) else t.first_response_at end,
      status = case
        when x.is_automatic then t.status
        when x.is_business and (select o.auto_pending from organisations o where o.id = t.organisation_id)
          then 'pending'
        when x.is_business and t.status = 'open' then 'in_progress'
        when not x.is_business and not x.is_still and t.status = 'pending' then 'in_progress'
        else t.status end,
      -- The inbox's order and waiting time (decision 0021): any customer message is activity; one that
      -- says something starts the wait unless the customer already waits; a business reply ends it.
      last_customer_at = case when x.is_business then t.last_customer_at
        else greatest(t.last_customer_at, x.at) end,
      waiting_since = case when x.is_automatic then t.waiting_since when x.is_business then null
        when x.is_still then t.waiting_since
        else coalesce(t.waiting_since, greatest(t.created_at, x.at)) end,
      customer_replied_at = case when x.is_automatic then t.customer_replied_at when x.is_business then null
        when not x.is_still and t.status = 'pending' then greatest(t.created_at, x.at)
        else t.customer_replied_at end,
      -- The first business reply names who answered and, when the replier is a member (the desk, or an
      -- agent phone linked to one), assigns them if nobody was (docs/architecture.md, assignment).
      answered_by = case when x.is_business and not x.is_automatic and t.first_response_at is null
        then x.sender_name else t.answered_by end,
      assignee_id = case when x.is_business and not x.is_automatic and t.first_response_at is null
          and t.assignee_id is null
        then coalesce(x.sent_by_user_id, (select u.id from agents a join users u on u.agent_id = a.id
          where a.organisation_id = t.organisation_id and a.number = x.agent_number
            and u.organisation_id = t.organisation_id))
        else t.assignee_id end
    from targets x
    where t.id = x.id and x.id = any(array(select ticket_id from added))
    returning t.*, x.n as joined_n, x.status_before,
      x.assignee_before is null and t.assignee_id is not null as assigned,
      x.waiting_before is null and t.waiting_since is not null as started_waiting`);
  return db
    .with(input, targets, added, touched)
    .select({
      active: sql<number[] | null>`(select array_agg(n) from targets)`,
      tickets: sql<JoinedTicket[] | null>`(select json_agg(u) from touched u)`,
    })
    .from(sql`(select 1) as one`);
}

/** The batch as the statement's JSON rows, in group order (see the locking in joinStatement). */
function joinValues(joinings: readonly Joining[]) {
  const rows = joinings.map((j, n) => ({
    n,
    organisation_id: j.key.organisationId,
    session_id: j.key.sessionId,
    group_jid: j.key.groupJid,
    wa_id: j.waId,
    sender: j.sender,
    sender_name: j.senderName,
    is_business: j.isBusiness,
    is_still: j.still,
    message: j.message,
    at: j.at.toISOString(),
    group_name: j.groupName,
    per_customer: j.perCustomer,
    customer_key: j.customerKey,
    agent_number: j.agentNumber,
    sent_by_user_id: j.sentByUserId,
    desk_ticket_id: j.deskTicketId,
    is_automatic: j.automatic,
  }));
  rows.sort(
    (a, b) =>
      a.organisation_id - b.organisation_id ||
      compare(a.session_id, b.session_id) ||
      compare(a.group_jid, b.group_jid),
  );
  // json_to_recordset cannot read "\u0000" into text.
  return { rows: JSON.stringify(storableDeep(rows)) };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each message's result, in input order: no active ticket, already stored, or joined. */
function joinResults(
  count: number,
  row: { active: number[] | null; tickets: JoinedTicket[] | null } | undefined,
): JoinResult[] {
  const active = new Set(row?.active ?? []);
  const joined = new Map((row?.tickets ?? []).map((raw) => [raw.joined_n, raw]));
  return Array.from({ length: count }, (_, n): JoinResult => {
    const raw = joined.get(n);
    if (raw)
      return {
        kind: 'joined',
        ticket: fromRaw(raw),
        assigned: raw.assigned,
        statusBefore: raw.status_before,
        startedWaiting: raw.started_waiting,
      };
    return { kind: active.has(n) ? 'duplicate' : 'none' };
  });
}

/** An updated ticket as json_agg gives it: snake_case, timestamps as text; and its message's number. */
interface RawTicket {
  id: number;
  organisation_id: number;
  session_id: string;
  group_jid: string;
  group_name: string;
  customer: string;
  customer_number: string | null;
  last_message: string;
  status: TicketStatus;
  created_at: Date | string;
  updated_at: Date | string;
  first_response_at: Date | string | null;
  closed_at: Date | string | null;
  customer_key: string | null;
  assignee_id: number | null;
  answered_by: string | null;
  customer_replied_at: Date | string | null;
  follow_up_of: number | null;
  last_customer_at: Date | string;
  waiting_since: Date | string | null;
  satisfaction_asked_at: Date | string | null;
  satisfaction_score: number | null;
}

type JoinedTicket = RawTicket & {
  joined_n: number;
  assigned: boolean;
  status_before: TicketStatus;
  started_waiting: boolean;
};

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function fromRaw(raw: RawTicket): TicketRow {
  return {
    id: raw.id,
    organisationId: raw.organisation_id,
    sessionId: raw.session_id,
    groupJid: raw.group_jid,
    groupName: raw.group_name,
    customer: raw.customer,
    customerNumber: raw.customer_number,
    lastMessage: raw.last_message,
    status: raw.status,
    createdAt: date(raw.created_at),
    updatedAt: date(raw.updated_at),
    firstResponseAt: raw.first_response_at === null ? null : date(raw.first_response_at),
    closedAt: raw.closed_at === null ? null : date(raw.closed_at),
    customerKey: raw.customer_key,
    assigneeId: raw.assignee_id,
    answeredBy: raw.answered_by,
    customerRepliedAt: raw.customer_replied_at === null ? null : date(raw.customer_replied_at),
    followUpOf: raw.follow_up_of,
    lastCustomerAt: date(raw.last_customer_at),
    waitingSince: raw.waiting_since === null ? null : date(raw.waiting_since),
    satisfactionAskedAt: raw.satisfaction_asked_at === null ? null : date(raw.satisfaction_asked_at),
    satisfactionScore: raw.satisfaction_score === null ? null : Number(raw.satisfaction_score),
  };
}
