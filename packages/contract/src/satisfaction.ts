import { z } from 'zod';

// Satisfaction asked where the customer already is (docs/decisions/0030-satisfaction-polls.md): when a member
// closes a ticket, a WhatsApp poll goes into its group as a reply to the customer's message, if the
// organisation (or the group) asks for it. Only the ticket's customer's vote counts; a vote never reopens it.

/** The poll's question, as the customer reads it in WhatsApp. */
export const SATISFACTION_QUESTION = 'How did we do?';

/** The poll's five options, best first: the first scores 5, the last 1. */
export const SATISFACTION_OPTIONS = [
  '😀 Excellent',
  '🙂 Good',
  '😐 Okay',
  '🙁 Poor',
  '😞 Very poor',
] as const;

/** A group's setting: follow the organisation's, or always / never ask. */
export const groupSatisfactionPolls = ['organisation', 'on', 'off'] as const;
export const groupSatisfactionPoll = z.enum(groupSatisfactionPolls);
export type GroupSatisfactionPoll = z.infer<typeof groupSatisfactionPoll>;

/** A ticket's satisfaction: the poll asked when it was last closed, and the customer's answer. */
export const ticketSatisfaction = z.object({
  /** ISO 8601: when the poll was sent. */
  asked_at: z.string(),
  /** 1 (very poor) to 5 (excellent); null until the customer votes (or after they took their vote back). */
  score: z.number().int().min(1).max(5).nullable(),
});
export type TicketSatisfaction = z.infer<typeof ticketSatisfaction>;

/** The words of a score, as the poll's option reads without its face ("Good"). */
export const satisfactionLabel = (score: number): string =>
  (SATISFACTION_OPTIONS[5 - score] ?? '').replace(/^\S+\s/, '');
