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
  /** The ticket it was typed on (Retry sends it again there); null once that ticket is gone, and for a message the group composer wrote (Retry sends it again into the group, decision 0024). */
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

// The WhatsApp Chat page's composer (docs/decisions/0024-group-composer.md): a member writes into a group
// directly, with an attachment or not. It goes out like a desk reply — through the session's owner, recorded
// in desk_replies (with no ticket), under the same per-session limit — and quotes nothing.

/** What the composer attaches: WhatsApp's photo, video and document messages. */
export const composerAttachmentKind = z.enum(['image', 'video', 'document']);
export type ComposerAttachmentKind = z.infer<typeof composerAttachmentKind>;

const MB = 1024 * 1024;

/**
 * The largest file per kind: WhatsApp's classic client limits (16 MB for a photo or a video, 100 MB for a
 * document). The server streams the upload to object storage and Baileys encrypts from a file, so none is
 * held in memory whole; a larger file answers 413 and nothing is sent.
 */
export const COMPOSER_LIMITS: Record<ComposerAttachmentKind, number> = {
  image: 16 * MB,
  video: 16 * MB,
  document: 100 * MB,
};

/** The largest upload of all kinds (what the multipart parser lets through at most). */
export const MAX_COMPOSER_FILE_BYTES = Math.max(...Object.values(COMPOSER_LIMITS));

/** Photos and videos WhatsApp shows inline; any other file is sent as a document. */
const INLINE_TYPES: Record<string, ComposerAttachmentKind> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
  'video/3gpp': 'video',
};

/** How a file of this type is sent: as a photo, a video, or a document (everything else). */
export function attachmentKindOf(mimetype: string): ComposerAttachmentKind {
  return INLINE_TYPES[mimetype.toLowerCase().split(';')[0]?.trim() ?? ''] ?? 'document';
}

/** The multipart field of the attachment in POST /api/sendGroupMessage/. */
export const COMPOSER_FILE_FIELD = 'file';

/** "16 MB", "100 MB": a limit in the words the composer's messages use. */
export function composerSizeText(bytes: number): string {
  const mb = bytes / MB;
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

const KIND_WORDS: Record<ComposerAttachmentKind, string> = {
  image: 'A photo',
  video: 'A video',
  document: 'A document',
};

export const composerMessages = {
  noSessionId: 'No session id passed',
  noGroupId: 'No group id passed',
  empty: 'The message is empty: type a text or attach a file before sending.',
  textTooLong: `Text can be at most ${MAX_REPLY_LENGTH} characters.`,
  textInvalid: 'Text must be a string: the message, or the caption of the attached file.',
  tooLarge: (kind: ComposerAttachmentKind) =>
    `${KIND_WORDS[kind]} can be at most ${composerSizeText(COMPOSER_LIMITS[kind])} on WhatsApp. Choose a smaller file.`,
  oneFile: 'Attach one file per message.',
  malformed: 'The message could not be read. Send it again.',
  notConnected:
    "This group's WhatsApp session is not connected. Reconnect it on the Sessions page, then send the message again.",
  tooMany:
    'Too many messages from this WhatsApp account in the last minute. Wait a moment and send it again.',
  sendFailed: 'WhatsApp did not accept the message. Check that the session is connected and try again.',
  sendTimedOut:
    'WhatsApp did not confirm the message in time. Check the conversation before sending it again: it may have gone out.',
} as const;

/**
 * POST /api/sendGroupMessage/ (member; the desk replies' rule), multipart/form-data — or JSON without a file —
 * with these fields and, optionally, the attachment in COMPOSER_FILE_FIELD. `text` is a caption when a file
 * is attached. → 200 sendGroupMessageResponse; 404 for a group not the caller's organisation's; 409 not
 * connected; 413 a file over its kind's limit; 429 past the session's reply limit; 502/504 as replies.
 */
export const sendGroupMessageFields = z.object({
  session_id: z
    .string({ error: composerMessages.noSessionId })
    .trim()
    .min(1, { error: composerMessages.noSessionId }),
  group_id: z
    .string({ error: composerMessages.noGroupId })
    .trim()
    .min(1, { error: composerMessages.noGroupId }),
  /** Trimmed; at most 4096 characters; may be empty only with a file. */
  text: z
    .string({ error: composerMessages.textInvalid })
    .trim()
    .max(MAX_REPLY_LENGTH, { error: composerMessages.textTooLong })
    .default(''),
});
export type SendGroupMessageFields = z.infer<typeof sendGroupMessageFields>;

/** The sent message; it also arrives in the conversation as the linked account's own message (`messages.new`). */
export const sendGroupMessageResponse = z.object({
  session_id: z.string(),
  group_id: z.string(),
  /** WhatsApp's id of the sent message. */
  wa_id: z.string(),
  kind: z.enum(['text', ...composerAttachmentKind.options]),
  /** ISO 8601. */
  sent_at: z.string(),
});
export type SendGroupMessageResponse = z.infer<typeof sendGroupMessageResponse>;

/**
 * POST /api/retryGroupMessage/ (member) → 200 sendGroupMessageResponse: sends a message the composer wrote
 * and WhatsApp refused again, as a new message with the same content (a photo, video or document from
 * WhatsApp's media servers, not uploaded again), under the same limit. 404 for no such message of the
 * caller's organisation; 409 when it was not refused, was sent again already, or the session is not connected.
 */
export const retryGroupMessageRequest = z.object({
  wa_id: z.string({ error: replyMessages.noWaId }).trim().min(1, { error: replyMessages.noWaId }).max(128, {
    error: replyMessages.noWaId,
  }),
});
export type RetryGroupMessageRequest = z.infer<typeof retryGroupMessageRequest>;
