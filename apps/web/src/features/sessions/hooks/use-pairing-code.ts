import type { SessionStatus } from '@wadesk/contract';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { isStopped } from '@/features/sessions/utils/session-status';
import { isSessionLimitMessage } from '@/features/sessions/utils/session-table';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { requestPairingCode, startSession } from '@/shared/api/sessions-api';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';
import { useCountdown } from './use-countdown';

export const PAIRING_MESSAGES = {
  failed: 'The pairing code could not be generated. Try again.',
  limit: 'Active session limit exhausted',
} as const;

export type PairingPhase = 'idle' | 'loading' | 'shown';

interface PairingSession {
  sessionId: string;
  session_name: string;
  description: string;
}

/**
 * Linking by phone number instead of a QR code: asks the server for the 8-character code to type on the
 * phone with that number, and shows it with the QR code's 100 s countdown. A `session.qr` event means a
 * new code: asked for again with the same number (the server answers the current one without starting
 * over), without restarting the countdown; Regenerate does restart it. Hidden once the session connects
 * or stops, like the QR code.
 */
export function usePairingCode(session: PairingSession, status: SessionStatus) {
  const [phase, setPhase] = useState<PairingPhase>('idle');
  const [code, setCode] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [runKey, setRunKey] = useState<number | null>(null);
  const statusRef = useRef(status);
  useLayoutEffect(() => {
    statusRef.current = status;
  });
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const phoneRef = useRef(phone);
  phoneRef.current = phone;

  const hide = useCallback(() => {
    setCode(null);
    setRunKey(null);
    setPhase('idle');
  }, []);

  /** Asks for the code for `e164`; `fresh` restarts the countdown (a new request, not a rotation). */
  const request = async (e164: string, fresh = true) => {
    setPhase(fresh ? 'loading' : phaseRef.current);
    try {
      // A terminated session must be started again first; the server restarts any other stopped one.
      if (fresh && statusRef.current === 'terminated')
        await startSession({ session_name: session.session_name, description: session.description });
      const answer = await requestPairingCode(session.sessionId, e164);
      setPhone(answer.phone);
      setCode(answer.code);
      if (fresh || phaseRef.current !== 'shown') setRunKey((key) => (key ?? 0) + 1);
      setPhase('shown');
    } catch (error) {
      if (!fresh) return;
      const message = errorMessage(error, PAIRING_MESSAGES.failed);
      toast.error(isApiError(error) && isSessionLimitMessage(message) ? PAIRING_MESSAGES.limit : message);
      hide();
    }
  };

  useEventStream((event) => {
    if (phaseRef.current !== 'shown' || !phoneRef.current) return;
    if (event.type === 'session.qr' && event.session_id === session.sessionId)
      void request(phoneRef.current, false);
    if (
      event.type === 'session.status' &&
      event.session_id === session.sessionId &&
      (event.status === 'connected' || isStopped(event.status))
    )
      hide();
  });

  const secondsLeft = useCountdown(runKey, hide);

  return {
    phase,
    code,
    /** The number the code links (E.164), once one was asked for. */
    phone,
    secondsLeft,
    request: (e164: string) => request(e164),
    regenerate: () => (phoneRef.current ? request(phoneRef.current) : Promise.resolve()),
    hide,
  };
}

export type PairingCodeState = ReturnType<typeof usePairingCode>;
