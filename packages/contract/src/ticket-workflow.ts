import { z } from 'zod';
import { ticket } from './tickets';

// Working a ticket as a team: assignee, internal notes, labels, merge and split. The rules are in
// docs/architecture.md ("Working tickets as a team"); every call here is open to any member, label
// management to admins.

/** Labels one organisation can have. */
export const MAX_LABELS = 200;
/** Internal notes one ticket can have. */
export const MAX_TICKET_NOTES = 200;

export const workflowMessages = {
  memberNotFound: 'That member is not in your organisation.',
  labelNotFound: 'That label was not found. It may have been deleted; reload the list.',
  labelTaken: 'A label with that name already exists.',
  tooManyLabels: `Your organisation has ${MAX_LABELS} labels, the most it can have. Delete one you no longer use to make room.`,
  labelColour: 'Colour must be a hex colour like #2e7d32.',
  labelName: 'Label name must be 1 to 40 characters.',
  noteBody: 'A note must be 1 to 4000 characters.',
  tooManyNotes: `This ticket has ${MAX_TICKET_NOTES} notes, the most a ticket can have: no more can be added to it.`,
  sameTicket: 'A ticket cannot be merged into itself.',
  otherConversation:
    'Only tickets of the same group (and, in per-customer mode, the same customer) can be merged.',
  splitFirst: 'Splitting from the first message would leave nothing behind: choose a later message.',
  messageNotFound: 'That message is not part of this ticket.',
  answerFirst: 'Answer or close the earlier part first.',
  assigned: 'Assignee updated.',
  noteAdded: 'Note added.',
  labelsSet: 'Labels updated.',
  labelSaved: 'Label saved.',
  labelDeleted: 'Label deleted.',
  merged: 'Tickets merged.',
  split: 'Ticket split.',
} as const;

const id = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int({ error: `${what} must be a number.` })
    .positive({ error: `${what} must be a number.` })
    .max(2 ** 31 - 1, { error: `${what} must be a number.` });

/** A ticket as it is after the change. */
export const ticketChangeResponse = z.object({ success: z.boolean(), message: z.string(), ticket });
export type TicketChangeResponse = z.infer<typeof ticketChangeResponse>;

/** POST /org/assignTicket/: any member takes a ticket or gives it to any member of the organisation; null unassigns. */
export const assignTicketRequest = z.object({
  ticket_id: id('ticket_id'),
  assignee_id: id('assignee_id').nullable(),
});
export type AssignTicketRequest = z.infer<typeof assignTicketRequest>;

/** POST /org/addTicketNote/ → 201; internal, never sent to WhatsApp. 409 `tooManyNotes` beyond MAX_TICKET_NOTES. */
export const addTicketNoteRequest = z.object({
  ticket_id: id('ticket_id'),
  body: z
    .string({ error: workflowMessages.noteBody })
    .trim()
    .min(1, workflowMessages.noteBody)
    .max(4000, workflowMessages.noteBody),
  /**
   * Members mentioned in the note (the body carries their names as "@Name"): each is notified. 404
   * `memberNotFound` for someone not in the organisation.
   */
  mentions: z.array(id('mentions')).max(20, { error: 'Mention at most 20 members in one note.' }).optional(),
});
export type AddTicketNoteRequest = z.infer<typeof addTicketNoteRequest>;
export const addTicketNoteResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  note: z.object({ id: z.number(), author_name: z.string(), body: z.string(), created_at: z.string() }),
});
export type AddTicketNoteResponse = z.infer<typeof addTicketNoteResponse>;

export const label = z.object({ id: z.number(), name: z.string(), colour: z.string() });
export type Label = z.infer<typeof label>;

/** POST /org/getLabels/ (empty body): the organisation's labels by name. */
export const labelsResponse = z.array(label);
export type LabelsResponse = z.infer<typeof labelsResponse>;

/**
 * POST /org/saveLabel/ (admin): without `id` creates a label, with it renames or recolours one. 409 `labelTaken`,
 * or `tooManyLabels` when the organisation already has MAX_LABELS.
 */
export const saveLabelRequest = z.object({
  id: id('id').optional(),
  name: z
    .string({ error: workflowMessages.labelName })
    .trim()
    .min(1, workflowMessages.labelName)
    .max(40, workflowMessages.labelName),
  colour: z
    .string({ error: workflowMessages.labelColour })
    .regex(/^#[0-9a-fA-F]{6}$/, workflowMessages.labelColour)
    .transform((colour) => colour.toLowerCase()),
});
export type SaveLabelRequest = z.input<typeof saveLabelRequest>;
export const saveLabelResponse = z.object({ success: z.boolean(), message: z.string(), label });
export type SaveLabelResponse = z.infer<typeof saveLabelResponse>;

/** POST /org/deleteLabel/ (admin): also takes it off every ticket. */
export const deleteLabelRequest = z.object({ label_id: id('label_id') });
export type DeleteLabelRequest = z.infer<typeof deleteLabelRequest>;
export const deleteLabelResponse = z.object({ success: z.boolean(), message: z.string() });
export type DeleteLabelResponse = z.infer<typeof deleteLabelResponse>;

/** POST /org/setTicketLabels/: the ticket's labels become exactly these (404 for a label not the organisation's). */
export const setTicketLabelsRequest = z.object({
  ticket_id: id('ticket_id'),
  label_ids: z
    .array(id('label_id'))
    .max(50, { error: 'A ticket can have at most 50 labels.' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Choose each label only once.' }),
});
export type SetTicketLabelsRequest = z.infer<typeof setTicketLabelsRequest>;

/**
 * POST /org/mergeTickets/: `ticket_id`'s messages, notes and labels move to `into_ticket_id` and the first
 * ticket is deleted. Both must be of one conversation (session, group and, in per-customer mode, customer).
 */
export const mergeTicketsRequest = z.object({
  ticket_id: id('ticket_id'),
  into_ticket_id: id('into_ticket_id'),
});
export type MergeTicketsRequest = z.infer<typeof mergeTicketsRequest>;

/**
 * POST /org/splitTicket/: the messages from `from_message_id` on become a new ticket. The earlier part is
 * closed when its last customer message was answered; when it was not, it stays active: in a per-customer
 * group the new ticket is keyed to its first customer, in a one-ticket-per-group group the split answers 409
 * `answerFirst` (docs/decisions/0020). Answers the new ticket. 400 `splitFirst` from the first message; 409
 * when the new ticket would be a second active one of the conversation.
 */
export const splitTicketRequest = z.object({
  ticket_id: id('ticket_id'),
  from_message_id: id('from_message_id'),
});
export type SplitTicketRequest = z.infer<typeof splitTicketRequest>;
