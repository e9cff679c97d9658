import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionStatus, StartSessionRequest } from '@wadesk/contract';
import { fetchSessionStatus, fetchSessions, startSession, terminateSession } from './sessions-api';

/** The sessions feature's query keys; every parameter of a request is part of its key. */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
  status: (sessionId: string) => [...sessionKeys.all, 'status', sessionId] as const,
};

export const sessionsListQuery = () =>
  queryOptions({ queryKey: sessionKeys.list(), queryFn: ({ signal }) => fetchSessions(signal) });

/** One session's live state, from a status check or (between checks) a `session.status` event. */
export interface LiveStatus {
  status: SessionStatus;
  reason: string | null;
  phone: string | null;
  /** False until a status check or a status event says the session is connected. */
  connected: boolean;
  /** The last status check's message; '' after an event. */
  message: string;
}

export const sessionStatusQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.status(sessionId),
    queryFn: async (): Promise<LiveStatus> => {
      const answer = await fetchSessionStatus(sessionId);
      return {
        status: answer.status,
        reason: answer.reason,
        phone: answer.phone,
        connected: answer.success,
        message: answer.message,
      };
    },
  });

/** Creates (or reconnects) a session; the list is fetched again whatever the answer. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSessionRequest) => startSession(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}

/** Terminates a session; the list is fetched again whatever the answer. */
export function useTerminateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => terminateSession(sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}
