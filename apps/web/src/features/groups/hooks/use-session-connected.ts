import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LiveStatus, sessionKeys, sessionStatusQuery } from '@/shared/api/sessions-queries';
import { useEventStream } from '@/shared/events/use-event-stream';

/**
 * Whether the group's session is connected now: a quiet status check, then `session.status` events.
 * Null until known (the composer stays usable meanwhile: the server says so if it is not).
 */
export function useSessionConnected(sessionId: string): boolean | null {
  const queryClient = useQueryClient();
  const query = useQuery({ ...sessionStatusQuery(sessionId), retry: false });
  useEventStream((event) => {
    if (event.type === 'ready')
      void queryClient.invalidateQueries({ queryKey: sessionKeys.status(sessionId) });
    if (event.type !== 'session.status' || event.session_id !== sessionId) return;
    queryClient.setQueryData<LiveStatus>(sessionKeys.status(sessionId), {
      status: event.status,
      reason: event.reason,
      phone: event.phone,
      connected: event.status === 'connected',
      message: '',
    });
  });
  return query.data ? query.data.connected : null;
}
