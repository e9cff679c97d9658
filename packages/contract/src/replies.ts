import { z } from 'zod';

// Replies from the desk and canned replies (docs/decisions/0018). A member types a reply in a ticket's conversation;
// the server sends it through the ticket's linked account as a quoted reply to the customer's latest
// message. Canned replies are an organisation's saved snippets, inserted in the reply box with `/`.

export const MAX_REPLY_LENGTH = 4096;
/** Canned replies one organisation can have. */
export const MAX_CANNED_REPLIES = 500;
export const CANNED_SHORTCUT_PATTERN = /^[a-z0-9_-]{1,30}$/;

// Field errors start with the field's name, so the API answers them as they are (http/error-handler.ts).
export const replyMessages = {
  noTicketId: 'Ticket ID must be a number.',
  textRequired: 'Text is empty: type a reply before sending.',
  textTooLong: `Text can be at most ${MAX_REPLY_LENGTH} characters.`,
  ticketNotFound: 'Ticket not found',
  ticketClosed: 'This ticket is closed. Reopen it to reply.',
  nothingToQuote: 'This ticket has no customer message to reply to.',
  quotedMissing: 'The customer message this reply quotes is no longer stored. Sync the group and try again.',
  notConnected:
    "This ticket's WhatsApp session is not connected. Reconnect it on the Sessions page, then send the reply again.",
  tooManyReplies:
    'Too many replies from this WhatsApp account in the last minute. Wait a moment and send it again.',
  sendFailed: 'WhatsApp did not accept the reply. Check that the session is connected and try again.',
  sendTimedOut:
    'WhatsApp did not confirm the reply in time. Check the conversation before sending it again: it may have gone out.',
  noCannedId: 'ID of the canned reply must be a number.',
  shortcutInvalid: 'Shortcut must be 1 to 30 lower-case letters, digits, "-" or "_".',
  bodyRequired: 'Body is empty: type the text of the canned reply.',
  bodyTooLong: `Body can be at most ${MAX_REPLY_LENGTH} characters.`,
  cannedNotFound: 'Canned reply not found',
  shortcutTaken: 'Another canned reply already uses this shortcut.',
  tooManyCanned: `Your organisation has ${MAX_CANNED_REPLIES} canned replies, the most it can have. Delete one you no longer use to make room.`,
  cannedDeleted: 'Canned reply deleted',
  noWaId: 'WA ID must be the WhatsApp id of the refused reply.',
  replyNotFound: 'Reply not found',
  notFailed: 'Only a reply WhatsApp refused can be sent again.',
  alreadyRetried: 'This reply was already sent again.',
} as const;

/**
 * Why WhatsApp refused a reply (docs/decisions/0018, reply states), in words the conversation shows beside
 * it. `refusal` is what the session's own view of the group says (only admins may send, or the account
 * left it); `code` the error WhatsApp's refusal carried, when it carried one.
 */
export function replyFailureText(code: string | null, refusal: ReplyRefusal | null): string {
  if (refusal === 'announce_only') return 'Not sent: only group admins can send messages in this group.';
  if (refusal === 'not_member') return 'Not sent: this WhatsApp account is no longer in the group.';
  if (code === '463') return 'Not sent: WhatsApp has restricted this account (error 463).';
  if (code === '479')
    return "Not sent: WhatsApp rejected the message (error 479), usually because the account's list of devices was out of date. Retry sends it again.";
  return code
    ? `Not sent: WhatsApp refused the message (error ${code}).`
    : 'Not sent: WhatsApp refused the message.';
}

/** What the session knew about the group when WhatsApp refused a reply to it. */
export const replyRefusal = z.enum(['announce_only', 'not_member']);
export type ReplyRefusal = z.infer<typeof replyRefusal>;

/**
 * A desk reply's way through WhatsApp, as its ticks show it: `pending` (written, no answer from WhatsApp's
 * server yet; a clock), `sent` (the server took it: one grey tick), `delivered` (two grey ticks: in a
 * group, every member's phone has it), `read` (two blue ticks: in a group, every member read it), `failed`
 * (WhatsApp refused it after taking the socket write).
 */
export const replyStatus = z.enum(['pending', 'sent', 'delivered', 'read', 'failed']);
export type ReplyStatus = z.infer<typeof replyStatus>;

export const replyState = z.object({
  status: replyStatus,
  /** The ticket it was typed on (Retry sends it again there); null once that ticket is gone. */
  ticket_id: z.number().nullable(),
  /** Why WhatsApp refused it, in words; null unless `failed`. */
  failure: z.string().nullable(),
  /** The error code WhatsApp's refusal carried (e.g. "479"), when it carried one. */
  failure_code: z.string().nullable(),
  /** In a group: the members who read it, the first reader first (`name` null when unknown; `number` digits). */
  read_by: z.array(z.object({ name: z.string().nullable(), number: z.string().nullable(), at: z.string() })),
  /** In a group: how many members' phones have it (readers included). */
  delivered_to: z.number(),
  /** The group's members when it was sent, the linked account not counted; null when unknown. */
  recipients: z.number().nullable(),
  /** Refused, and sent again as a new message with Retry. */
  retried: z.boolean(),
});
export type ReplyState = z.infer<typeof replyState>;

const positiveId = (error: string) =>
  z
    .number({ error })
    .int({ error })
    .positive({ error })
    .max(2 ** 31 - 1, { error });

const text = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(MAX_REPLY_LENGTH, { error: tooLong });

/** POST /org/replyToTicket/ (member) → 200 replyToTicketResponse. */
export const replyToTicketRequest = z.object({
  ticket_id: positiveId(replyMessages.noTicketId),
  /** Trimmed; 1–4096 characters. */
  text: text(replyMessages.textRequired, replyMessages.textTooLong),
});
export type ReplyToTicketRequest = z.infer<typeof replyToTicketRequest>;

/** The sent message; it also arrives in the conversation as the linked account's own message. */
export const replyToTicketResponse = z.object({
  ticket_id: z.number(),
  /** WhatsApp's id of the sent message. */
  wa_id: z.string(),
  /** The WhatsApp id of the customer message it quotes; null for a poll (sent again by retryReply), which quotes nothing. */
  quoted_wa_id: z.string().nullable(),
  text: z.string(),
  /** ISO 8601. */
  sent_at: z.string(),
});
export type ReplyToTicketResponse = z.infer<typeof replyToTicketResponse>;

/**
 * POST /org/retryReply/ (member) → 200 replyToTicketResponse: sends a refused reply's text again, as a new
 * message quoting the ticket's newest customer message (a refused poll again as the same poll: `text` its
 * question, `quoted_wa_id` null), under the same limit as replyToTicket. 404 for a
 * reply not on that ticket of the caller's organisation; 409 when it was not refused or was sent again
 * already, and as replyToTicket (closed ticket, session not connected).
 */
export const retryReplyRequest = z.object({
  ticket_id: positiveId(replyMessages.noTicketId),
  wa_id: z.string({ error: replyMessages.noWaId }).trim().min(1, { error: replyMessages.noWaId }).max(128, {
    error: replyMessages.noWaId,
  }),
});
export type RetryReplyRequest = z.infer<typeof retryReplyRequest>;

export const cannedReply = z.object({
  id: z.number(),
  /** Typed after `/` in the reply box. */
  shortcut: z.string(),
  body: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;

/** POST /org/getCannedReplies/ (member, empty body): by shortcut. */
export const cannedRepliesResponse = z.array(cannedReply);
export type CannedRepliesResponse = z.infer<typeof cannedRepliesResponse>;

/**
 * POST /org/saveCannedReply/ (admin): without `id` adds one, with `id` changes it → 200 cannedReply. 409
 * `shortcutTaken`, or `tooManyCanned` when adding to an organisation that has MAX_CANNED_REPLIES.
 */
export const saveCannedReplyRequest = z.object({
  id: positiveId(replyMessages.noCannedId).optional(),
  shortcut: z
    .string({ error: replyMessages.shortcutInvalid })
    .trim()
    .regex(CANNED_SHORTCUT_PATTERN, { error: replyMessages.shortcutInvalid }),
  body: text(replyMessages.bodyRequired, replyMessages.bodyTooLong),
});
export type SaveCannedReplyRequest = z.infer<typeof saveCannedReplyRequest>;

/** POST /org/deleteCannedReply/ (admin) → 200 successMessage. */
export const deleteCannedReplyRequest = z.object({ id: positiveId(replyMessages.noCannedId) });
export type DeleteCannedReplyRequest = z.infer<typeof deleteCannedReplyRequest>;
