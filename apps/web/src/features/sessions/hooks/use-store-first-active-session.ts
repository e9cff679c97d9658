import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCurrentSessionId } from '@/features/sessions/state/current-session';
import { toActiveSessions } from '@/features/sessions/utils/session-table';
import { sessionsListQuery } from '@/shared/api/sessions-queries';
import { activeSessionsStorage } from '@/shared/storage/storage';

/**
 * On dashboard load: the first active session's id becomes the current session id, in
 * shared state and in local storage. With no active session the stored one is left alone.
 */
export function useStoreFirstActiveSession(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let current = true;
    queryClient.fetchQuery(sessionsListQuery()).then(
      (answer) => {
        if (!current) return;
        const active = toActiveSessions(answer.session_list);
        activeSessionsStorage.set(active);
        const first = active[0];
        if (first) setCurrentSessionId(first.sessionId);
      },
      (error: unknown) => {
        // Logged only: loading the dashboard never toasts a failed session list.
        if (current) console.error('The session list could not be loaded', error);
      },
    );
    return () => {
      current = false;
    };
  }, [queryClient]);
}
