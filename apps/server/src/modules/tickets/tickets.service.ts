import {
  DEFAULT_TICKETS_LIMIT,
  type PollState,
  type ReplyState,
  type Ticket,
  type TicketDetailsResponse,
  type TicketStatsResponse,
  type TicketStatus,
  type TicketsRequest,
  ticketMessages,
  type UpdateTicketStatusResponse,
} from '@wadesk/contract';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import { type TicketView, toConversationMessage, toNote, toTicket } from './ticket-mapping';
import type { TicketsRepository } from './tickets.repository';
import type { TicketRow } from './tickets.schema';

/** The member making a call. */
export interface Actor {
  id: number;
  organisationId: number;
}

export interface TicketsServiceDeps {
  repo: TicketsRepository;
  clock: Clock;
  audit?: AuditRecorder;
  /**
   * Told after a call set a ticket's status (the event stream pushes `ticket.updated`; a close may ask the
   * customer how it went, decision 0030): who set it, and the status it had before.
   */
  onStatusChange?: (organisationId: number, ticket: Ticket, actor: Actor, from: TicketStatus) => void;
  /** The desk replies' states (modules/replies, decision 0018), shown on the conversation's replies. */
  replyStates?: (sessionId: string, waIds: readonly string[]) => Promise<Map<string, ReplyState>>;
  /** The message store's polls among a group's messages (decision 0018, polls), shown with their votes. */
  pollStates?: (
    sessionId: string,
    groupJid: string,
    waIds: readonly string[],
  ) => Promise<Map<string, PollState>>;
  /** The SLA module's counts of active tickets breaching soon and breached now (decision 0028). */
  slaCounts?: (organisationId: number, now: Date) => Promise<{ dueSoon: number; breached: number }>;
}

export type TicketsService = ReturnType<typeof createTicketsService>;

const average = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 10) / 10 : null);

export function createTicketsService({
  repo,
  clock,
  audit,
  onStatusChange = () => {},
  replyStates,
  pollStates,
  slaCounts = async () => ({ dueSoon: 0, breached: 0 }),
}: TicketsServiceDeps) {
  async function owned(organisationId: number, id: number): Promise<TicketView> {
    const ticket = await repo.find(organisationId, id);
    if (!ticket) throw new AppError(404, ticketMessages.ticketNotFound);
    return ticket;
  }

  return {
    /** The organisation's ticket as the desk shows it now (404 when it is not theirs). */
    async ticket(organisationId: number, ticketId: number): Promise<Ticket> {
      return toTicket(await owned(organisationId, ticketId));
    },

    /** `userId`: the caller, for `assignee: 'me'`. */
    async list(organisationId: number, request: TicketsRequest = {}, userId?: number): Promise<Ticket[]> {
      const assigneeId =
        request.assignee === 'unassigned' ? null : request.assignee === 'me' ? (userId ?? -1) : undefined;
      const rows = await repo.list(organisationId, {
        statuses: request.status,
        limit: request.limit ?? DEFAULT_TICKETS_LIMIT,
        beforeId: request.before_id,
        assigneeId,
        labelId: request.label_id,
        sla: request.sla && { filter: request.sla, now: clock() },
      });
      return rows.map(toTicket);
    },

    async stats(organisationId: number): Promise<TicketStatsResponse> {
      const [row, sla] = await Promise.all([repo.stats(organisationId), slaCounts(organisationId, clock())]);
      const clocks = { sla_due_soon: sla.dueSoon, sla_breached: sla.breached };
      if (!row) {
        const none = { avg_first_response_seconds: null, avg_resolution_seconds: null };
        return { open: 0, in_progress: 0, pending: 0, closed: 0, total: 0, ...none, ...clocks };
      }
      return {
        ...clocks,
        open: row.open,
        in_progress: row.inProgress,
        pending: row.pending,
        closed: row.closed,
        total: row.open + row.inProgress + row.pending + row.closed,
        avg_first_response_seconds: average(row.responseSecondsSum, row.respondedCount),
        avg_resolution_seconds: average(row.resolutionSecondsSum, row.resolvedCount),
      };
    },

    async details(organisationId: number, ticketId: number): Promise<TicketDetailsResponse> {
      const ticket = await owned(organisationId, ticketId);
      const [messages, notes] = await Promise.all([repo.messages(ticket.id), repo.notes(ticket.id)]);
      const business = messages.flatMap((m) => (m.isBusiness ? [m.waId] : []));
      const replies =
        replyStates && business.length > 0 ? await replyStates(ticket.sessionId, business) : new Map();
      const polls = pollStates
        ? await pollStates(
            ticket.sessionId,
            ticket.groupJid,
            messages.map((m) => m.waId),
          )
        : new Map<string, PollState>();
      return {
        conversations: messages.map((m) => ({
          ...toConversationMessage(m),
          reply: replies.get(m.waId) ?? null,
          poll: polls.get(m.waId) ?? null,
        })),
        ticket: toTicket(ticket),
        notes: notes.map(toNote),
      };
    },

    async updateStatus(
      actor: Actor,
      ticketId: number,
      status: TicketStatus,
    ): Promise<UpdateTicketStatusResponse> {
      const { organisationId } = actor;
      // The assignee's name and the labels, which the status change leaves as they are.
      const before = await owned(organisationId, ticketId);
      let row: TicketRow | null;
      try {
        row = await repo.setStatus(organisationId, ticketId, status, clock());
      } catch (error) {
        // Only reopening can collide: the group got a new active ticket after this one was closed.
        if (isUniqueViolation(error)) throw new AppError(409, ticketMessages.alreadyActive);
        throw error;
      }
      if (!row) throw new AppError(404, ticketMessages.ticketNotFound);
      const ticket = toTicket({ ...before, ...row });
      onStatusChange(organisationId, ticket, actor, before.status);
      if (before.status !== row.status)
        await audit?.record({
          organisationId,
          actorId: actor.id,
          action: 'ticket.status_changed',
          target: `Ticket #${ticketId}`,
          details: { from: before.status, to: row.status },
        });
      return { success: true, message: ticketMessages.statusUpdated, ticket };
    },
  };
}
