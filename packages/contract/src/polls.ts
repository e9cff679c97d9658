import { z } from 'zod';

// Polls in groups (docs/decisions/0018, polls): a poll message carries its question and options; votes come
// later, encrypted with the poll's own secret, and are counted per voter (a voter's newest vote replaces the
// earlier one, as on the phone). The desk sends a poll from a ticket's conversation, e.g. to ask how the
// customer rates the help they got. A vote never opens or reopens a ticket.

/** WhatsApp's limits for a poll, as its phone app enforces them. */
export const MAX_POLL_OPTIONS = 12;
export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_QUESTION_LENGTH = 255;
export const MAX_POLL_OPTION_LENGTH = 100;

export const pollMessages = {
  questionRequired: 'Question is empty: type what you want to ask.',
  questionTooLong: `Question can be at most ${MAX_POLL_QUESTION_LENGTH} characters.`,
  optionRequired: 'Options cannot be empty: type each option or remove it.',
  optionTooLong: `Options can be at most ${MAX_POLL_OPTION_LENGTH} characters each.`,
  tooFewOptions: `Options: give at least ${MIN_POLL_OPTIONS} choices.`,
  tooManyOptions: `Options: a poll can have at most ${MAX_POLL_OPTIONS} choices.`,
  duplicateOptions: 'Options must all be different.',
  /** Shown under a poll whose votes this server cannot read (its secret was never received). */
  notCountable: 'Votes on this poll cannot be counted here: open it on the phone to see them.',
} as const;

/** Someone who chose an option: `name` their contact name when known; `number` digits, when known. */
export const pollVoter = z.object({
  name: z.string().nullable(),
  number: z.string().nullable(),
  /** The linked account itself voted (from the phone). */
  from_me: z.boolean(),
  /** ISO 8601: when this vote was cast. */
  at: z.string(),
});
export type PollVoter = z.infer<typeof pollVoter>;

export const pollOption = z.object({
  name: z.string(),
  /** Who chose it, the earliest vote first; the option's count is `voters.length`. */
  voters: z.array(pollVoter),
});
export type PollOption = z.infer<typeof pollOption>;

export const pollState = z.object({
  question: z.string(),
  /** Voters may choose several options (WhatsApp's selectableCount 0); false: one option each. */
  multiple: z.boolean(),
  /** In the poll's own order. */
  options: z.array(pollOption),
  /** People whose current vote chooses at least one option (a multiple-choice voter counts once). */
  voters: z.number(),
  /** false when the poll's secret is not stored, so votes cannot be read (`pollMessages.notCountable`). */
  countable: z.boolean(),
});
export type PollState = z.infer<typeof pollState>;

const ticketIdField = z
  .number({ error: 'Ticket ID must be a number.' })
  .int({ error: 'Ticket ID must be a number.' })
  .positive({ error: 'Ticket ID must be a number.' })
  .max(2 ** 31 - 1, { error: 'Ticket ID must be a number.' });

const optionText = z
  .string({ error: pollMessages.optionRequired })
  .trim()
  .min(1, { error: pollMessages.optionRequired })
  .max(MAX_POLL_OPTION_LENGTH, { error: pollMessages.optionTooLong });

/**
 * POST /org/sendPoll/ (member) → 200 sendPollResponse: sends a poll into the ticket's group through its linked
 * account. It is a desk reply like a text (reply states, first response, the reply limit; decision 0018);
 * it quotes nothing. Errors as replyToTicket (closed ticket, session not connected, limit).
 */
export const sendPollRequest = z.object({
  ticket_id: ticketIdField,
  question: z
    .string({ error: pollMessages.questionRequired })
    .trim()
    .min(1, { error: pollMessages.questionRequired })
    .max(MAX_POLL_QUESTION_LENGTH, { error: pollMessages.questionTooLong }),
  options: z
    .array(optionText, { error: pollMessages.tooFewOptions })
    .min(MIN_POLL_OPTIONS, { error: pollMessages.tooFewOptions })
    .max(MAX_POLL_OPTIONS, { error: pollMessages.tooManyOptions })
    .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, {
      error: pollMessages.duplicateOptions,
    }),
  multiple: z.boolean().default(false),
});
export type SendPollRequest = z.infer<typeof sendPollRequest>;

export const sendPollResponse = z.object({
  ticket_id: z.number(),
  /** WhatsApp's id of the poll message. */
  wa_id: z.string(),
  poll: pollState,
  /** ISO 8601. */
  sent_at: z.string(),
});
export type SendPollResponse = z.infer<typeof sendPollResponse>;
