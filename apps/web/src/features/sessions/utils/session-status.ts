import type { SessionStatus } from '@wadesk/contract';

export type StatusTone = 'green' | 'amber' | 'red' | 'slate';

const LABELS: Record<SessionStatus, { label: string; tone: StatusTone }> = {
  starting: { label: 'Starting', tone: 'amber' },
  qr: { label: 'Waiting for scan', tone: 'amber' },
  connected: { label: 'Connected', tone: 'green' },
  reconnecting: { label: 'Reconnecting', tone: 'amber' },
  unreachable: { label: 'Cannot reach WhatsApp', tone: 'red' },
  qr_expired: { label: 'QR code expired', tone: 'slate' },
  logged_out: { label: 'Logged out on the phone', tone: 'red' },
  banned: { label: 'Number banned', tone: 'red' },
  temporarily_banned: { label: 'Temporarily banned', tone: 'red' },
  terminated: { label: 'Terminated', tone: 'slate' },
  version_refused: { label: 'Client version refused', tone: 'red' },
  refused: { label: 'Refused by WhatsApp', tone: 'red' },
  replaced: { label: 'Opened elsewhere', tone: 'slate' },
};

export interface StatusText {
  label: string;
  tone: StatusTone;
  /** The full text with the reason, e.g. "Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com". */
  detail: string;
}

/** The live state of a session in words, with the server's reason when it gave one. */
export function describeStatus(status: SessionStatus, reason: string | null): StatusText {
  const { label, tone } = LABELS[status];
  const why = reason?.trim();
  if (!why) return { label, tone, detail: label };
  // Reasons often already start with the label ("Cannot reach WhatsApp: …"): do not say it twice.
  const detail = why.toLowerCase().startsWith(label.toLowerCase()) ? why : `${label}: ${why}`;
  return { label, tone, detail };
}

/** Statuses after which the session runs no more until it is started again. */
export function isStopped(status: SessionStatus): boolean {
  return (
    status === 'qr_expired' ||
    status === 'logged_out' ||
    status === 'banned' ||
    status === 'temporarily_banned' ||
    status === 'terminated' ||
    status === 'version_refused' ||
    status === 'refused' ||
    status === 'replaced'
  );
}
