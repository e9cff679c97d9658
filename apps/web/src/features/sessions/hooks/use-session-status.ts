import type { SessionStatus } from '@wadesk/contract';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useTerminateSession } from '@/shared/api/sessions-queries';
import { useLiveSessionStatus } from '@/shared/api/use-live-session-status';
import { toast } from '@/shared/ui/toast';

const SOMETHING_WRONG = 'The session status could not be checked. Try again.';

/**
 * One session's state for the QR modal: a quiet check when it opens, live `session.status` events,
 * and the Check Status / Terminate Session buttons, whose server messages are shown as-is.
 */
export function useSessionStatus(sessionId: string, initial: SessionStatus) {
  // The quiet check: its failure is not shown, the status the modal was opened with stays.
  const query = useLiveSessionStatus(sessionId);
  const termination = useTerminateSession();
  const [busy, setBusy] = useState<'check' | 'terminate' | null>(null);

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
