import type { SessionEventKind, SessionStatus } from '@wadesk/contract';
import { versionText } from '../../whatsapp/client-version';
import type { RunnerState } from '../../whatsapp/session-runner';
import type { NewSessionEvent } from './sessions.repository';

/** One entry of a session's health: a change of its status worth telling the user about. */
export type HealthEvent = NewSessionEvent;

/** The events that say which WhatsApp Web version the connection announced. */
const WITH_VERSION: ReadonlySet<SessionEventKind> = new Set(['linked', 'connected', 'version_refused']);

/**
 * What a change of status means for the session's health, given what was seen before: null for steps of
 * linking (starting, a QR or pairing code shown, the restart right after the phone linked). Opening and a
 * refused version carry the version announced, and where it came from.
 */
export function healthEvent(
  seen: { status: SessionStatus | null; linking: boolean },
  state: Pick<RunnerState, 'status' | 'reason'> & Partial<Pick<RunnerState, 'client'>>,
): HealthEvent | null {
  const event = kindOf(seen, state);
  const announced = state.client?.version;
  if (!event || !announced || !WITH_VERSION.has(event.kind)) return event;
  const fetchedAt = announced.fetchedAt ? new Date(announced.fetchedAt) : null;
  return {
    ...event,
    version: { version: versionText(announced.version), source: announced.source, fetchedAt },
  };
}

function kindOf(
  seen: { status: SessionStatus | null; linking: boolean },
  state: Pick<RunnerState, 'status' | 'reason'>,
): HealthEvent | null {
  const reason = state.reason;
  switch (state.status) {
    case 'starting':
    case 'qr':
      return null;
    case 'connected':
      return { kind: seen.linking ? 'linked' : 'connected', reason: null };
    case 'reconnecting':
      if (seen.status === 'connected') return { kind: 'disconnected', reason };
      // The restart WhatsApp asks for right after the phone linked the device is part of linking.
      return seen.linking && !reason ? null : { kind: 'reconnecting', reason };
    case 'unreachable':
      return { kind: seen.status === 'connected' ? 'disconnected' : 'unreachable', reason };
    default:
      return { kind: state.status, reason };
  }
}

/** The newest events of each session returned with the list. */
export const HEALTH_EVENTS_SHOWN = 10;

/**
 * Since when a connected session has had no live message, once that is at least `quietAfterMs` ago; else
 * null. A session that never received one counts from when it (re)connected.
 */
export function quietSince(
  session: { status: SessionStatus; isActive: boolean; lastMessageAt: Date | null },
  connectedAt: Date | null,
  quietAfterMs: number,
  now: number,
): Date | null {
  if (!session.isActive || session.status !== 'connected') return null;
  const since = session.lastMessageAt ?? connectedAt;
  return since && now - since.getTime() >= quietAfterMs ? since : null;
}
