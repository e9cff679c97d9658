import type { SessionStatus } from '@wadesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { fetchSessionStatus, terminateSession } from '../../../shared/api/sessions-api';
import { useEventStream } from '../../../shared/events/use-event-stream';
import { toast } from '../../../shared/ui/toast';

export interface LiveStatus {
  status: SessionStatus;
  reason: string | null;
  phone: string | null;
  /** False until a status check or a status event says the session is connected (spec §4). */
  connected: boolean;
}

const SOMETHING_WRONG = 'Something went wrong!';

/**
 * One session's state for the QR modal: a quiet check when it opens, live `session.status` events,
 * and the Check Status / Terminate Session buttons, whose server messages are shown as-is.
 */
export function useSessionStatus(sessionId: string, initial: SessionStatus) {
  const [live, setLive] = useState<LiveStatus>({
    status: initial,
    reason: null,
    phone: null,
    connected: initial === 'connected',
  });
  const [busy, setBusy] = useState<'check' | 'terminate' | null>(null);

  const load = useCallback(
    async (announce: boolean) => {
      try {
        const answer = await fetchSessionStatus(sessionId);
        setLive({
          status: answer.status,
          reason: answer.reason,
          phone: answer.phone,
          connected: answer.success,
        });
        if (announce) (answer.success ? toast.success : toast.warn)(answer.message);
      } catch (error) {
        if (announce) toast.error(errorMessage(error, SOMETHING_WRONG));
      }
    },
    [sessionId],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  useEventStream((event) => {
    if (event.type === 'ready') void load(false);
    if (event.type !== 'session.status' || event.session_id !== sessionId) return;
    setLive({
      status: event.status,
      reason: event.reason,
      phone: event.phone,
      connected: event.status === 'connected',
    });
  });

  const check = async () => {
    setBusy('check');
    await load(true);
    setBusy(null);
  };

  const terminate = async () => {
    setBusy('terminate');
    try {
      const answer = await terminateSession(sessionId);
      (answer.success ? toast.success : toast.error)(answer.message);
      // After a successful terminate the status is checked again (spec §4).
      if (answer.success) await load(true);
    } catch (error) {
      toast.error(errorMessage(error, SOMETHING_WRONG));
    } finally {
      setBusy(null);
    }
  };

  return { ...live, busy, check, terminate };
}
