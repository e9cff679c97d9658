import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type TicketStatus, tickets } from '../../db/schema';
import type { TicketRow } from './tickets.repository';

export interface GroupKey {
  organisationId: number;
  sessionId: string;
  groupJid: string;
}

export interface NewTicket extends GroupKey {
  groupName: string;
  customer: string;
  customerNumber: string | null;
  lastMessage: string;
  at: Date;
}

/** A message joining the group's active ticket, and what it changes on the ticket. */
export interface Joining {
  key: GroupKey;
  waId: string;
  sender: string | null;
  senderName: string;
  /** A business reply: records first_response_at once and moves an open ticket to in_progress. */
  isBusiness: boolean;
  message: string;
  at: Date;
  /** The group's current name, when known. */
  groupName: string | null;
}

/** `none`: the group has no active ticket; `duplicate`: this WhatsApp message already joined one. */
export type JoinResult = { kind: 'joined'; ticket: TicketRow } | { kind: 'none' } | { kind: 'duplicate' };

export interface TicketEngineTx {
  /**
   * Opens a ticket, or answers null when the group already has an active one (perhaps opened a moment ago
   * by another server: the partial unique index makes this insert wait for that transaction, then skip).
   */
  open(ticket: NewTicket): Promise<TicketRow | null>;
  join(joining: Joining): Promise<JoinResult>;
}

export interface TicketEngineRepository {
  join(joining: Joining): Promise<JoinResult>;
  /** Runs `work` in one transaction; anything it throws rolls every statement back. */
  transaction<T>(work: (tx: TicketEngineTx) => Promise<T>): Promise<T>;
}

export function createTicketEngineRepository(db: Db): TicketEngineRepository {
  // Named, so PostgreSQL plans it once per connection: planning this statement costs as much as running it.
  const prepared = joinStatement(db).prepare('ticket_engine_join');
  return {
    join: async (joining) => joinResult(await prepared.execute(joinValues(joining))),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          open: (ticket) => open(tx as unknown as Db, ticket),
          join: async (joining) =>
            joinResult(await joinStatement(tx as unknown as Db).execute(joinValues(joining))),
        }),
      ),
  };
}

async function open(db: Db, ticket: NewTicket): Promise<TicketRow | null> {
  const { at, ...fields } = ticket;
  const [row] = await db
    .insert(tickets)
    .values({ ...fields, status: 'open', createdAt: at, updatedAt: at })
    .onConflictDoNothing({
      target: [tickets.organisationId, tickets.sessionId, tickets.groupJid],
      where: sql`${tickets.status} in ('open', 'in_progress')`,
    })
    .returning();
  return row ?? null;
}

/**
 * Every message of a live conversation passes here, so it is one statement (one round trip, atomic without
 * a transaction): lock the group's active ticket, add the message unless its WhatsApp id is known, and
 * update the ticket only if the message was added. Drizzle has no builder for data-modifying CTEs, so they
 * are SQL; placeholders let the whole statement be prepared.
 */
function joinStatement(db: Db) {
  const p = sql.placeholder;
  const active = db.$with('active', { id: sql<number>`id` }).as(sql`
    select id from tickets
    where organisation_id = ${p('organisationId')} and session_id = ${p('sessionId')}::uuid
      and group_jid = ${p('groupJid')} and status in ('open', 'in_progress')
    for update`);
  const added = db.$with('added', { ticketId: sql<number>`ticket_id` }).as(sql`
    insert into ticket_messages
      (ticket_id, session_id, group_jid, wa_id, sender, sender_name, is_business, message, created_at)
    select id, ${p('sessionId')}::uuid, ${p('groupJid')}, ${p('waId')}, ${p('sender')}::text, ${p('senderName')},
      ${p('isBusiness')}::boolean, ${p('message')}, ${p('at')}::timestamptz
    from active
    on conflict (session_id, group_jid, wa_id) do nothing
    returning ticket_id`);
  const touched = db.$with('touched', { id: sql<number>`id` }).as(sql`
    update tickets t set
      last_message = ${p('message')},
      updated_at = greatest(t.updated_at, ${p('at')}::timestamptz),
      group_name = coalesce(${p('groupName')}::text, t.group_name),
      -- Never before the ticket opened, even if the phones' clocks disagree.
      first_response_at = case when ${p('isBusiness')}::boolean
        then coalesce(t.first_response_at, greatest(t.created_at, ${p('at')}::timestamptz))
        else t.first_response_at end,
      status = case when ${p('isBusiness')}::boolean and t.status = 'open' then 'in_progress' else t.status end
    from added where t.id = added.ticket_id
    returning t.*`);
  return db
    .with(active, added, touched)
    .select({
      activeCount: sql<number>`(select count(*) from active)::int`,
      ticket: sql<RawTicket | null>`(select row_to_json(touched) from touched)`,
    })
    .from(sql`(select 1) as one`);
}

function joinValues(j: Joining) {
  return {
    ...j.key,
    waId: j.waId,
    sender: j.sender,
    senderName: j.senderName,
    isBusiness: j.isBusiness,
    message: j.message,
    at: j.at.toISOString(),
    groupName: j.groupName,
  };
}

function joinResult(rows: { activeCount: number; ticket: RawTicket | null }[]): JoinResult {
  const [row] = rows;
  if (!row || row.activeCount === 0) return { kind: 'none' };
  if (!row.ticket) return { kind: 'duplicate' };
  return { kind: 'joined', ticket: fromRaw(row.ticket) };
}

/** The updated ticket as row_to_json gives it: snake_case, timestamps as text. */
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
}

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
  };
}
