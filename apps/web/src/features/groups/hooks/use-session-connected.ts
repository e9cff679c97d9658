import { useLiveSessionStatus } from '@/shared/api/use-live-session-status';

/**
 * Whether the group's session is connected now: a quiet status check, then `session.status` events.
 * Null until known (the composer stays usable meanwhile: the server says so if it is not).
 */
export function useSessionConnected(sessionId: string): boolean | null {
  const query = useLiveSessionStatus(sessionId);
  return query.data ? query.data.connected : null;
}
