import type { ConnectionClose } from './driver';

// Baileys' DisconnectReason values, copied so this file stays free of the (ESM, heavy) library import, and
// the reasons of WhatsApp's `failure` stanza that Baileys passes on as they are (decision 0015 §2).
const LOGGED_OUT = 401;
const TEMPORARILY_BANNED = 402;
const MAIN_DEVICE_GONE = 403;
const METHOD_NOT_ALLOWED = 405;
const BANNED = 406;
const TIMED_OUT = 408;
const BAD_USER_AGENT = 409;
const MULTIDEVICE_MISMATCH = 411;
const CONNECTION_REPLACED = 440;
const RESTART_REQUIRED = 515;

const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENETUNREACH',
  'ECONNRESET',
  'EHOSTUNREACH',
]);

/** Close 405, in the words the Sessions screen shows (modules/sessions/session-status.ts uses it too). */
export const VERSION_REFUSED = 'WhatsApp refused this client version: update wadesk or set WHATSAPP_VERSION';
/** Close 409: WhatsApp refused what the client said it is; treated as a refused version. */
export const USER_AGENT_REFUSED =
  'WhatsApp refused this client (409, user agent rejected): update wadesk or set WHATSAPP_VERSION';
/** Close 403: the account on the phone is gone from this device; only a new link brings it back. */
export const MAIN_DEVICE_LOGGED_OUT =
  "WhatsApp logged this device out because the phone's own WhatsApp was logged out or moved to another phone (403). Link the session again.";
/** Close 406. Not "link again": the number itself is refused. */
export const NUMBER_BANNED =
  'WhatsApp has banned this phone number (406). Linking it again will not help; its owner can ask WhatsApp to review the ban in WhatsApp on the phone.';

/** What each temporary ban code (the `code` of a 402 failure) means, as whatsmeow's types/events names them. */
const TEMPORARY_BAN_CAUSES: Record<string, string> = {
  '101': 'it sent too many messages to people who do not have it in their contacts',
  '102': 'too many people blocked it',
  '103': 'it created too many groups with people who do not have it in their contacts',
  '104': 'it sent the same message to too many people',
  '106': 'it sent too many messages to a broadcast list',
};

interface BoomLike {
  message?: unknown;
  output?: { statusCode?: unknown };
  data?: unknown;
}

/**
 * Turns the error of a Baileys `connection: 'close'` update into what the runner acts on (decision 0015 §2):
 * network failures → unreachable (retry with backoff), 401 / 403 → logged out, 406 → banned, 402 → banned
 * until the `expire` the failure carries, 515 → restart at once, "QR refs attempts ended" → nobody scanned,
 * 440 → replaced by another client, 405 / 409 → this client version is refused, 411 → this device is
 * refused, anything else → retry. `now` dates a temporary ban's end.
 */
export function classifyClose(error: unknown, now = Date.now()): ConnectionClose {
  const boom = (error ?? {}) as BoomLike;
  const statusCode = typeof boom.output?.statusCode === 'number' ? boom.output.statusCode : null;
  const message = typeof boom.message === 'string' ? boom.message : 'Connection closed';
  const data = (boom.data ?? {}) as Record<string, unknown>;
  const code = data.code;

  if (statusCode === LOGGED_OUT) {
    return { kind: 'logged_out', statusCode, reason: 'The device was logged out from the phone.' };
  }
  if (statusCode === MAIN_DEVICE_GONE)
    return { kind: 'logged_out', statusCode, reason: MAIN_DEVICE_LOGGED_OUT };
  if (statusCode === BANNED) return { kind: 'banned', statusCode, reason: NUMBER_BANNED };
  if (statusCode === TEMPORARILY_BANNED) return temporaryBan(data, now);
  if (statusCode === BAD_USER_AGENT)
    return { kind: 'version_refused', statusCode, reason: USER_AGENT_REFUSED };
  if (statusCode === RESTART_REQUIRED) return { kind: 'restart', statusCode, reason: 'Restart required' };
  if (statusCode === CONNECTION_REPLACED) {
    return {
      kind: 'replaced',
      statusCode,
      reason: 'Another client opened this session (connection replaced).',
    };
  }
  if (statusCode === METHOD_NOT_ALLOWED)
    return { kind: 'version_refused', statusCode, reason: VERSION_REFUSED };
  if (statusCode === MULTIDEVICE_MISMATCH) {
    return {
      kind: 'refused',
      statusCode,
      reason: 'WhatsApp refused this device (411, multi-device mismatch). Link it again.',
    };
  }
  if (/QR refs attempts ended/i.test(message)) {
    return { kind: 'qr_expired', statusCode, reason: 'The QR code was not scanned in time.' };
  }
  const network = typeof code === 'string' && NETWORK_CODES.has(code);
  if (
    network ||
    /handshake has timed out/i.test(message) ||
    (statusCode === TIMED_OUT && /WebSocket Error/i.test(message))
  ) {
    return { kind: 'unreachable', statusCode, reason: `Cannot reach WhatsApp: ${stripWrapper(message)}` };
  }
  return { kind: 'retry', statusCode, reason: statusCode ? `${message} (${statusCode})` : message };
}

/**
 * A 402 failure: `code` says why, `expire` how long the ban lasts, in seconds (whatsmeow's types/events
 * reads both so; Baileys hands the stanza's attributes over as `data`, Socket/socket.js:798-801).
 */
function temporaryBan(data: Record<string, unknown>, now: number): ConnectionClose {
  const cause = TEMPORARY_BAN_CAUSES[String(data.code ?? '')];
  const expire = Number(data.expire);
  // A count of seconds past 10^9 (31 years) can only be a point in time, in seconds since the epoch.
  const endsAt =
    expire > 0 && Number.isFinite(expire) ? (expire > 1e9 ? expire * 1000 : now + expire * 1000) : null;
  const why = cause
    ? `WhatsApp has banned this phone number for a while (402): ${cause}.`
    : 'WhatsApp has banned this phone number for a while (402).';
  const resumesAt = endsAt === null ? null : new Date(endsAt).toISOString();
  const reason = resumesAt
    ? `${why} The session reconnects by itself when the ban ends, on ${inWords(resumesAt)}.`
    : `${why} Start the session again once the ban has ended.`;
  return { kind: 'temporarily_banned', statusCode: TEMPORARILY_BANNED, reason, resumesAt };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "28 Nov 2026 at 14:05 UTC": the server cannot know the reader's time zone. */
function inWords(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()} at ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

/** "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)" → "getaddrinfo ENOTFOUND web.whatsapp.com". */
function stripWrapper(message: string): string {
  return message.match(/^WebSocket Error \((.*)\)$/)?.[1] ?? message;
}
