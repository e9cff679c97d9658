import type { ServerEvent, SessionListItem, WhatsappDriverName } from '@wadesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSessions } from '../../../shared/api/sessions-api';
import { useEventStream } from '../../../shared/events/use-event-stream';
import { activeSessionsStorage } from '../../../shared/storage/storage';
import { toActiveSessions } from '../utils/session-table';

export interface SessionsState {
  status: 'loading' | 'ready' | 'error';
  sessions: SessionListItem[];
  driver: WhatsappDriverName | null;
}

/** How long after a burst of status changes the list (with the sessions' health) is fetched again. */
const HEALTH_REFRESH_MS = 1_000;

type StatusEvent = Extract<ServerEvent, { type: 'session.status' }>;

function applyStatus(sessions: SessionListItem[], event: StatusEvent): SessionListItem[] {
  return sessions.map((session) =>
    session.sessionId === event.session_id
      ? {
          ...session,
          status: event.status,
          reason: event.reason,
          phone: event.phone ?? session.phone,
          isActive: event.isActive,
          updated_at: new Date().toISOString(),
        }
      : session,
  );
}

/**
 * The organisation's sessions (POST /api/getSessionsList/), kept live by `session.status` events;
 * `activeSessions` in local storage is rewritten whenever the list changes (spec §3).
 */
export function useSessions() {
  const [state, setState] = useState<SessionsState>({ status: 'loading', sessions: [], driver: null });
  const [refreshing, setRefreshing] = useState(false);
  const latest = useRef(0);
  const known = useRef<SessionListItem[]>([]);
  known.current = state.sessions;

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    setRefreshing(true);
    try {
      const answer = await fetchSessions();
      if (call !== latest.current) return;
      setState({ status: 'ready', sessions: answer.session_list, driver: answer.driver });
    } catch (error) {
      // The specification logs a failed list and shows no toast; the screen says it inline.
      console.error('The session list could not be loaded', error);
      if (call === latest.current) setState((previous) => ({ ...previous, status: 'error' }));
    } finally {
      if (call === latest.current) setRefreshing(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (state.status === 'ready') activeSessionsStorage.set(toActiveSessions(state.sessions));
  }, [state]);

  // A change of status also adds to the session's health: the list is fetched again shortly after (once
  // for a burst of changes).
  const healthTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (healthTimer.current) clearTimeout(healthTimer.current);
    },
    [],
  );

  useEventStream((event) => {
    if (event.type === 'ready') void refresh();
    if (event.type !== 'session.status') return;
    // A session this list has not seen yet (created a moment ago, or in another tab): fetch the list.
    if (!known.current.some((session) => session.sessionId === event.session_id)) {
      void refresh();
      return;
    }
    setState((previous) => ({ ...previous, sessions: applyStatus(previous.sessions, event) }));
    if (healthTimer.current) clearTimeout(healthTimer.current);
    healthTimer.current = setTimeout(() => void refresh(), HEALTH_REFRESH_MS);
  });

  return { ...state, refreshing, refresh };
}
