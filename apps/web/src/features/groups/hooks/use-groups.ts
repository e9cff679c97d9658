import type { SessionGroup, SessionListItem, WhatsappDriverName } from '@wadesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSessions } from '../../../shared/api/sessions-api';
import { useEventStream } from '../../../shared/events/use-event-stream';
import { toast } from '../../../shared/ui/toast';
import { fetchGroups } from '../api/groups-api';

export interface GroupsState {
  status: 'loading' | 'ready' | 'error';
  groups: SessionGroup[];
  /** The organisation's active sessions, for the session dropdown and the empty state. */
  activeSessions: SessionListItem[];
  driver: WhatsappDriverName | null;
}

export const GROUPS_ERROR = 'Error while fetching groups';

/** POST /api/getGroups/ plus the sessions; refetched when groups or sessions change on the stream. */
export function useGroups() {
  const [state, setState] = useState<GroupsState>({
    status: 'loading',
    groups: [],
    activeSessions: [],
    driver: null,
  });
  const latest = useRef(0);

  const refresh = useCallback(async (quiet = false) => {
    const call = ++latest.current;
    try {
      const [groups, sessions] = await Promise.all([fetchGroups(), fetchSessions()]);
      if (call !== latest.current) return;
      setState({
        status: groups.success ? 'ready' : 'error',
        groups: groups.groups,
        activeSessions: sessions.session_list.filter((session) => session.isActive),
        driver: sessions.driver,
      });
    } catch {
      if (call !== latest.current) return;
      if (!quiet) toast.error(GROUPS_ERROR);
      setState((previous) => ({ ...previous, status: previous.groups.length > 0 ? 'ready' : 'error' }));
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEventStream((event) => {
    if (event.type === 'ready' || event.type === 'groups.updated') void refresh(true);
    // A session that connects or stops changes which groups (and sessions) there are.
    if (event.type === 'session.status' && (event.status === 'connected' || !event.isActive))
      void refresh(true);
  });

  return { ...state, refresh };
}
