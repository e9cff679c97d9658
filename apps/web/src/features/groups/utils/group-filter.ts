import type { SessionGroup } from '@wadesk/contract';
import { truncate } from '@/shared/format/format';

/** Group names show up to 25 characters, then "...". */
export const GROUP_NAME_MAX = 25;

export function groupLabel(name: string): string {
  return truncate(name, GROUP_NAME_MAX);
}

/** "All" in the session dropdown. */
export const ALL_GROUP_SESSIONS = '';

/** The Enter Group Name box (case-insensitive substring) and the session dropdown. */
export function filterGroups(
  groups: readonly SessionGroup[],
  query: string,
  sessionId: string,
): SessionGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  return groups.filter(
    (group) =>
      (sessionId === ALL_GROUP_SESSIONS || group.session_id === sessionId) &&
      (needle === '' || group.name.toLocaleLowerCase().includes(needle)),
  );
}

/** Identifies a group across sessions: the same WhatsApp group can be in two linked phones. */
export function groupKey(group: Pick<SessionGroup, 'session_id' | 'group_id'>): string {
  return `${group.session_id}|${group.group_id}`;
}
