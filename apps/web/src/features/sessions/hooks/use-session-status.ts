import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionStatus } from '@wadesk/contract';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import {
  type LiveStatus,
  sessionKeys,
  sessionStatusQuery,
  useTerminateSession,
} from '@/shared/api/sessions-queries';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';

const SOMETHING_WRONG = 'The session status could not be checked. Try again.';

/**
 * One session's state for the QR modal: a quiet check when it opens, live `session.status` events,
 * and the Check Status / Terminate Session buttons, whose server messages are shown as-is.
 */
export function useSessionStatus(sessionId: string, initial: SessionStatus) {
  const queryClient = useQueryClient();
  // The quiet check: its failure is not shown, the status the modal was opened with stays.
  const query = useQuery({ ...sessionStatusQuery(sessionId), retry: false });
  const termination = useTerminateSession();
  const [busy, setBusy] = useState<'check' | 'terminate' | null>(null);

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

  /** Checks the status again and shows the server's message. */
  const announceCheck = async () => {
    const result = await query.refetch();
    if (result.isError) toast.error(errorMessage(result.error, SOMETHING_WRONG));
    else if (result.data) (result.data.connected ? toast.success : toast.warn)(result.data.message);
  };

  const check = async () => {
    setBusy('check');
    await announceCheck();
    setBusy(null);
  };

  const terminate = async () => {
    setBusy('terminate');
    try {
      const answer = await termination.mutateAsync(sessionId);
      (answer.success ? toast.success : toast.error)(answer.message);
      // After a successful terminate the status is checked again.
      if (answer.success) await announceCheck();
    } catch (error) {
      toast.error(errorMessage(error, SOMETHING_WRONG));
    } finally {
      setBusy(null);
    }
  };

  const { status, reason, phone, connected } = query.data ?? {
    status: initial,
    reason: null,
    phone: null,
    connected: initial === 'connected',
  };
  return { status, reason, phone, connected, busy, check, terminate };
}
