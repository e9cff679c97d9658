import { z } from 'zod';
import { pollState } from './polls';
import { replyState } from './replies';
import { groupSatisfactionPoll, groupSatisfactionPolls } from './satisfaction';

// Groups of the organisation's WhatsApp sessions and their messages: the WhatsApp Chat page and its calls.

export const groupMessages = {
  noSessionId: 'No session id passed',
  noGroupId: 'No group id passed',
  noMessageId: 'No message id passed',
  sessionNotFound: 'Session not found',
  groupNotFound: 'Group not found',
  noMode: 'No mode passed',
  modeInvalid: 'The mode must be watch, per_customer or ignore',
  satisfactionPollInvalid: 'The satisfaction poll must be organisation, on or off.',
  messageNotFound: 'Message not found',
  noTimestamp: 'A date page needs a timestamp: send the time to start from.',
  msgTypeNeeded: 'A message id needs a msg_type of prev, next or around.',
  notConnected: 'The session is not connected. Reconnect it and try again.',
  /** The phone answered a request for older messages with nothing, which alone does not prove the chat's start. */
  phoneSentNothing: 'The phone sent nothing older this time. Try again in a minute.',
  olderNeedsConnection: 'Older messages come from the phone: reconnect the session to load them.',
  /**
   * POST /api/downloadMedia/ (413) for media above the server's download limit (MEDIA_MAX_BYTES), sizes in
   * words ("150 MB"). `size` is what the message says; null when the download itself ran past the limit.
   */
  mediaTooLarge: (size: string | null, limit: string) =>
    `This media is ${size ? `${size}, larger` : 'larger'} than the ${limit} this server downloads from WhatsApp. Open it on the phone instead.`,
} as const;

/**
 * How long after an empty answer from the phone another request for older messages counts as new evidence
 * of the chat's start (decision 0015: three empty answers this far apart prove it). The server waits this
 * long between its own requests; the WhatsApp Chat page asks again after it while its reader waits at the top.
 */
export const HISTORY_EMPTY_GAP_MS = 60_000;

/** The newest stored message of a group, as the group list shows it. */
export const groupLastMessage = z.object({
  /**
   * One line: the text, or what the message is ("📷 Photo", "📄 invoice.pdf", "🎤 Voice message"),
   * followed by its caption when it has one.
   */
  preview: z.string(),
  /** Seconds since the epoch. */
  timestamp: z.number(),
  from_me: z.boolean(),
  /** The sender's name as WhatsApp gave it; null for the linked account's own messages or when unknown. */
  author_name: z.string().nullable(),
});
export type GroupLastMessage = z.infer<typeof groupLastMessage>;

/**
 * How a group's messages become tickets (docs/decisions/0017): `watch` one active ticket for the
 * whole group, `per_customer` one active ticket per customer in the group, `ignore` messages stored, no tickets.
 */
export const ticketModes = ['watch', 'per_customer', 'ignore'] as const;
export const ticketMode = z.enum(ticketModes);
export type TicketMode = z.infer<typeof ticketMode>;

export const sessionGroup = z.object({
  /** WhatsApp group JID, e.g. "120363025246125888@g.us". */
  group_id: z.string(),
  name: z.string(),
  session_name: z.string(),
  session_id: z.string(),
  /** null while no message of the group is stored. */
  last_message: groupLastMessage.nullable(),
  /**
   * Stored messages of others (not the linked account's, not group notices) newer than the last time the
   * group was opened here (POST /api/markGroupRead/), or than when the desk first saw the group.
   */
  unread_count: z.number().int().nonnegative(),
  ticket_mode: ticketMode,
  /** Whether closing a ticket asks "How did we do?": as the organisation's setting, or on or off here. */
  satisfaction_poll: groupSatisfactionPoll,
  /** The group's active tickets (open or in progress), whatever mode opened them. */
  open_tickets: z.number().int().nonnegative(),
});
export type SessionGroup = z.infer<typeof sessionGroup>;

/**
 * POST /api/getGroups/ (empty body): every group of the organisation's active sessions, the group with the
 * newest message first (groups without messages last, by name).
 */
export const groupsResponse = z.object({
  success: z.boolean(),
  groups_count: z.number(),
  groups: z.array(sessionGroup),
});
export type GroupsResponse = z.infer<typeof groupsResponse>;

/**
 * whatsapp-web.js' message-type vocabulary; `ptt` is a voice note, `ptv` a round video note, `gp2` a group
 * notification. `view_once` is a view-once photo, video or voice message, which only the phone opens;
 * `interactive` and `list` are messages with buttons or a list to choose from, and `buttons_response`,
 * `template_button_reply`, `list_response` and `interactive_response` the choices people made. `unknown`
 * is a kind this desk cannot show (its body says so). `call_missed` is a call to the linked number nobody
 * answered, shown in the caller's group when the caller is in exactly one group of the session (its body
 * says "Missed voice call" or "Missed video call"; `author` is the caller).
 */
export const groupMessageType = z.enum([
  'chat',
  'image',
  'video',
  'audio',
  'ptt',
  'ptv',
  'document',
  'sticker',
  'album',
  'location',
  'vcard',
  'multi_vcard',
  'poll_creation',
  'event',
  'groups_v4_invite',
  'interactive',
  'list',
  'buttons_response',
  'template_button_reply',
  'list_response',
  'interactive_response',
  'view_once',
  'revoked',
  'gp2',
  'call_missed',
  'unknown',
]);
export type GroupMessageType = z.infer<typeof groupMessageType>;

export const quotedMessage = z.object({
  type: groupMessageType,
  body: z.string(),
  /** Small JPEG preview (base64) when the quoted message is an image or video with a thumbnail. */
  media_base64: z.string().nullable(),
});

/** Who deleted a message for everyone when that was not its author: a group admin. */
export const revokedBy = z.object({
  /** Their contact name, when known. */
  name: z.string().nullable(),
  /** Digits of their phone number, when known (also for LID admins). */
  number: z.string().nullable(),
  from_me: z.boolean(),
});
export type RevokedBy = z.infer<typeof revokedBy>;

/** Someone who reacted to a message, named like an author. */
export const reactor = z.object({
  name: z.string().nullable(),
  /** Digits of their phone number, when known (also for LID members). */
  number: z.string().nullable(),
  /** The linked account itself (from one of its devices). */
  from_me: z.boolean(),
});
export type Reactor = z.infer<typeof reactor>;

/** One emoji under a message: how many reacted with it and who, earliest first. */
export const messageReaction = z.object({
  emoji: z.string(),
  count: z.number().int().positive(),
  by: z.array(reactor),
});
export type MessageReaction = z.infer<typeof messageReaction>;

/** An earlier text of an edited message, and when its author replaced it (seconds since the epoch). */
export const messageEdit = z.object({ body: z.string(), replaced_at: z.number() });
export type MessageEdit = z.infer<typeof messageEdit>;

/** At most this many earlier texts travel with a message (the newest ones). */
export const MESSAGE_EDITS_SHOWN = 10;

export const groupMessage = z.object({
  /** Unique key: `${from_me}_${group_id}_${id}_${author}`; the cursor for paging. */
  msg_id: z.string(),
  /** WhatsApp's message id. */
  id: z.string(),
  /** Sender JID (`…@s.whatsapp.net` or `…@lid`); null for our own messages. */
  author: z.string().nullable(),
  author_name: z.string().nullable(),
  /** The sender's phone number (digits, no +) when known, also for LID senders. */
  author_number: z.string().nullable(),
  from_me: z.boolean(),
  body: z.string(),
  has_media: z.boolean(),
  message_type: groupMessageType,
  /** Small JPEG preview (base64) for image and video messages; the full file comes from downloadMedia. */
  media_base64: z.string().nullable(),
  mimetype: z.string().nullable(),
  /** Document file name, when the sender gave one. */
  filename: z.string().nullable(),
  has_quoted_msg: z.boolean(),
  /** WhatsApp id (the `id` field) of the quoted message. */
  quoted_msg_id: z.string().nullable(),
  quoted_msg: quotedMessage.nullable(),
  /**
   * Who wrote the quoted message: their contact name, else their number in international format
   * ("+91 98765 43210"; a LID author's once its number is known), else null.
   */
  quoted_participant_name: z.string().nullable(),
  /**
   * Digits of the quoted author's phone number when known (also for LID authors), else null. This server
   * always sends it and quoted_from_me; optional only so that clients built before them still parse.
   */
  quoted_participant_number: z.string().nullable().optional(),
  /** The quoted message is the linked account's own: show "You". false when nothing is quoted. */
  quoted_from_me: z.boolean().optional(),
  /** Seconds since the epoch. */
  timestamp: z.number(),
  /**
   * A reply sent from the desk: how far it got (ticks, or refused with why); null for every other message.
   * Pages always carry it; live `messages.new` events leave it out (its state follows in `reply.status`).
   */
  reply: replyState.nullable().optional(),
  /**
   * `poll_creation`: the question, options and current votes; null for every other message. Live
   * `messages.new` events carry it without votes; later counts come as `poll.updated`.
   */
  poll: pollState.nullable().optional(),
  /**
   * A `revoked` message a group admin deleted rather than its author: the admin, named like an author
   * (`from_me`: the linked account, from one of its devices). null for an author's own delete and for every
   * other message; optional only so that clients built before it still parse.
   */
  revoked_by: revokedBy.nullable().optional(),
  /** A `revoked` message: when it was deleted (seconds since the epoch), when known; null otherwise. */
  deleted_at: z.number().nullable().optional(),
  /**
   * Reactions under the message, one entry per emoji, the most used first (one reaction per person: a newer
   * one replaces theirs, an empty one takes it back). Absent or empty: none. Optional so older clients parse.
   */
  reactions: z.array(messageReaction).optional(),
  /** When its author last edited it (seconds since the epoch); null when never. `body` is the current text. */
  edited_at: z.number().nullable().optional(),
  /** Its earlier texts, oldest first (at most MESSAGE_EDITS_SHOWN, the newest), when it was edited. */
  edits: z.array(messageEdit).optional(),
});
export type GroupMessage = z.infer<typeof groupMessage>;

/**
 * POST /api/getGroupsMsg/. No msg_id: the newest 100. `prev`: the 100 before msg_id; `next`: the 100
 * after it; `around`: msg_id itself with up to 50 before and 49 after (a search hit, a ticket's link);
 * `date` (no msg_id): the 100 from the first message at or after `timestamp` (seconds), or the newest
 * page when nothing is that new. Always ascending by time (oldest first) for display.
 */
export const groupMessagesRequest = z.object({
  session_id: z.string().trim().min(1).max(64),
  group_id: z.string().trim().min(1).max(128),
  msg_type: z.enum(['prev', 'next', 'around', 'date']).optional(),
  msg_id: z.string().trim().min(1).max(512).optional(),
  /** Seconds since the epoch; only with `msg_type: 'date'`. */
  timestamp: z.number().int().min(0).max(253_402_300_799).optional(),
});
export type GroupMessagesRequest = z.infer<typeof groupMessagesRequest>;

export const groupMessagesResponse = z.object({
  success: z.boolean(),
  /** Ascending by timestamp; at most 100. */
  messages: z.array(groupMessage),
  /**
   * Older messages exist: in the store, or possibly still on the phone (the start of the chat has not been
   * reached yet). false once the phone answered that nothing older exists.
   */
  has_more_before: z.boolean(),
  /** Newer messages exist in the store. */
  has_more_after: z.boolean(),
  /**
   * The store ran out of older messages and the phone was asked for more; they arrive later (a
   * `history` event on the event stream), so ask for `prev` again then.
   */
  history_pending: z.boolean(),
  /**
   * Why no older messages came although `has_more_before` is true (the phone sent nothing this time, or
   * the session is not connected); shown to the user as-is. null otherwise.
   */
  history_note: z.string().nullable(),
});
export type GroupMessagesResponse = z.infer<typeof groupMessagesResponse>;

/** Most hits one search answers (the newest ones); `truncated` says there were more. */
export const GROUP_SEARCH_LIMIT = 200;

/**
 * POST /api/searchGroupMsgs/: the group's stored messages whose text holds `query` (case-insensitive),
 * newest first, at most GROUP_SEARCH_LIMIT.
 */
export const searchGroupMessagesRequest = z.object({
  session_id: z.string().trim().min(1).max(64),
  group_id: z.string().trim().min(1).max(128),
  query: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(100, 'Search for at most 100 characters.'),
});
export type SearchGroupMessagesRequest = z.infer<typeof searchGroupMessagesRequest>;

export const groupSearchHit = z.object({
  msg_id: z.string(),
  /** Seconds since the epoch. */
  timestamp: z.number(),
  author_name: z.string().nullable(),
  from_me: z.boolean(),
  /** Up to about 120 characters of the text around the first match, on one line. */
  snippet: z.string(),
});
export type GroupSearchHit = z.infer<typeof groupSearchHit>;

export const searchGroupMessagesResponse = z.object({
  success: z.boolean(),
  /** Newest first. */
  hits: z.array(groupSearchHit),
  /** More messages matched than GROUP_SEARCH_LIMIT: only the newest are listed. */
  truncated: z.boolean(),
});
export type SearchGroupMessagesResponse = z.infer<typeof searchGroupMessagesResponse>;

/** POST /api/syncOldMsgs/: starts (or resumes) fetching all older history in the background. Answers syncOldMessagesResponse. */
export const syncOldMessagesRequest = z.object({
  session_id: z.string().trim().min(1).max(64),
  group_id: z.string().trim().min(1).max(128),
});
export type SyncOldMessagesRequest = z.infer<typeof syncOldMessagesRequest>;

/**
 * What a sync request did, so the SPA shows one truthful message: `started` (a background sync began;
 * progress comes as `sync.progress` events), `already_running` (one was under way: nothing new started),
 * `already_synced` (the whole history is stored: nothing to fetch).
 */
export const syncOutcome = z.enum(['started', 'already_running', 'already_synced']);
export type SyncOutcome = z.infer<typeof syncOutcome>;

/** successMessage plus what happened; `already_synced` is `outcome === 'already_synced'`. */
export const syncOldMessagesResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  outcome: syncOutcome,
  already_synced: z.boolean(),
});
export type SyncOldMessagesResponse = z.infer<typeof syncOldMessagesResponse>;

/** POST /api/markGroupRead/: the group was opened and its messages up to now were seen. */
export const markGroupReadRequest = z.object({
  session_id: z.string().trim().min(1).max(64),
  group_id: z.string().trim().min(1).max(128),
});
export type MarkGroupReadRequest = z.infer<typeof markGroupReadRequest>;

export const markGroupReadResponse = z.object({
  success: z.boolean(),
  unread_count: z.literal(0),
});
export type MarkGroupReadResponse = z.infer<typeof markGroupReadResponse>;

/** POST /api/setGroupMode/ (admin): applies to messages that arrive from now on. */
export const setGroupModeRequest = z.object({
  session_id: z.string().trim().min(1).max(64),
  group_id: z.string().trim().min(1).max(128),
  mode: z.enum(ticketModes, { error: groupMessages.modeInvalid }),
});
export type SetGroupModeRequest = z.infer<typeof setGroupModeRequest>;

export const setGroupModeResponse = z.object({
  success: z.boolean(),
  ticket_mode: ticketMode,
});
export type SetGroupModeResponse = z.infer<typeof setGroupModeResponse>;

/** POST /api/setGroupSatisfactionPoll/ (admin): applies to tickets closed from now on. */
export const setGroupSatisfactionPollRequest = z.object({
  session_id: z.string().trim().min(1).max(64),
  group_id: z.string().trim().min(1).max(128),
  satisfaction_poll: z.enum(groupSatisfactionPolls, { error: groupMessages.satisfactionPollInvalid }),
});
export type SetGroupSatisfactionPollRequest = z.infer<typeof setGroupSatisfactionPollRequest>;

export const setGroupSatisfactionPollResponse = z.object({
  success: z.boolean(),
  satisfaction_poll: groupSatisfactionPoll,
});
export type SetGroupSatisfactionPollResponse = z.infer<typeof setGroupSatisfactionPollResponse>;

/** POST /api/downloadMedia/: `chat_id` is the selected group id, `message_id` a message's msg_id (or id). */
export const downloadMediaRequest = z.object({
  message_id: z.string().trim().min(1).max(512),
  chat_id: z.string().trim().min(1).max(128),
  session_id: z.string().trim().min(1).max(64),
});
export type DownloadMediaRequest = z.infer<typeof downloadMediaRequest>;

export const downloadMediaResponse = z.object({
  success: z.boolean(),
  messageMedia: z.object({
    mimetype: z.string(),
    /** The whole file, base64. */
    data: z.string(),
    filename: z.string().nullable(),
  }),
});
export type DownloadMediaResponse = z.infer<typeof downloadMediaResponse>;
