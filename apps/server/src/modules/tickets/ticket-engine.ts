import type { LiveMessageEvent } from '../../whatsapp/events';
import type { KnownAgent } from '../agents/agents.service';
import type { Joining, NewTicket, TicketEngineRepository } from './ticket-engine.repository';
import { messageText } from './ticket-mapping';
import type { TicketRow } from './tickets.repository';

export interface TicketEngineDeps {
  repo: TicketEngineRepository;
  /** The agent with this sender number (digits), or null: decides business versus customer. */
  agentByNumber(organisationId: number, phone: string): Promise<KnownAgent | null>;
  /** The linked account's phone (digits) of a session, to name the sender of its own messages. */
  linkedPhone(sessionId: string): string | null;
}

/** What one message did: `ignored` (no ticket to join, or not a conversation message), `duplicate` (seen before). */
export type EngineOutcome =
  | { kind: 'created' | 'updated'; ticket: TicketRow }
  | { kind: 'ignored' | 'duplicate' };

export type TicketEngine = ReturnType<typeof createTicketEngine>;

/** Thrown inside the transaction to roll back a redelivered message's effects (e.g. the ticket it opened). */
class AlreadyProcessed extends Error {}

/** Group notifications and "deleted" stubs are not something a customer asked. */
const NOT_CONVERSATION = new Set(['gp2', 'revoked']);

/**
 * The ticket rules (DESIGN.md §6). Safe to run on several servers at once: the database allows one active
 * ticket per group and one ticket message per WhatsApp message, and the engine re-reads on conflict.
 */
export function createTicketEngine({ repo, agentByNumber, linkedPhone }: TicketEngineDeps) {
  async function sender(event: LiveMessageEvent) {
    const { message } = event;
    const phone = message.from_me ? linkedPhone(event.sessionId) : message.author_number;
    const number = phone ? `+${phone.replace(/\D/g, '')}` : null;
    const agent = phone ? await agentByNumber(event.organisationId, phone) : null;
    const business = message.from_me || agent !== null;
    const name = agent?.name ?? message.author_name ?? (message.from_me ? 'You' : (number ?? 'Unknown'));
    return { business, number, name };
  }

  /**
   * No active ticket: open one and join it, in one transaction so that a message seen before does not leave
   * a new empty ticket behind. Losing the race to another server's ticket means joining that one instead.
   */
  async function openAndJoin(joining: Joining, ticket: NewTicket): Promise<EngineOutcome> {
    try {
      return await repo.transaction(async (tx) => {
        // Two tries: the ticket that won the race could be closed again before we join it.
        for (let attempt = 0; attempt < 2; attempt++) {
          const opened = await tx.open(ticket);
          const joined = await tx.join(joining);
          if (joined.kind === 'duplicate') throw new AlreadyProcessed();
          if (joined.kind === 'joined')
            return { kind: opened ? 'created' : 'updated', ticket: joined.ticket };
        }
        throw new Error(`could not open or join a ticket for group ${joining.key.groupJid}`);
      });
    } catch (error) {
      if (error instanceof AlreadyProcessed) return { kind: 'duplicate' };
      throw error;
    }
  }

  return {
    async process(event: LiveMessageEvent): Promise<EngineOutcome> {
      const { message } = event;
      if (NOT_CONVERSATION.has(message.message_type)) return { kind: 'ignored' };
      const from = await sender(event);
      const text = messageText(message);
      const at = new Date(message.timestamp * 1000);
      const key = {
        organisationId: event.organisationId,
        sessionId: event.sessionId,
        groupJid: event.groupId,
      };
      const joining: Joining = {
        key,
        waId: message.id,
        sender: from.number,
        senderName: from.name,
        isBusiness: from.business,
        message: text,
        at,
        groupName: event.groupName,
      };
      // Most messages continue a conversation: one statement, no transaction.
      const joined = await repo.join(joining);
      if (joined.kind === 'joined') return { kind: 'updated', ticket: joined.ticket };
      if (joined.kind === 'duplicate') return { kind: 'duplicate' };
      if (from.business) return { kind: 'ignored' };
      return openAndJoin(joining, {
        ...key,
        groupName: event.groupName ?? event.groupId,
        customer: from.name,
        customerNumber: from.number,
        lastMessage: text,
        at,
      });
    },
  };
}
