import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerEvent, SessionListItem, SessionListResponse } from '@wadesk/contract';
import { useCallback, useEffect, useRef } from 'react';
import { toActiveSessions } from '@/features/sessions/utils/session-table';
import { sessionKeys, sessionsListQuery } from '@/shared/api/sessions-queries';
import { useEventStream } from '@/shared/events/use-event-stream';
import { activeSessionsStorage } from '@/shared/storage/storage';

/** How long after a burst of status changes the list (with the sessions' health) is fetched again. */
const HEALTH_REFRESH_MS = 1_000;

type StatusEvent = Extract<ServerEvent, { type: 'session.status' }>;

const NO_SESSIONS: SessionListItem[] = [];

function applyStatus(answer: SessionListResponse, event: StatusEvent): SessionListResponse {
  return {
    ...answer,
    session_list: answer.session_list.map((session) =>
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
    ),
  };
}

/**
 * The organisation's sessions (POST /api/getSessionsList/), kept live by `session.status` events;
 * `activeSessions` in local storage is rewritten whenever the list changes.
 */
export function useSessions() {
  const queryClient = useQueryClient();
  const query = useQuery(sessionsListQuery());

  useEffect(() => {
    // A failed list is logged and shows no toast; the screen says it inline.
    if (query.error) console.error('The session list could not be loaded', query.error);
  }, [query.error]);

  useEffect(() => {
    if (query.data) activeSessionsStorage.set(toActiveSessions(query.data.session_list));
  }, [query.data]);

  const invalidate = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
    [queryClient],
  );

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
    if (event.type === 'ready') void invalidate();
    if (event.type !== 'session.status') return;
    const known = queryClient.getQueryData<SessionListResponse>(sessionKeys.list());
    // A session this list has not seen yet (created a moment ago, or in another tab): fetch the list.
    if (!known?.session_list.some((session) => session.sessionId === event.session_id)) {
      void invalidate();
      return;
    }
    queryClient.setQueryData<SessionListResponse>(sessionKeys.list(), (answer) =>
      answer ? applyStatus(answer, event) : answer,
    );
    if (healthTimer.current) clearTimeout(healthTimer.current);
    healthTimer.current = setTimeout(() => void invalidate(), HEALTH_REFRESH_MS);
  });

  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const status = query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
  return {
    status,
    sessions: query.data?.session_list ?? NO_SESSIONS,
    driver: query.data?.driver ?? null,
    refreshing: query.isFetching,
    refresh,
  } as const;
}
