import type { ConnectionClose } from './driver';

// Baileys' DisconnectReason values, copied so this file stays free of the (ESM, heavy) library import.
const LOGGED_OUT = 401;
const FORBIDDEN = 403;
const METHOD_NOT_ALLOWED = 405;
const TIMED_OUT = 408;
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

interface BoomLike {
  message?: unknown;
  output?: { statusCode?: unknown };
  data?: unknown;
}

/**
 * Turns the error of a Baileys `connection: 'close'` update into what the runner acts on (decision 0015 §2):
 * network failures → unreachable (retry with backoff), 401 → logged out, 515 → restart at once,
 * "QR refs attempts ended" → nobody scanned, 440 → replaced by another client, 405 → this client version
 * is refused, 403 / 411 → this account or device is refused, anything else → retry.
 */
export function classifyClose(error: unknown): ConnectionClose {
  const boom = (error ?? {}) as BoomLike;
  const statusCode = typeof boom.output?.statusCode === 'number' ? boom.output.statusCode : null;
  const message = typeof boom.message === 'string' ? boom.message : 'Connection closed';
  const code = (boom.data as { code?: unknown } | null | undefined)?.code;

  if (statusCode === LOGGED_OUT) {
    return { kind: 'logged_out', statusCode, reason: 'The device was logged out from the phone.' };
  }
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
  if (statusCode === FORBIDDEN) {
    return {
      kind: 'refused',
      statusCode,
      reason: 'WhatsApp refused this account (403): the number may be banned. Check the phone.',
    };
  }
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

/** "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)" → "getaddrinfo ENOTFOUND web.whatsapp.com". */
function stripWrapper(message: string): string {
  return message.match(/^WebSocket Error \((.*)\)$/)?.[1] ?? message;
}
