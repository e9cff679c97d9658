import type { KnownAgent } from '../agents/agents.service';
import type { LiveMessage } from '../messages/group-message';
import type { QueuedLiveMessage } from '../messages/message-store.service';
import type { TicketRow, TicketStatus } from '../tickets/tickets.schema';
import { isAcknowledgement } from './acknowledgement';
import { messageText } from './message-text';
import { type Joining, type NewTicket, type TicketLedger, UNKNOWN_SENDER } from './ticket-ledger';

export interface TicketEngineDeps {
  /** Where tickets are opened and joined: the tickets module's, handed over by app.ts. */
  ledger: TicketLedger;
  /** The agent with this sender number (digits), or null: decides business versus customer. */
  agentByNumber(organisationId: number, phone: string): Promise<KnownAgent | null>;
}

/**
 * A live message with what the queue read with it rather than this instance's state: the session's linked
 * phone (names the linked account's own messages on any instance), the group's ticket mode, the
 * organisation's acknowledgement phrases and the member who sent it from the desk. So a change to any of
 * them applies to the next message claimed, on every instance.
 */
export type EngineMessage = LiveMessage &
  Pick<QueuedLiveMessage, 'linkedPhone' | 'ticketMode' | 'ackPhrases' | 'deskReply'>;

/**
 * What one message did: `ignored` (no ticket to join, an acknowledgement with none, an ignored group, or
 * not a conversation message), `duplicate` (seen before), `reopened` (a customer wrote on their closed ticket
 * within the reopen window). `assigned`: this reply made its sender the ticket's assignee (the first
 * business reply, from a member's agent phone or the desk). `statusBefore`: the ticket's status before the
 * message, when it joined one (the engine's status moves, decision 0020). `startedWaiting`: a customer
 * message that started a wait (decision 0021, waiting time): the ticket waits on the business again.
 */
export type EngineOutcome =
  | {
      kind: 'created' | 'updated' | 'reopened';
      ticket: TicketRow;
      assigned?: boolean;
      statusBefore?: TicketStatus;
      startedWaiting?: boolean;
    }
  | { kind: 'ignored' | 'duplicate' };

/** A batch's answer per message: opening a ticket can fail for one message after others were applied. */
export type BatchOutcome = EngineOutcome | { kind: 'failed'; error: unknown };

export type TicketEngine = ReturnType<typeof createTicketEngine>;

/** One conversation: a group as seen by one linked session (session ids are unique across organisations). */
export const groupOf = (event: LiveMessage): string => `${event.sessionId}\u0000${event.groupJid}`;

/** Thrown inside the transaction to roll back a redelivered message's effects (e.g. the ticket it opened). */
class AlreadyProcessed extends Error {}

/** Group notifications and "deleted" stubs are not something a customer asked. */
const NOT_CONVERSATION = new Set(['gp2', 'revoked', 'call_missed']);

/**
 * The ticket rules (docs/architecture.md, where the rules live). Safe to run on several servers at once:
 * the database allows one active ticket per group and one ticket message per WhatsApp message, and the
 * engine re-reads on conflict.
 */
export function createTicketEngine({ ledger, agentByNumber }: TicketEngineDeps) {
  async function sender(event: EngineMessage) {
    const { message } = event;
    // `authorNumber` is the resolved phone: a LID author's number from the pair learned before the
    // message was stored (ingest) or since (the stored row, read with the message from the queue). So an
    // agent writing under a LID is an agent once the session knows the pair (docs/decisions/0013, LID senders).
    const phone = message.fromMe ? event.linkedPhone : message.authorNumber;
    const number = phone ? `+${phone.replace(/\D/g, '')}` : null;
    const agent = phone ? await agentByNumber(event.organisationId, phone) : null;
    const business = message.fromMe || agent !== null;
    const desk = message.fromMe ? event.deskReply : null;
    const name =
      desk?.name ??
      agent?.name ??
      message.authorName ??
      (message.fromMe ? 'You' : (number ?? UNKNOWN_SENDER));
    return { business, number, name, agentNumber: agent?.number ?? null, sentBy: desk?.userId ?? null };
  }

  /**
   * Per-customer groups (docs/decisions/0017): the customer a message belongs to. A customer's own message
   * is theirs (their number, else their JID). A business reply belongs to the customer it quotes; one that
   * quotes nobody (or the business side) gets null: the group's ticket with the latest customer message.
   */
  async function customerKey(event: EngineMessage, from: { business: boolean; number: string | null }) {
    const { message } = event;
    if (!from.business) return from.number ?? message.author ?? UNKNOWN_SENDER;
    const quoted = message.quotedParticipant;
    if (!quoted || message.quotedFromMe) return null;
    const number = message.quotedParticipantNumber;
    if (number && (await agentByNumber(event.organisationId, number))) return null;
    return number ? `+${number.replace(/\D/g, '')}` : quoted;
  }

  /**
   * No active ticket: open one and join it, in one transaction so that a message seen before does not leave
   * a new empty ticket behind. Losing the race to another server's ticket means joining that one instead.
   */
  async function openAndJoin(joining: Joining, ticket: NewTicket): Promise<EngineOutcome> {
    try {
      return await ledger.transaction(async (tx) => {
        // Two tries: the ticket that won the race could be closed again before we join it.
        for (let attempt = 0; attempt < 2; attempt++) {
          // The conversation's closed ticket: reopened within the window, else followed up (decision 0020).
          const before = attempt === 0 ? await tx.reopen(ticket) : { kind: 'none' as const };
          const followUpOf = before.kind === 'follow_up' ? before.of : null;
          const opened = before.kind === 'reopened' ? null : await tx.open({ ...ticket, followUpOf });
          const joined = await tx.join(joining);
          if (joined.kind === 'duplicate') throw new AlreadyProcessed();
          if (joined.kind === 'joined') {
            const { ticket: row, assigned, statusBefore, startedWaiting } = joined;
            if (before.kind === 'reopened') return { kind: 'reopened', ticket: row, statusBefore: 'close' };
            if (opened) return { kind: 'created', ticket: row, assigned };
            return { kind: 'updated', ticket: row, assigned, statusBefore, startedWaiting };
          }
        }
        throw new Error(`could not open or join a ticket for group ${joining.key.groupJid}`);
      });
    } catch (error) {
      if (error instanceof AlreadyProcessed) return { kind: 'duplicate' };
      throw error;
    }
  }

  /** A message's ticket row fields, or null for what is not a conversation message. */
  async function prepare(event: EngineMessage) {
    const { message } = event;
    // A reply typed on the desk goes to the ticket it was typed on, whatever the group's mode is now.
    const deskTicketId = message.fromMe ? (event.deskReply?.ticketId ?? null) : null;
    if (NOT_CONVERSATION.has(message.messageType)) return null;
    if (event.ticketMode === 'ignore' && deskTicketId === null) return null;
    const from = await sender(event);
    const perCustomer = event.ticketMode === 'per_customer';
    const customer = perCustomer ? await customerKey(event, from) : null;
    const text = messageText(message);
    const at = new Date(message.timestamp * 1000);
    const key = {
      organisationId: event.organisationId,
      sessionId: event.sessionId,
      groupJid: event.groupJid,
    };
    const joining: Joining = {
      key,
      waId: message.waId,
      sender: from.number,
      senderName: from.name,
      isBusiness: from.business,
      message: text,
      at,
      groupName: event.groupName,
      perCustomer,
      customerKey: customer,
      agentNumber: from.agentNumber,
      sentByUserId: from.sentBy,
      deskTicketId,
      automatic: message.fromMe && event.deskReply?.automatic === true,
      still: false,
    };
    const ticket: NewTicket = {
      ...key,
      groupName: event.groupName ?? event.groupJid,
      customer: from.name,
      customerNumber: from.number,
      customerKey: customer,
      lastMessage: text,
      at,
    };
    // Thanks and the like continue a conversation; they never start one (docs/decisions/0017).
    // Only what a customer says opens, reopens or moves a ticket: reactions are not stored as messages and
    // poll votes never reach the engine (decision 0020); group notices are no conversation (above).
    const still = !from.business && isAcknowledgement(message, event.ackPhrases);
    return { joining: { ...joining, still }, ticket, opens: !from.business && !still };
  }

  /**
   * Applies messages of distinct groups together, answering each one's outcome in input order. Most
   * messages continue a conversation: one statement for the whole batch, no transaction. It rejects only
   * when that statement fails, and then nothing of the batch was applied.
   */
  async function processBatch(events: readonly EngineMessage[]): Promise<BatchOutcome[]> {
    const groups = new Set(events.map(groupOf));
    if (groups.size !== events.length)
      throw new Error('a ticket engine batch holds two messages of one group');
    const prepared = await Promise.all(events.map(prepare));
    const work = prepared.filter((p) => p !== null);
    const joined = await ledger.join(work.map((p) => p.joining));
    let next = 0;
    // Each message's join result, or undefined for what was not sent (not a conversation message).
    const results = prepared.map((p) => (p ? joined[next++] : undefined));
    return Promise.all(
      prepared.map(async (p, i): Promise<BatchOutcome> => {
        const result = results[i];
        if (!p || !result) return { kind: 'ignored' };
        if (result.kind === 'joined')
          return {
            kind: 'updated',
            ticket: result.ticket,
            assigned: result.assigned,
            statusBefore: result.statusBefore,
            startedWaiting: result.startedWaiting,
          };
        if (result.kind === 'duplicate') return { kind: 'duplicate' };
        if (!p.opens) return { kind: 'ignored' };
        return openAndJoin(p.joining, p.ticket).catch((error: unknown) => ({ kind: 'failed', error }));
      }),
    );
  }

  return {
    processBatch,
    async process(event: EngineMessage): Promise<EngineOutcome> {
      const [outcome = { kind: 'ignored' }] = await processBatch([event]);
      if (outcome.kind === 'failed') throw outcome.error;
      return outcome;
    },
  };
}
