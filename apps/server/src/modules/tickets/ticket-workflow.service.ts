import {
  type AddTicketNoteResponse,
  MAX_TICKET_NOTES,
  type Ticket,
  type TicketChangeResponse,
  ticketMessages,
  workflowMessages,
} from '@wadesk/contract';
import type { Clock } from '../../clock';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { type AuditRecorder, byMember } from '../audit/audit.service';
import type { NotificationPoster } from '../notifications/notification-poster';
import { type TicketView, toNote, toTicket } from './ticket-mapping';
import type { TicketMergeRepository } from './ticket-merge.repository';
import type { TicketWorkflowRepository } from './ticket-workflow.repository';
import type { TicketsRepository } from './tickets.repository';
import type { Actor } from './tickets.service';

export type TicketChange = 'created' | 'assignee' | 'labels' | 'note' | 'merged' | 'split';

export interface TicketWorkflowDeps {
  tickets: TicketsRepository;
  repo: TicketWorkflowRepository;
  merges: TicketMergeRepository;
  clock: Clock;
  audit: AuditRecorder;
  /** Tells a member a ticket was given to them, or that a note mentions them (decision 0022). */
  notifications?: NotificationPoster;
  /** Told after a call changed a ticket: open dashboards show it. */
  onChange(organisationId: number, change: TicketChange, ticket: Ticket): void;
}

export type TicketWorkflowService = ReturnType<typeof createTicketWorkflowService>;

const target = (id: number) => `Ticket #${id}`;

/** Working a ticket as a team: assignee, notes, labels, merge and split (docs/architecture.md, Working tickets as a team). */
export function createTicketWorkflowService(deps: TicketWorkflowDeps) {
  const { tickets, repo, merges, clock, audit, notifications, onChange } = deps;

  const facts = (ticket: TicketView) => ({
    organisationId: ticket.organisationId,
    id: ticket.id,
    customer: ticket.customer,
    groupName: ticket.groupName,
  });

  async function owned(organisationId: number, id: number): Promise<TicketView> {
    const ticket = await tickets.find(organisationId, id);
    if (!ticket) throw new AppError(404, ticketMessages.ticketNotFound);
    return ticket;
  }

  /** A write for a ticket that a merge deleted since it was read: the ticket is gone, not a server error. */
  async function stillThere<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError(404, ticketMessages.ticketNotFound);
      throw error;
    }
  }

  /** The acting member's name, as notifications show it ("Ravi assigned ticket #12 to you"). */
  async function actorName(actor: Actor): Promise<string> {
    return (await repo.memberName(actor.organisationId, actor.id)) ?? 'Someone';
  }

  /** The ticket as it is now (labels and names from a read, for the changes that touch several rows). */
  async function current(organisationId: number, id: number): Promise<Ticket> {
    return toTicket(await owned(organisationId, id));
  }

  return {
    async assign(actor: Actor, ticketId: number, assigneeId: number | null): Promise<TicketChangeResponse> {
      const { organisationId } = actor;
      const before = await owned(organisationId, ticketId);
      const name = assigneeId === null ? null : await repo.memberName(organisationId, assigneeId);
      if (assigneeId !== null && name === null) throw new AppError(404, workflowMessages.memberNotFound);
      const row = await repo.assign(organisationId, ticketId, assigneeId);
      if (!row) throw new AppError(404, ticketMessages.ticketNotFound);
      const ticket = toTicket({ ...before, ...row, assigneeName: name });
      if (before.assigneeId !== assigneeId) {
        onChange(organisationId, 'assignee', ticket);
        // Taking a ticket tells nobody; being given one by someone else does.
        if (assigneeId !== null && assigneeId !== actor.id && notifications)
          await notifications.assigned(facts(before), await actorName(actor), assigneeId);
        await audit.record(
          byMember(actor, 'ticket.assigned', target(ticketId), {
            from: before.assigneeName ?? null,
            to: name,
            self: assigneeId === actor.id,
          }),
        );
      }
      return { success: true, message: workflowMessages.assigned, ticket };
    },

    async addNote(
      actor: Actor,
      ticketId: number,
      body: string,
      mentions: readonly number[] = [],
    ): Promise<AddTicketNoteResponse> {
      const { organisationId } = actor;
      const ticket = await owned(organisationId, ticketId);
      const mentioned = [...new Set(mentions)];
      if ((await repo.countMembers(organisationId, mentioned)) !== mentioned.length)
        throw new AppError(404, workflowMessages.memberNotFound);
      const note = await stillThere(repo.addNote(organisationId, ticketId, actor.id, body, MAX_TICKET_NOTES));
      if (note === 'gone') throw new AppError(404, ticketMessages.ticketNotFound);
      // 409 like the other counted limits (the active-session limit): the ticket's state refuses it.
      if (note === 'full') throw new AppError(409, workflowMessages.tooManyNotes);
      onChange(organisationId, 'note', toTicket(ticket));
      await audit.record(byMember(actor, 'ticket.note_added', target(ticketId), { note_id: note.id }));
      // Mentioning oneself tells nobody.
      const told = mentioned.filter((id) => id !== actor.id);
      if (told.length > 0 && notifications)
        await notifications.mentioned(facts(ticket), note.authorName, body, told);
      return { success: true, message: workflowMessages.noteAdded, note: toNote(note) };
    },

    async setLabels(actor: Actor, ticketId: number, labelIds: number[]): Promise<TicketChangeResponse> {
      const { organisationId } = actor;
      const before = await owned(organisationId, ticketId);
      if ((await repo.countLabels(organisationId, labelIds)) !== labelIds.length)
        throw new AppError(404, workflowMessages.labelNotFound);
      await stillThere(repo.setLabels(ticketId, labelIds));
      const ticket = await current(organisationId, ticketId);
      onChange(organisationId, 'labels', ticket);
      await audit.record(
        byMember(actor, 'ticket.labels_changed', target(ticketId), {
          from: (before.labels ?? []).map((l) => l.name),
          to: ticket.labels.map((l) => l.name),
        }),
      );
      return { success: true, message: workflowMessages.labelsSet, ticket };
    },

    /**
     * Adds one label to what the ticket has now (the inbox's bulk "label"), audited and announced as
     * setLabels is. `added: false` when the label was on it already: nothing changed, nothing recorded.
     */
    async addLabel(
      actor: Actor,
      ticketId: number,
      labelId: number,
    ): Promise<{ ticket: Ticket; added: boolean }> {
      const { organisationId } = actor;
      await owned(organisationId, ticketId);
      if ((await repo.countLabels(organisationId, [labelId])) !== 1)
        throw new AppError(404, workflowMessages.labelNotFound);
      const added = await stillThere(repo.addLabel(organisationId, ticketId, labelId));
      // Read after the write: the audit's "from" is what the ticket had besides the label, not an earlier read.
      const ticket = await current(organisationId, ticketId);
      if (!added) {
        // Nothing inserted: the label is on it, or it was deleted since the check.
        if (!ticket.labels.some((l) => l.id === labelId))
          throw new AppError(404, workflowMessages.labelNotFound);
        return { ticket, added: false };
      }
      onChange(organisationId, 'labels', ticket);
      await audit.record(
        byMember(actor, 'ticket.labels_changed', target(ticketId), {
          from: ticket.labels.filter((l) => l.id !== labelId).map((l) => l.name),
          to: ticket.labels.map((l) => l.name),
        }),
      );
      return { ticket, added: true };
    },

    async merge(actor: Actor, fromId: number, intoId: number): Promise<TicketChangeResponse> {
      const { organisationId } = actor;
      if (fromId === intoId) throw new AppError(400, workflowMessages.sameTicket);
      const outcome = await merges.merge(organisationId, fromId, intoId);
      if (outcome.kind === 'not_found') throw new AppError(404, ticketMessages.ticketNotFound);
      if (outcome.kind === 'other_conversation') throw new AppError(400, workflowMessages.otherConversation);
      const ticket = await current(organisationId, intoId);
      onChange(organisationId, 'merged', ticket);
      await audit.record(byMember(actor, 'ticket.merged', target(intoId), { merged_ticket_id: fromId }));
      return { success: true, message: workflowMessages.merged, ticket };
    },

    /** Answers the new ticket (the later part); the earlier part is closed or stays active (decision 0020). */
    async split(actor: Actor, ticketId: number, fromMessageId: number): Promise<TicketChangeResponse> {
      const { organisationId } = actor;
      let outcome: Awaited<ReturnType<TicketMergeRepository['split']>>;
      try {
        outcome = await merges.split(organisationId, ticketId, fromMessageId, clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, ticketMessages.alreadyActive);
        throw error;
      }
      if (outcome.kind === 'not_found') throw new AppError(404, ticketMessages.ticketNotFound);
      if (outcome.kind === 'message_not_found') throw new AppError(404, workflowMessages.messageNotFound);
      if (outcome.kind === 'split_first') throw new AppError(400, workflowMessages.splitFirst);
      // The ticket's state refuses it, like the other conflicts: answering or closing the earlier part helps.
      if (outcome.kind === 'answer_first') throw new AppError(409, workflowMessages.answerFirst);
      const [closed, created] = await Promise.all([
        current(organisationId, ticketId),
        current(organisationId, outcome.created.id),
      ]);
      onChange(organisationId, 'split', closed);
      onChange(organisationId, 'created', created);
      await audit.record(
        byMember(actor, 'ticket.split', target(ticketId), {
          new_ticket_id: created.id,
          from_message_id: fromMessageId,
        }),
      );
      return { success: true, message: workflowMessages.split, ticket: created };
    },
  };
}
