import type { SessionStatus } from '@wadesk/contract';
import type { ConnectionClose } from './driver';
import type { RunnerTiming } from './session-runner';

/** Where a run stands when its connection closes. */
export interface RunCounts {
  /** Failed or dropped connections in a row. */
  failures: number;
  /** 515s since the last open connection. */
  restarts: number;
  /** The session has creds of a linked device (it linked before, or during this run). */
  linked: boolean;
  /** A refused version may still be answered by asking for the current one (not asked yet since it opened). */
  versionCheckLeft: boolean;
}

/** What the runner does after a close (session-runner.ts `closed`). */
export type CloseStep =
  /** Reconnect with the new creds: at once after the first 515, with backoff after more. */
  | { step: 'restart'; restarts: number }
  /**
   * Stop for good with this status; `reason` null means "linking expired" (QR or pairing code).
   * `resumesAt`: a temporary ban's end, after which the session may be taken up again (session-leases).
   */
  | {
      step: 'stop';
      status: SessionStatus;
      reason: string | null;
      failures: number;
      resumesAt?: string | null;
    }
  /** WhatsApp refused the client version: ask for the current one, and reconnect with it if it is newer. */
  | { step: 'check_version'; reason: string }
  /** Try again after a backoff, showing `status` meanwhile. */
  | { step: 'retry'; status: 'reconnecting' | 'unreachable'; reason: string; failures: number };

/**
 * The state machine's answer to a closed connection: which closes are final, which retry, and when a
 * session counts as unreachable (docs/architecture.md, "which stops are final").
 */
export function afterClose(close: ConnectionClose, counts: RunCounts, timing: RunnerTiming): CloseStep {
  const { failures, restarts, linked, versionCheckLeft } = counts;
  // 515 right after a scan: the server wants a fresh connection with the new creds, at once. More 515s
  // without an open connection in between back off.
  if (close.kind === 'restart' && restarts < timing.restartLimit)
    return { step: 'restart', restarts: restarts + 1 };
  // The creds are useless now; whoever keeps them (the gateway) forgets them with the status.
  if (close.kind === 'logged_out' || close.kind === 'banned')
    return { step: 'stop', status: close.kind, reason: close.reason, failures };
  // Logging in again during a temporary ban only meets it again: stop until it ends.
  if (close.kind === 'temporarily_banned') {
    const resumesAt = close.resumesAt ?? null;
    return { step: 'stop', status: 'temporarily_banned', reason: close.reason, failures, resumesAt };
  }
  if (close.kind === 'qr_expired') return { step: 'stop', status: 'qr_expired', reason: null, failures };
  // Reconnecting would take the session back from the other client, which would take it back again.
  if (close.kind === 'replaced') return { step: 'stop', status: 'replaced', reason: close.reason, failures };
  // The same version would be refused again: a newer one published since may help (asked once), otherwise
  // only an update or WHATSAPP_VERSION does.
  if (close.kind === 'version_refused' && versionCheckLeft)
    return { step: 'check_version', reason: close.reason };
  if (close.kind === 'version_refused')
    return { step: 'stop', status: 'version_refused', reason: close.reason, failures };
  if (close.kind === 'refused') return { step: 'stop', status: 'refused', reason: close.reason, failures };

  const endlessRestarts = close.kind === 'restart';
  const failed = endlessRestarts ? Math.max(failures + 1, timing.unreachableAfter) : failures + 1;
  const reason = endlessRestarts
    ? `WhatsApp asked to restart the connection ${restarts + 1} times in a row without opening it.`
    : close.reason;
  const givingUp = failed >= timing.unreachableAfter;
  // A session that never linked stops trying: the user asks for a new QR code when WhatsApp is back.
  if (givingUp && !linked) return { step: 'stop', status: 'unreachable', reason, failures: failed };
  return { step: 'retry', status: givingUp ? 'unreachable' : 'reconnecting', reason, failures: failed };
}
