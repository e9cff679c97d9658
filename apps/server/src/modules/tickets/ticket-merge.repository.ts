import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { inboxTimes, waitingSinceOf } from './inbox-times';
import {
  type TicketMessageRow,
  type TicketRow,
  ticketMessages,
  ticketNotes,
  tickets,
} from './tickets.schema';

type Tx = DbTransaction;

/**
 * What merge and split ask of the replies module, which owns desk_replies: its replies follow their
 * messages, inside the merge's transaction (all of `fromTicketId`'s, or only those sent as `waIds`).
 */
export interface TicketReplies {
  moveToTicket(tx: Tx, fromTicketId: number, intoTicketId: number, waIds?: readonly string[]): Promise<void>;
}

export type MergeOutcome =
  | { kind: 'not_found' }
  | { kind: 'other_conversation' }
  | { kind: 'merged'; from: TicketRow; ticket: TicketRow };

export type SplitOutcome =
  | { kind: 'not_found' }
  | { kind: 'message_not_found' }
  | { kind: 'split_first' }
  /** The earlier part's last customer message is unanswered and both parts cannot stay active. */
  | { kind: 'answer_first' }
  | { kind: 'split'; closed: TicketRow; created: TicketRow };

export type TicketMergeRepository = ReturnType<typeof createTicketMergeRepository>;

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a <= b ? a : b) : (a ?? b));
const latest = (a: Date | null, b: Date | null) => (a && b ? (a >= b ? a : b) : (a ?? b));

/** What the messages of one part of a conversation say about it as a ticket. */
function summary(messages: TicketMessageRow[]) {
  const first = messages[0];
  const last = messages[messages.length - 1];
  if (!first || !last) throw new Error('a ticket part without messages');
  const reply = messages.find((m) => m.isBusiness);
  const customer = messages.find((m) => !m.isBusiness);
  // Unanswered: no business reply after the part's last customer message (decision 0020, split).
  const lastCustomer = messages.findLastIndex((m) => !m.isBusiness);
  const unanswered = lastCustomer >= 0 && !messages.slice(lastCustomer).some((m) => m.isBusiness);
  return { first, last, reply, customer, unanswered };
}

/**
 * Whether the conversation makes one ticket per customer: a per-customer ticket, or a group in that mode
 * now (a group the desk has not stored is a new one, per customer: decision 0020).
 */
async function perCustomer(tx: Tx, ticket: TicketRow): Promise<boolean> {
  if (ticket.customerKey !== null) return true;
  const found = (await tx.execute(sql`select ticket_mode from wa_groups
    where session_id = ${ticket.sessionId} and jid = ${ticket.groupJid}`)) as unknown as {
    rows: { ticket_mode: string }[];
  };
  return (found.rows[0]?.ticket_mode ?? 'per_customer') === 'per_customer';
}

/**
 * The engine's key of a customer message's sender (ticket-engine.ts, customerKey): their number, else the
 * author JID the message store kept; null when neither is known.
 */
async function customerKeyOf(tx: Tx, message: TicketMessageRow): Promise<string | null> {
  if (message.sender) return message.sender;
  const found = (await tx.execute(sql`select author from wa_messages
    where session_id = ${message.sessionId} and group_jid = ${message.groupJid} and wa_id = ${message.waId}
    limit 1`)) as unknown as { rows: { author: string | null }[] };
  return found.rows[0]?.author ?? null;
}

/**
 * Merge and split (docs/architecture.md, Working tickets as a team). Each runs in one transaction with the tickets locked, so
 * the one-active-ticket indexes hold at commit and a ticket changed meanwhile by the engine waits for it.
 */
export function createTicketMergeRepository(db: Db, replies: TicketReplies) {
  const lock = (tx: Tx, organisationId: number, ids: number[]) =>
    tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.organisationId, organisationId), inArray(tickets.id, ids)))
      .orderBy(asc(tickets.id))
      .for('update');

  return {
    merge(organisationId: number, fromId: number, intoId: number): Promise<MergeOutcome> {
      return db.transaction(async (tx) => {
        const locked = await lock(tx, organisationId, [fromId, intoId]);
        const from = locked.find((t) => t.id === fromId);
        const into = locked.find((t) => t.id === intoId);
        if (!from || !into) return { kind: 'not_found' };
        if (
          from.sessionId !== into.sessionId ||
          from.groupJid !== into.groupJid ||
          from.customerKey !== into.customerKey
        )
          return { kind: 'other_conversation' };

        await tx.update(ticketMessages).set({ ticketId: intoId }).where(eq(ticketMessages.ticketId, fromId));
        await tx.update(ticketNotes).set({ ticketId: intoId }).where(eq(ticketNotes.ticketId, fromId));
        await replies.moveToTicket(tx, fromId, intoId);
        await tx.execute(sql`insert into ticket_labels (ticket_id, label_id)
          select ${intoId}, label_id from ticket_labels where ticket_id = ${fromId} on conflict do nothing`);
        // Deleted before the update below: the merged ticket may become the conversation's active one.
        await tx.delete(tickets).where(eq(tickets.id, fromId));

        // At most one of the two is active (the unique indexes); the merged ticket takes its status.
        const active = [into, from].find((t) => t.status !== 'close');
        const opener = from.createdAt < into.createdAt ? from : into;
        const answerer = [into, from]
          .filter((t) => t.firstResponseAt)
          .sort((a, b) => Number(a.firstResponseAt) - Number(b.firstResponseAt))[0];
        const newest = tx
          .select({ message: ticketMessages.message })
          .from(ticketMessages)
          .where(eq(ticketMessages.ticketId, intoId))
          .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
          .limit(1);
        const [ticket] = await tx
          .update(tickets)
          .set({
            status: active?.status ?? 'close',
            closedAt: active ? null : latest(from.closedAt, into.closedAt),
            createdAt: opener.createdAt,
            customer: opener.customer,
            customerNumber: opener.customerNumber ?? (opener === from ? into : from).customerNumber,
            updatedAt: latest(from.updatedAt, into.updatedAt) ?? into.updatedAt,
            firstResponseAt: earliest(from.firstResponseAt, into.firstResponseAt),
            answeredBy: answerer?.answeredBy ?? into.answeredBy ?? from.answeredBy,
            assigneeId: into.assigneeId ?? from.assigneeId,
            lastMessage: sql`coalesce((${newest}), ${into.lastMessage})`,
            lastCustomerAt: latest(from.lastCustomerAt, into.lastCustomerAt) ?? into.lastCustomerAt,
            waitingSince: waitingSinceOf(intoId),
          })
          .where(eq(tickets.id, intoId))
          .returning();
        if (!ticket) throw new Error('the merged ticket vanished');
        return { kind: 'merged', from, ticket };
      });
    },

    /**
     * The earlier part stays the ticket; the later part becomes a new ticket of the same conversation, in
     * progress when it holds a business reply, with the same assignee and labels. The earlier part is
     * closed when its last customer message was answered (or it was closed already); else it stays active,
     * which only a per-customer conversation allows: the new ticket is keyed to its first customer, who must
     * be another than the earlier part's (decision 0020). Closing comes first, so the new ticket is the
     * conversation's (or customer's) only active one unless another already is (a unique violation the
     * caller answers).
     */
    split(organisationId: number, ticketId: number, fromMessageId: number, now: Date): Promise<SplitOutcome> {
      return db.transaction(async (tx) => {
        const [ticket] = await lock(tx, organisationId, [ticketId]);
        if (!ticket) return { kind: 'not_found' };
        const messages = await tx
          .select()
          .from(ticketMessages)
          .where(eq(ticketMessages.ticketId, ticketId))
          .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
        const at = messages.findIndex((m) => m.id === fromMessageId);
        if (at < 0) return { kind: 'message_not_found' };
        if (at === 0) return { kind: 'split_first' };
        const kept = summary(messages.slice(0, at));
        const moved = messages.slice(at);
        const later = summary(moved);
        const keepActive = ticket.status !== 'close' && kept.unanswered;
        const byCustomer = await perCustomer(tx, ticket);
        if (keepActive && !byCustomer) return { kind: 'answer_first' };
        const laterKey = byCustomer && later.customer ? await customerKeyOf(tx, later.customer) : null;
        const customerKey = laterKey ?? ticket.customerKey;
        if (keepActive && (laterKey === null || laterKey === ticket.customerKey))
          return { kind: 'answer_first' };

        const closedAt = keepActive ? null : (ticket.closedAt ?? latest(ticket.createdAt, now) ?? now);
        const activeStatus = kept.reply ? (ticket.status === 'open' ? 'in_progress' : ticket.status) : 'open';
        const [closed] = await tx
          .update(tickets)
          .set({
            status: keepActive ? activeStatus : 'close',
            closedAt,
            lastMessage: kept.last.message,
            updatedAt: latest(kept.last.createdAt, closedAt) ?? kept.last.createdAt,
            firstResponseAt: kept.reply?.createdAt ?? null,
            answeredBy: kept.reply ? ticket.answeredBy : null,
            ...inboxTimes(messages.slice(0, at), ticket.createdAt),
          })
          .where(eq(tickets.id, ticketId))
          .returning();
        const [created] = await tx
          .insert(tickets)
          .values({
            organisationId,
            sessionId: ticket.sessionId,
            groupJid: ticket.groupJid,
            groupName: ticket.groupName,
            customer: later.customer?.senderName ?? ticket.customer,
            customerNumber: later.customer ? later.customer.sender : ticket.customerNumber,
            customerKey,
            lastMessage: later.last.message,
            status: later.reply ? 'in_progress' : 'open',
            createdAt: later.first.createdAt,
            updatedAt: later.last.createdAt,
            firstResponseAt: later.reply?.createdAt ?? null,
            answeredBy: later.reply?.senderName ?? null,
            assigneeId: ticket.assigneeId,
            ...inboxTimes(moved, later.first.createdAt),
          })
          .returning();
        if (!closed || !created) throw new Error('the split tickets were not stored');
        const movedIds = moved.map((m) => m.id);
        await tx
          .update(ticketMessages)
          .set({ ticketId: created.id })
          .where(inArray(ticketMessages.id, movedIds));
        await replies.moveToTicket(
          tx,
          ticketId,
          created.id,
          moved.map((m) => m.waId),
        );
        await tx.execute(sql`insert into ticket_labels (ticket_id, label_id)
          select ${created.id}, label_id from ticket_labels where ticket_id = ${ticketId}`);
        return { kind: 'split', closed, created };
      });
    },
  };
}
