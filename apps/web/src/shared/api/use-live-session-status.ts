import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LiveStatus, sessionKeys, sessionStatusQuery } from '@/shared/api/sessions-queries';
import { useEventStream } from '@/shared/events/use-event-stream';

/**
 * One session's status as it is now: a quiet check (its failure is not retried), then its `session.status`
 * events, and checked again when the event stream reconnects. The QR modal and the group composer share it.
 */
export function useLiveSessionStatus(sessionId: string) {
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
  return query;
}
