import type { SessionListItem } from '@wadesk/contract';
import type { ActiveSession } from '@/shared/storage/storage';

export type SortDirection = 'asc' | 'desc';

export interface SessionFilter {
  active: boolean;
  inactive: boolean;
}

export const ALL_SESSIONS: SessionFilter = { active: true, inactive: true };

const createdAt = (session: SessionListItem) => Date.parse(session.created_at) || 0;

/** By creation time, oldest first (`asc`) or newest first (`desc`); ties keep their order. */
export function sortSessions(
  sessions: readonly SessionListItem[],
  direction: SortDirection,
): SessionListItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...sessions].sort((a, b) => sign * (createdAt(a) - createdAt(b)));
}

/** The Active / Inactive checkboxes: a session shows when the box of its kind is ticked. */
export function filterSessions(
  sessions: readonly SessionListItem[],
  filter: SessionFilter,
): SessionListItem[] {
  return sessions.filter((session) => (session.isActive ? filter.active : filter.inactive));
}

/** The `activeSessions` local-storage list: the active ones, in list order. */
export function toActiveSessions(sessions: readonly SessionListItem[]): ActiveSession[] {
  return sessions
    .filter((session) => session.isActive)
    .map((session) => ({
      id: session.sessionId,
      session_name: session.session_name,
      sessionId: session.sessionId,
    }));
}

/** Session names carry no whitespace at all; it is stripped as the user types. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '');
}

/** The server says the active-session limit is reached ("Active session limit reached (1). …"). */
export function isSessionLimitMessage(message: string): boolean {
  return /limit\s+(is\s+)?reached/i.test(message);
}
