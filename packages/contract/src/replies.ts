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
} as const;

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
  /** The WhatsApp id of the customer message it quotes. */
  quoted_wa_id: z.string(),
  text: z.string(),
  /** ISO 8601. */
  sent_at: z.string(),
});
export type ReplyToTicketResponse = z.infer<typeof replyToTicketResponse>;

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
