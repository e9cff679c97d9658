import {
  type BulkUpdateTicketsRequest,
  type BulkUpdateTicketsResponse,
  type CustomerTicketsResponse,
  type InboxResponse,
  type InboxView,
  inboxMessages,
  type ReportDrillDown,
  type SlaFilter,
  type Ticket,
  type TicketStatus,
  ticketMessages,
  workflowMessages,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import { toTicket } from '../tickets/ticket-mapping';
import type { Actor } from '../tickets/tickets.service';
import type { InboxRepository } from './inbox.repository';
import { decodeCursor, encodeCursor } from './inbox-cursor';
import { toInboxPageTicket } from './inbox-mapping';

/** The customer's other tickets beside a conversation: at most this many (the contract's words). */
export const CUSTOMER_TICKETS_LIMIT = 20;

/**
 * The single-ticket calls bulk changes go through (the tickets module's services), so that each ticket is
 * checked, changed, audited and announced exactly as its single call would do it.
 */
export interface TicketActions {
  assign(actor: Actor, ticketId: number, assigneeId: number | null): Promise<{ ticket: Ticket }>;
  /** One label added to what the ticket has when it is added; `added: false` when it was on it already. */
  addLabel(actor: Actor, ticketId: number, labelId: number): Promise<{ ticket: Ticket; added: boolean }>;
  updateStatus(actor: Actor, ticketId: number, status: TicketStatus): Promise<{ ticket: Ticket }>;
}

/**
 * The tickets module's checks that members and labels are the organisation's (its workflow repository's,
 * handed over by app.ts): a bulk change refuses a member or label that is not before it changes anything.
 */
export interface TicketChecks {
  countMembers(organisationId: number, userIds: readonly number[]): Promise<number>;
  countLabels(organisationId: number, labelIds: readonly number[]): Promise<number>;
}

/** getInbox's request after the contract's defaults. */
export interface InboxPageRequest {
  view: InboxView;
  q?: string | undefined;
  label_id?: number | undefined;
  sla?: SlaFilter | undefined;
  report?: ReportDrillDown | undefined;
  cursor?: string | undefined;
  limit: number;
}

export interface InboxServiceDeps {
  repo: InboxRepository;
  actions: TicketActions;
  checks: TicketChecks;
  /** The desk's now, for the SLA filter (the simulated clock in demo mode). */
  now?: () => Date;
}

export type InboxService = ReturnType<typeof createInboxService>;

/** The inbox (docs/decisions/0021-inbox.md): pages of a view, bulk changes, a customer's other tickets. */
export function createInboxService({ repo, actions, checks, now = () => new Date() }: InboxServiceDeps) {
  return {
    async page(actor: Actor, request: InboxPageRequest): Promise<InboxResponse> {
      const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
      if (after === null) throw new AppError(400, inboxMessages.invalidCursor);
      const rows = await repo.page({
        organisationId: actor.organisationId,
        memberId: actor.id,
        view: request.view,
        search: request.q || undefined,
        labelId: request.label_id,
        sla: request.sla && { filter: request.sla, now: now() },
        report: request.report,
        after,
        limit: request.limit,
      });
      const page = rows.slice(0, request.limit);
      const last = page[page.length - 1];
      return {
        tickets: page.map(toInboxPageTicket),
        next_cursor:
          rows.length > request.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
      };
    },

    /**
     * Each ticket in the order given, one after the other through its single call. A ticket that call
     * refuses (gone, another organisation's) or that the change would not change (the label is on it,
     * closed already) is skipped with words; a member or label that does not exist refuses the whole call.
     */
    async bulkUpdate(actor: Actor, request: BulkUpdateTicketsRequest): Promise<BulkUpdateTicketsResponse> {
      const { organisationId } = actor;
      if (request.action === 'assign' && request.assignee_id !== null)
        if ((await checks.countMembers(organisationId, [request.assignee_id])) !== 1)
          throw new AppError(404, workflowMessages.memberNotFound);
      if (request.action === 'label' && (await checks.countLabels(organisationId, [request.label_id])) !== 1)
        throw new AppError(404, workflowMessages.labelNotFound);
      const found = new Map((await repo.views(organisationId, request.ticket_ids)).map((t) => [t.id, t]));
      const tickets: Ticket[] = [];
      const skipped: BulkUpdateTicketsResponse['skipped'] = [];
      for (const id of request.ticket_ids) {
        const skip = (message: string) => skipped.push({ ticket_id: id, message });
        const before = found.get(id);
        if (!before) {
          skip(ticketMessages.ticketNotFound);
          continue;
        }
        try {
          if (request.action === 'assign') {
            tickets.push((await actions.assign(actor, id, request.assignee_id)).ticket);
          } else if (request.action === 'label') {
            // Added in one statement, not the ticket's set written back from the read above: a label
            // another member puts on it meanwhile stays.
            const { ticket, added } = await actions.addLabel(actor, id, request.label_id);
            if (added) tickets.push(ticket);
            else skip(inboxMessages.labelAlreadyOn);
          } else if (before.status === 'close') {
            skip(inboxMessages.alreadyClosed);
          } else {
            tickets.push((await actions.updateStatus(actor, id, 'close')).ticket);
          }
        } catch (error) {
          // The single call's refusal (merged away meanwhile, a member removed meanwhile): its words.
          if (error instanceof AppError && error.statusCode < 500) skip(error.message);
          else throw error;
        }
      }
      return {
        success: tickets.length > 0,
        message: inboxMessages.bulkDone(tickets.length),
        tickets,
        skipped,
      };
    },

    async customerTickets(organisationId: number, ticketId: number): Promise<CustomerTicketsResponse> {
      const rows = await repo.customerTickets(organisationId, ticketId, CUSTOMER_TICKETS_LIMIT);
      if (rows === null) throw new AppError(404, ticketMessages.ticketNotFound);
      return rows.map(toTicket);
    },
  };
}
