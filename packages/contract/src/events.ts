import { z } from 'zod';
import { groupMessage, messageEdit, messageReaction, revokedBy, ticketMode } from './groups';
import { notification } from './notifications';
import { pollState } from './polls';
import { replyState } from './replies';
import { sessionStatus } from './sessions';
import { ticket } from './tickets';

// GET /events/?stream_token=… — a server-sent event stream of the caller's organisation only.
// EventSource cannot send headers, so the web first asks POST /events/stream-token/ (bearer) for a
// short-lived, single-use stream token and opens `new EventSource('/events/?stream_token=' + token)`. Every
// event is an unnamed SSE `message` whose data is one JSON object below, told apart by `type`:
//   es.onmessage = (e) => { const event = serverEvent.parse(JSON.parse(e.data)); … }
// Heartbeat comments (`: ping`) every ~20 s keep proxies from closing the stream; EventSource ignores them.
// On reconnect, fetch a new stream token (the old one is spent) and refetch lists: events are not replayed.
// The server ends the stream when the access token that bought the stream token expires or its sign-in
// ends (logout); a user may hold only a few streams at once (one more answers 429).

export const streamTokenResponse = z.object({
  stream_token: z.string(),
  /** Seconds the stream token stays valid for opening one stream. */
  expires_in: z.number(),
});
export type StreamTokenResponse = z.infer<typeof streamTokenResponse>;

/** First event on every stream. */
export const readyEvent = z.object({ type: z.literal('ready') });

/** A session changed state (also on connect, with the phone number). */
export const sessionStatusEvent = z.object({
  type: z.literal('session.status'),
  session_id: z.string(),
  status: sessionStatus,
  reason: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
});

/** A new QR code is ready: call POST /api/generateQRCode/ again to show it. */
export const sessionQrEvent = z.object({
  type: z.literal('session.qr'),
  session_id: z.string(),
});

/** A session's group list changed (first sync after linking, or groups joined/left). */
export const groupsUpdatedEvent = z.object({
  type: z.literal('groups.updated'),
  session_id: z.string(),
  groups_count: z.number(),
});

/** An admin changed a group's ticket mode (POST /api/setGroupMode/). */
export const groupModeEvent = z.object({
  type: z.literal('group.mode'),
  session_id: z.string(),
  group_id: z.string(),
  ticket_mode: ticketMode,
});

/** New live messages arrived in a group, in ascending order. */
export const newMessagesEvent = z.object({
  type: z.literal('messages.new'),
  session_id: z.string(),
  group_id: z.string(),
  messages: z.array(groupMessage),
});

/** Older history was stored for a group (initial sync or an on-demand fetch): refetch with `prev`. */
export const historyEvent = z.object({
  type: z.literal('history'),
  session_id: z.string(),
  group_id: z.string(),
  stored: z.number(),
});

export const syncState = z.enum(['running', 'waiting_phone', 'done', 'failed']);
export type SyncState = z.infer<typeof syncState>;

/** Progress of POST /api/syncOldMsgs/ for one group. */
export const syncProgressEvent = z.object({
  type: z.literal('sync.progress'),
  session_id: z.string(),
  group_id: z.string(),
  state: syncState,
  /** Messages stored by this sync so far. */
  fetched: z.number(),
  /** Timestamp (seconds) of the oldest stored message, null when none. */
  oldest_timestamp: z.number().nullable(),
  /** Why it failed or waits, e.g. "The phone did not answer"; null otherwise. */
  message: z.string().nullable(),
});

/** A live customer message opened a ticket. */
export const ticketCreatedEvent = z.object({ type: z.literal('ticket.created'), ticket });

/**
 * A ticket changed: `message` when a message joined it (last_message, updated_at, maybe status and
 * first_response_at), `status` when its status was set by a call; `assignee`, `labels`, `note`, `merged`
 * (another ticket of the group was merged into it: refetch the lists) and `split` (its later messages became
 * a new ticket, announced as `ticket.created`) from the team's calls; `reply_failed` when WhatsApp refused
 * a desk reply and what its echo did was undone (first response, status, assignee; docs/decisions/0018);
 * `reopened` when a customer wrote on a closed ticket within the reopen window (in progress again, same
 * assignee, who is told: docs/decisions/0020); `satisfaction` when its satisfaction poll was sent or its
 * customer voted (docs/decisions/0030).
 * Refetch the conversation if it is open.
 */
export const ticketUpdatedEvent = z.object({
  type: z.literal('ticket.updated'),
  change: z.enum([
    'message',
    'status',
    'reopened',
    'assignee',
    'labels',
    'note',
    'merged',
    'split',
    'reply_failed',
    'satisfaction',
  ]),
  ticket,
});

/**
 * A desk reply's state changed: WhatsApp's server took it, members' phones got or read it, or WhatsApp
 * refused it (then a `ticket.updated` with change `reply_failed` follows for its ticket).
 */
export const replyStatusEvent = z.object({
  type: z.literal('reply.status'),
  session_id: z.string(),
  group_id: z.string(),
  /** WhatsApp's id of the reply (the conversation's `wa_id`, the group message's `id`). */
  wa_id: z.string(),
  reply: replyState,
});

/**
 * Someone voted on a poll (or changed their vote): its counts now. Never opens or reopens a ticket; a
 * ticket conversation showing the poll updates it in place.
 */
export const pollUpdatedEvent = z.object({
  type: z.literal('poll.updated'),
  session_id: z.string(),
  group_id: z.string(),
  /** WhatsApp's id of the poll message (the group message's `id`, the conversation's `wa_id`). */
  wa_id: z.string(),
  poll: pollState,
});

/**
 * A stored group message changed in place: its reactions, an edit by its author, or a delete for everyone.
 * Carries the message's state now for what changed (`reactions` whole; `edit` the current text with its
 * earlier ones; `deleted` who and when). Never opens, reopens or moves a ticket: a ticket keeps what the
 * customer first wrote.
 */
export const messageUpdatedEvent = z.object({
  type: z.literal('message.updated'),
  session_id: z.string(),
  group_id: z.string(),
  /** WhatsApp's id of the message (the group message's `id`). */
  id: z.string(),
  reactions: z.array(messageReaction).optional(),
  edit: z.object({ body: z.string(), edited_at: z.number(), edits: z.array(messageEdit) }).optional(),
  deleted: z.object({ revoked_by: revokedBy.nullable(), deleted_at: z.number().nullable() }).optional(),
});
export type MessageUpdatedEvent = z.infer<typeof messageUpdatedEvent>;

/** The organisation's agent list changed (added, removed, or the owner's number added on connect). */
export const agentsUpdatedEvent = z.object({ type: z.literal('agents.updated'), agents_count: z.number() });

/** The organisation's members or open invitations changed: refetch GET /org/members/. */
export const membersUpdatedEvent = z.object({ type: z.literal('members.updated') });

/** A notification for the member holding this stream (sent to that member's streams only). */
export const notificationCreatedEvent = z.object({ type: z.literal('notification.created'), notification });

/** The member read notifications in some tab: every tab updates its bell. */
export const notificationsReadEvent = z.object({
  type: z.literal('notifications.read'),
  /** The ids now read, or null when all were marked read. */
  ids: z.array(z.number()).nullable(),
  unread: z.number(),
});

/**
 * SLA clocks of the organisation's tickets were computed again (a message, a status or label change, new
 * policies) or the simulated clock moved: refetch the clocks shown (POST /org/getSlaClocks/).
 */
export const slaChangedEvent = z.object({
  type: z.literal('sla.changed'),
  /** The tickets whose clocks changed; null: any (new policies, the simulated clock). */
  ticket_ids: z.array(z.number()).nullable(),
});

export const serverEvent = z.discriminatedUnion('type', [
  readyEvent,
  sessionStatusEvent,
  sessionQrEvent,
  groupsUpdatedEvent,
  groupModeEvent,
  newMessagesEvent,
  historyEvent,
  syncProgressEvent,
  ticketCreatedEvent,
  ticketUpdatedEvent,
  replyStatusEvent,
  pollUpdatedEvent,
  messageUpdatedEvent,
  agentsUpdatedEvent,
  membersUpdatedEvent,
  notificationCreatedEvent,
  notificationsReadEvent,
  slaChangedEvent,
]);
export type ServerEvent = z.infer<typeof serverEvent>;
