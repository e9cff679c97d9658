import type { ClientVersionInUse, SessionEventKind } from '@wadesk/contract';
import { formatDateTime } from '@/shared/format/format';
import type { StatusTone } from './session-status';

const EVENTS: Record<SessionEventKind, { label: string; tone: StatusTone }> = {
  linked: { label: 'Linked to the phone', tone: 'green' },
  connected: { label: 'Connected', tone: 'green' },
  disconnected: { label: 'Disconnected', tone: 'amber' },
  reconnecting: { label: 'Reconnecting', tone: 'amber' },
  unreachable: { label: 'Cannot reach WhatsApp', tone: 'red' },
  logged_out: { label: 'Logged out on the phone', tone: 'red' },
  banned: { label: 'Number banned', tone: 'red' },
  temporarily_banned: { label: 'Temporarily banned', tone: 'red' },
  version_refused: { label: 'Client version refused', tone: 'red' },
  refused: { label: 'Refused by WhatsApp', tone: 'red' },
  replaced: { label: 'Opened elsewhere', tone: 'slate' },
  qr_expired: { label: 'Linking code expired', tone: 'slate' },
  terminated: { label: 'Terminated', tone: 'slate' },
};

/** A health event in words, and its colour. */
export const describeEvent = (kind: SessionEventKind) => EVENTS[kind];

/**
 * The event's reason without what its label already says ("Cannot reach WhatsApp: x" under "Cannot reach
 * WhatsApp" is just "x").
 */
export function eventReason(kind: SessionEventKind, reason: string | null): string | null {
  const why = reason?.trim();
  if (!why) return null;
  const label = EVENTS[kind].label;
  return why.toLowerCase().startsWith(label.toLowerCase())
    ? why.slice(label.length).replace(/^[\s:–-]+/, '') || null
    : why;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 d ago": how long ago `at` was, shortly. */
export function timeAgo(at: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(at));
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  return `${Math.floor(elapsed / DAY)} d ago`;
}

/** "No messages for 7 h" (or "for 3 d") for a session quiet since `since`. */
export function quietText(since: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(since));
  return elapsed >= 2 * DAY
    ? `No messages for ${Math.floor(elapsed / DAY)} d`
    : `No messages for ${Math.max(1, Math.floor(elapsed / HOUR))} h`;
}

/** A pairing code as people read it: "ABCD-EFGH". */
export const formatPairingCode = (code: string) =>
  code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

/**
 * The WhatsApp Web version a connection announced, and where it came from: "WhatsApp Web 2.3000.1045340097,
 * fetched from WhatsApp on 28 Nov 2026, 14:05".
 */
export function versionText(version: ClientVersionInUse): string {
  const from =
    version.source === 'configured'
      ? 'set by WHATSAPP_VERSION'
      : version.source === 'built_in'
        ? "built into wadesk's WhatsApp library"
        : version.fetched_at
          ? `fetched from WhatsApp on ${formatDateTime(version.fetched_at)}`
          : 'fetched from WhatsApp';
  return `WhatsApp Web ${version.number}, ${from}`;
}

/** "Reconnects by itself on 28 Nov 2026, 15:05 (in 3 h)": the end of a temporary ban, in local time. */
export function resumesText(at: string, now: number): string {
  const left = Math.max(0, Date.parse(at) - now);
  const within =
    left < MINUTE
      ? 'in a moment'
      : left < HOUR
        ? `in ${Math.ceil(left / MINUTE)} min`
        : left < DAY
          ? `in ${Math.round(left / HOUR)} h`
          : `in ${Math.round(left / DAY)} d`;
  return `Reconnects by itself on ${formatDateTime(at)} (${within})`;
}
