import { z } from 'zod';
import { toE164 } from './agents';
import { trimInvisible } from './common';

// WhatsApp sessions: the Sessions screen, a session, and the /api/... calls.

export const sessionMessages = {
  fillDetails: 'Fill the details corretly',
  noSessionId: 'No session id passed',
  sessionIdUnavailable: 'sessionId is not available',
  sessionNotFound: 'That session was not found. It may have been terminated; reload the list.',
  noQrCode: 'No QR code is available for this session right now.',
  noPairingCode: 'No pairing code is available for this session right now. Ask for a new one.',
  invalidPhone: 'Enter the phone number with its country code, e.g. +919876543210.',
  alreadyLinked: 'This session is already linked to a phone. Terminate it to link another one.',
  alreadyConnected: 'The session is already connected.',
  tooManyPairingCodes: 'Too many pairing codes were asked for. Please wait a minute and try again.',
} as const;

/**
 * Where a session stands. `starting` → `qr` (waiting for a scan) → `connected`; `reconnecting` after a
 * dropped connection; `unreachable` (WhatsApp cannot be reached; retried with backoff), `qr_expired`
 * (nobody scanned in time), `logged_out` (unlinked from the phone, close 401, or the phone's own WhatsApp
 * logged out, close 403: link again), `banned` (WhatsApp banned the number, close 406), `temporarily_banned`
 * (banned until `resumes_at`, close 402; the session reconnects by itself then), `terminated` (ended here),
 * `version_refused` (WhatsApp refused this client version, close 405, or its user agent, close 409, also
 * after asking for the current version), `refused` (WhatsApp refused the device, close 411), `replaced`
 * (another client opened the session, close 440). The last eight stop the session until it is started
 * again (or, for a temporary ban, until the ban ends).
 */
export const sessionStatus = z.enum([
  'starting',
  'qr',
  'connected',
  'reconnecting',
  'unreachable',
  'qr_expired',
  'logged_out',
  'banned',
  'temporarily_banned',
  'terminated',
  'version_refused',
  'refused',
  'replaced',
]);
export type SessionStatus = z.infer<typeof sessionStatus>;

/** `simulator` is demo mode: an in-process pretend phone, no real WhatsApp involved. */
export const whatsappDriverName = z.enum(['baileys', 'simulator']);
export type WhatsappDriverName = z.infer<typeof whatsappDriverName>;

export const startSessionRequest = z.object({
  // The form strips all whitespace from the name as it is typed; the server does the same.
  session_name: z
    .string({ error: sessionMessages.fillDetails })
    .transform((name) => trimInvisible(name.replace(/\s+/g, '')))
    .pipe(
      z
        .string()
        .min(1, { error: sessionMessages.fillDetails })
        .max(100, { error: 'The session name must be at most 100 characters long.' }),
    ),
  description: z
    .string({ error: sessionMessages.fillDetails })
    .overwrite(trimInvisible)
    .min(1, { error: sessionMessages.fillDetails })
    .max(500, { error: 'The description must be at most 500 characters long.' }),
});
export type StartSessionRequest = z.input<typeof startSessionRequest>;

/**
 * 200 for both a new session and a reconnect of an existing one (same name and description).
 * 4xx `{message}` when the organisation's active-session limit is reached; the message then contains
 * "limit reached", e.g. "Active session limit reached (1). Terminate a session first.".
 */
export const startSessionResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  sessionID: z.string(),
  /** true when an existing session was reconnected instead of a new one created. */
  reconnected: z.boolean(),
  status: sessionStatus,
});
export type StartSessionResponse = z.infer<typeof startSessionResponse>;

/** Body of generateQRCode, sessionStatus and terminateSession. A missing id answers 400 "No session id passed". */
export const sessionIdRequest = z.object({ sessionID: z.string().trim().min(1).max(64) });
export type SessionIdRequest = z.infer<typeof sessionIdRequest>;

// POST /api/generateQRCode/ answers 200 with an image/png body (the CURRENT QR), or 404/409 `{message}`
// when the session is unknown or has no QR right now (already connected, or not linking).

/** POST /api/sessionStatus/: `success` is true only while the session is connected. */
export const sessionStatusResponse = z.object({
  success: z.boolean(),
  /** Human-readable status, shown as-is, e.g. "Connected" or "Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com". */
  message: z.string(),
  status: sessionStatus,
  /** Why the session is in a failed or waiting state; null when there is nothing to explain. */
  reason: z.string().nullable(),
  driver: whatsappDriverName,
  /** The linked phone number (digits, no +), once connected. */
  phone: z.string().nullable(),
  /** `temporarily_banned`: when the ban ends and the session reconnects by itself (ISO 8601); else null. */
  resumes_at: z.string().nullable().default(null),
});
export type SessionStatusResponse = z.infer<typeof sessionStatusResponse>;

/**
 * POST /api/requestPairingCode/: link the session by phone number instead of QR. `phone` is the number of
 * the phone to link, with its country code (validated like an agent's number; answered in E.164). The
 * server (re)starts linking in pairing-code mode and answers the 8-character code to type on the phone
 * (WhatsApp → Linked devices → Link a device → Link with phone number instead). Asking again for the
 * same number answers the code shown now; `session.qr` events announce a new one. 400 `{message}` for a
 * bad number, 404 for an unknown session, 409 `{message}` when the session is terminated, already linked
 * or connected, or no code came in time.
 */
export const requestPairingCodeRequest = z.object({
  sessionID: z.string().trim().min(1).max(64),
  phone: z
    .string({ error: sessionMessages.invalidPhone })
    .max(40, { error: sessionMessages.invalidPhone })
    .transform((value, ctx) => {
      const number = toE164(value);
      if (number) return number;
      ctx.issues.push({ code: 'custom', message: sessionMessages.invalidPhone, input: value });
      return z.NEVER;
    }),
});
export type RequestPairingCodeRequest = z.input<typeof requestPairingCodeRequest>;

export const requestPairingCodeResponse = z.object({
  /** 8 characters of WhatsApp's alphabet, e.g. "7KQ2MXAB"; shown to people as "7KQ2-MXAB". */
  code: z.string(),
  /** The number it links, E.164. */
  phone: z.string(),
});
export type RequestPairingCodeResponse = z.infer<typeof requestPairingCodeResponse>;

/**
 * What happened to a session, newest first in `health.events`: `linked` (the phone linked it), `connected`
 * (back online), `disconnected` (a connected session dropped; `reason` says why), `reconnecting` (retrying),
 * `unreachable` (WhatsApp cannot be reached), `logged_out`, `banned`, `temporarily_banned`, `version_refused`,
 * `refused`, `replaced`, `qr_expired` (nobody linked in time), `terminated` (ended here).
 */
export const sessionEventKind = z.enum([
  'linked',
  'connected',
  'disconnected',
  'reconnecting',
  'unreachable',
  'logged_out',
  'banned',
  'temporarily_banned',
  'version_refused',
  'refused',
  'replaced',
  'qr_expired',
  'terminated',
]);
export type SessionEventKind = z.infer<typeof sessionEventKind>;

/**
 * The WhatsApp Web version a connection announced and where it came from: `configured` (WHATSAPP_VERSION),
 * `fetched` (from WhatsApp Web at `fetched_at`), `built_in` (the one wadesk's WhatsApp library carries).
 */
export const clientVersionSource = z.enum(['configured', 'fetched', 'built_in']);
export type ClientVersionSource = z.infer<typeof clientVersionSource>;

export const clientVersionInUse = z.object({
  /** e.g. "2.3000.1045340097" */
  number: z.string(),
  source: clientVersionSource,
  /** ISO 8601, for `fetched`; else null. */
  fetched_at: z.string().nullable(),
});
export type ClientVersionInUse = z.infer<typeof clientVersionInUse>;

export const sessionEvent = z.object({
  kind: sessionEventKind,
  reason: z.string().nullable(),
  /** ISO 8601 */
  at: z.string(),
  /** `linked`, `connected`, `version_refused`: the version announced (null when not known, e.g. demo mode). */
  version: clientVersionInUse.nullable().default(null),
});
export type SessionEvent = z.infer<typeof sessionEvent>;

export const sessionHealth = z.object({
  /** The last state changes, newest first (at most 10). */
  events: z.array(sessionEvent),
  /**
   * Set while a connected session has had no live message for WHATSAPP_QUIET_AFTER_HOURS (default 6): since
   * when it is quiet (ISO 8601). Only shown; a quiet session is never reconnected for it.
   */
  quiet_since: z.string().nullable(),
});
export type SessionHealth = z.infer<typeof sessionHealth>;

// POST /api/terminateSession/ answers successMessage ({success, message}) from ./common.

export const sessionListItem = z.object({
  sessionId: z.string(),
  session_name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  status: sessionStatus,
  reason: z.string().nullable(),
  phone: z.string().nullable(),
  /** ISO 8601 */
  created_at: z.string(),
  /** ISO 8601 */
  updated_at: z.string(),
  /** `temporarily_banned`: when the ban ends and the session reconnects by itself (ISO 8601); else null. */
  resumes_at: z.string().nullable().default(null),
  /** Empty when an older server does not send it. */
  health: sessionHealth.default({ events: [], quiet_since: null }),
});
export type SessionListItem = z.infer<typeof sessionListItem>;

/** POST /api/getSessionsList/ (empty body): the organisation's sessions, newest first. */
export const sessionListResponse = z.object({
  session_list: z.array(sessionListItem),
  session_count: z.number(),
  driver: whatsappDriverName,
});
export type SessionListResponse = z.infer<typeof sessionListResponse>;

// Demo-mode controls of the simulated phone: POST /sim/sessions/:sessionId/{scan,fail,incoming,reply-status,poll-vote}. They exist
// only while WHATSAPP_DRIVER=simulator (404 otherwise) and need the bearer token of the session's organisation.

/** POST /sim/sessions/:sessionId/scan (no body): "the phone scanned the QR code". Answers successMessage. */

/** POST /sim/sessions/:sessionId/enter-code: the phone's owner types the pairing code shown. Answers successMessage. */
export const simEnterCodeRequest = z.object({ code: z.string().min(1).max(16) });
export type SimEnterCodeRequest = z.infer<typeof simEnterCodeRequest>;

export const simulatedFailure = z.enum([
  'unreachable',
  'qr_expiry',
  'logged_out',
  'restart_required',
  'silent',
  'phone_offline',
  'banned',
  'temporarily_banned',
  'recover',
]);
export type SimulatedFailure = z.infer<typeof simulatedFailure>;

/**
 * POST /sim/sessions/:sessionId/fail. unreachable: connections fail until `recover`; qr_expiry: linking
 * ends now; logged_out: the phone unlinks the device; restart_required: a 515 close; silent: the socket
 * stays open but no frame arrives (the watchdog reconnects); phone_offline: history requests go unanswered;
 * banned: WhatsApp bans the number (close 406); temporarily_banned: for two minutes (close 402).
 */
export const simFailRequest = z.object({ kind: simulatedFailure });

/** POST /sim/sessions/:sessionId/incoming: a message arrives in a group of the connected phone (live). */
export const simIncomingRequest = z.object({
  group_id: z.string().min(1).max(128),
  body: z.string().max(4096),
  /** Digits of the sender's phone; a group member when omitted. */
  author_phone: z
    .string()
    .regex(/^\d{6,15}$/)
    .optional(),
  author_name: z.string().max(100).optional(),
  /** Sent by the linked phone itself (a business reply). */
  from_me: z.boolean().optional(),
  type: z.enum(['chat', 'image']).optional(),
  /**
   * When the message was sent (unix seconds), to replay a conversation across days and business hours;
   * now when absent. A time in the future is refused (400).
   */
  timestamp: z
    .number({ error: 'The timestamp must be a whole number of seconds since 1970.' })
    .int({ error: 'The timestamp must be a whole number of seconds since 1970.' })
    .min(1, { error: 'The timestamp must be a whole number of seconds since 1970.' })
    .max(2 ** 31 - 1, { error: 'The timestamp must be a whole number of seconds since 1970.' })
    .optional(),
});
export type SimIncomingRequest = z.infer<typeof simIncomingRequest>;

export const simIncomingResponse = z.object({ success: z.boolean(), msg_id: z.string() });

/**
 * POST /sim/sessions/:sessionId/reply-status: what WhatsApp says about a reply sent from the desk — the
 * newest one, or `wa_id`. `failed`: the server refuses it (`code`, default 479; `refusal` plays a group where
 * only admins may send, or one the account left); `delivered` / `read`: every member's phone (or only
 * `member_phone`'s) got or read it. Answers successMessage; 409 when the session sent no such reply.
 */
export const simReplyStatusRequest = z.object({
  status: z.enum(['failed', 'delivered', 'read']),
  wa_id: z.string().min(1).max(128).optional(),
  code: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  refusal: z.enum(['announce_only', 'not_member']).optional(),
  member_phone: z
    .string()
    .regex(/^\d{6,15}$/)
    .optional(),
});
export type SimReplyStatusRequest = z.infer<typeof simReplyStatusRequest>;

/**
 * POST /sim/sessions/:sessionId/poll-vote: a group member (`voter`, phone digits; else the group's first
 * member) votes on the poll `wa_id` of the group, choosing `options` by name (none: takes the vote back).
 * The simulated phone encrypts the vote with the poll's secret as WhatsApp does, and the server reads it
 * like a real one. Answers successMessage; 409 when the session is not connected, has no such poll (or not
 * its secret) or no such member; 400 for an option the poll does not have.
 */
/**
 * POST /sim/sessions/:sessionId/missed-call: a group member (`caller`, digits; the first member of the first
 * group when absent) calls the linked number and nobody answers. Answers successMessage; 409 when the session
 * is not connected or nobody of its groups has that number.
 */
export const simMissedCallRequest = z.object({
  caller: z
    .string()
    .regex(/^\d{6,15}$/)
    .optional(),
  video: z.boolean().optional(),
});
export type SimMissedCallRequest = z.infer<typeof simMissedCallRequest>;

export const simPollVoteRequest = z.object({
  group_id: z.string().min(1).max(128),
  wa_id: z.string().min(1).max(128),
  options: z.array(z.string().min(1).max(100)).max(12),
  voter: z
    .string()
    .regex(/^\d{6,15}$/)
    .optional(),
});
export type SimPollVoteRequest = z.infer<typeof simPollVoteRequest>;
