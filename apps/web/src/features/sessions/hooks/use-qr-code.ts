import { type SessionStatus, sessionMessages } from '@wadesk/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { describeStatus, isStopped } from '@/features/sessions/utils/session-status';
import { isSessionLimitMessage } from '@/features/sessions/utils/session-table';
import { isApiError, refusalMessage } from '@/shared/api/api-error';
import { fetchQrCode, startSession } from '@/shared/api/sessions-api';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';
import { useCountdown } from './use-countdown';

export const QR_MESSAGES = { generated: 'qr generated', notGenerated: 'qr not generated' } as const;

/** The reason in the server's "no QR code" answer, or null when it only said there is none yet. */
export function failureReason(message: string | null): string | null {
  if (!message) return null;
  const reason = message.startsWith(sessionMessages.noQrCode)
    ? message.slice(sessionMessages.noQrCode.length).trim()
    : message.trim();
  return reason || null;
}

/** How long to wait for WhatsApp's first QR code after asking for one. */
export const QR_WAIT_MS = 30_000;

export type QrPhase = 'idle' | 'loading' | 'waiting' | 'shown';

interface QrSession {
  sessionId: string;
  session_name: string;
  description: string;
}

/**
 * The Scan QR step: "Generate QR Code" fetches the current QR code (a PNG). While it shows, a 100 s
 * countdown runs; at 0 it is hidden. WhatsApp rotates the code every few seconds: each `session.qr`
 * event replaces the image at once. The server waits briefly for a code and restarts an expired
 * linking attempt itself; a terminated session is started again first. If there is still no code,
 * the next `session.qr` event brings it.
 */
export function useQrCode(session: QrSession, status: SessionStatus) {
  const [phase, setPhase] = useState<QrPhase>('idle');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [runKey, setRunKey] = useState<number | null>(null);
  const statusRef = useRef(status);
  useLayoutEffect(() => {
    statusRef.current = status;
  });
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const show = useCallback((blob: Blob | null) => {
    setImageUrl((previous) => {
      if (previous) URL.revokeObjectURL(previous);
      return blob ? URL.createObjectURL(blob) : null;
    });
  }, []);

  const hide = useCallback(() => {
    show(null);
    setRunKey(null);
    setPhase('idle');
  }, [show]);

  // Shows the current code. Without one, says why when the server knew (e.g. WhatsApp unreachable).
  const fetchAndShow = useCallback(
    async (announce: boolean): Promise<{ shown: true } | { shown: false; reason: string | null }> => {
      try {
        show(await fetchQrCode(session.sessionId));
        if (phaseRef.current !== 'shown') setRunKey((key) => (key ?? 0) + 1);
        setPhase('shown');
        if (announce) toast.success(QR_MESSAGES.generated);
        return { shown: true };
      } catch (error) {
        if (!isApiError(error) || (error.status !== 404 && error.status !== 409)) throw error;
        return { shown: false, reason: error.fromServer ? failureReason(error.message) : null };
      }
    },
    [session.sessionId, show],
  );

  const notGenerated = useCallback(
    (reason: string | null) => {
      toast.error(reason ? `${QR_MESSAGES.notGenerated}: ${reason}` : QR_MESSAGES.notGenerated);
      hide();
    },
    [hide],
  );

  const generate = async () => {
    setPhase('loading');
    try {
      // A terminated session must be started again first; the server restarts any other stopped one.
      if (statusRef.current === 'terminated') {
        await startSession({ session_name: session.session_name, description: session.description });
      }
      const fetched = await fetchAndShow(true);
      if (fetched.shown) return;
      if (statusRef.current === 'connected') throw new Error('already connected');
      // WhatsApp cannot be reached (or refused): say why at once instead of waiting for a code.
      if (fetched.reason) return notGenerated(fetched.reason);
      // No code yet: WhatsApp sends one within seconds, announced by a `session.qr` event.
      setPhase('waiting');
    } catch (error) {
      const limit = isApiError(error) && isSessionLimitMessage(error.message);
      // A refusal says why in its own words (a role, an address not verified yet: decision 0016; a limit).
      toast.error(limit ? 'Active session limit exhausted' : refusalMessage(error, QR_MESSAGES.notGenerated));
      hide();
    }
  };

  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setTimeout(() => notGenerated(null), QR_WAIT_MS);
    return () => clearTimeout(timer);
  }, [phase, notGenerated]);

  useEventStream((event) => {
    const current = phaseRef.current;
    if (current !== 'shown' && current !== 'waiting') return;
    if (event.type === 'session.qr' && event.session_id === session.sessionId) {
      void fetchAndShow(current === 'waiting').catch(() => {});
    }
    // A linked (or stopped) session has no QR code to show any more.
    if (event.type === 'session.status' && event.session_id === session.sessionId && event.status !== 'qr') {
      if (current === 'waiting' && event.status === 'unreachable')
        notGenerated(describeStatus(event.status, event.reason).detail);
      if (event.status === 'connected' || isStopped(event.status)) hide();
    }
  });

  const secondsLeft = useCountdown(runKey, hide);

  // The object URL is freed with the component.
  const urlRef = useRef(imageUrl);
  urlRef.current = imageUrl;
  useEffect(() => () => void (urlRef.current && URL.revokeObjectURL(urlRef.current)), []);

  return { phase, imageUrl, secondsLeft, generate, hide };
}
