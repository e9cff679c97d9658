import type { SessionStatus } from '@wadesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePairingCode } from '@/features/sessions/hooks/use-pairing-code';
import { useQrCode } from '@/features/sessions/hooks/use-qr-code';
import { useSessionStatus } from '@/features/sessions/hooks/use-session-status';
import { setCurrentSessionId } from '@/features/sessions/state/current-session';
import { useDemoMode } from '@/shared/config/use-demo-mode';
import { DemoModeBadge } from '@/shared/ui/demo-badge';
import { Dialog } from '@/shared/ui/dialog';
import { QrStepCheck } from './qr-step-check';
import { type LinkMode, QrStepScan } from './qr-step-scan';
import { QrStepSync } from './qr-step-sync';
import { QrStepper } from './qr-stepper';
import { SessionStatusBadge } from './session-status-badge';
import { TerminateSessionDialog } from './terminate-session-dialog';

export interface QrModalSession {
  sessionId: string;
  session_name: string;
  description: string;
  status: SessionStatus;
}

function QrSteps({ session, onClose }: { session: QrModalSession; onClose: () => void }) {
  const navigate = useNavigate();
  const demo = useDemoMode();
  const live = useSessionStatus(session.sessionId, session.status);
  const qr = useQrCode(session, live.status);
  const pairing = usePairingCode(session, live.status);
  const [mode, setMode] = useState<LinkMode>('qr');
  const [step, setStep] = useState(session.status === 'connected' ? 1 : 0);
  const [confirmingTerminate, setConfirmingTerminate] = useState(false);
  const terminate = async () => {
    await live.terminate();
    setConfirmingTerminate(false);
  };

  // One way of linking at a time: the other one's code is put away (and stops following new codes).
  const changeMode = (next: LinkMode) => {
    if (next === 'phone') qr.hide();
    else pairing.hide();
    setMode(next);
  };

  // A scan seen on the event stream moves on to Check Session by itself.
  const wasConnected = useRef(live.connected);
  useEffect(() => {
    if (live.connected && !wasConnected.current) setStep((current) => (current === 0 ? 1 : current));
    wasConnected.current = live.connected;
  }, [live.connected]);

  const syncNow = () => {
    setCurrentSessionId(session.sessionId);
    onClose();
    navigate('/whatsapp-chat');
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>
          Session <strong className="break-all text-slate-900">{session.session_name}</strong>
        </span>
        <SessionStatusBadge status={live.status} reason={live.reason} />
        {demo ? <DemoModeBadge /> : null}
      </div>
      <QrStepper step={step} onStep={setStep} done={(index) => index === 0 && live.connected} />
      <div className="min-h-64">
        {step === 0 ? (
          <QrStepScan
            sessionId={session.sessionId}
            phase={qr.phase}
            imageUrl={qr.imageUrl}
            secondsLeft={qr.secondsLeft}
            onGenerate={qr.generate}
            demo={demo}
            mode={mode}
            onModeChange={changeMode}
            pairing={pairing}
          />
        ) : step === 1 ? (
          <QrStepCheck
            connected={live.connected}
            status={live.status}
            reason={live.reason}
            phone={live.phone}
            busy={live.busy}
            onCheck={live.check}
            onTerminate={() => setConfirmingTerminate(true)}
          />
        ) : (
          <QrStepSync connected={live.connected} onSync={syncNow} />
        )}
      </div>
      <div className="mt-6 flex justify-between border-t border-slate-100 pt-4">
        <button
          type="button"
          disabled={step === 0}
          onClick={() => setStep(step - 1)}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 disabled:invisible"
        >
          Back
        </button>
        {step < 2 ? (
          <button
            type="button"
            onClick={() => setStep(step + 1)}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Next
          </button>
        ) : null}
      </div>
      <TerminateSessionDialog
        sessionName={confirmingTerminate ? session.session_name : null}
        busy={live.busy === 'terminate'}
        onCancel={() => setConfirmingTerminate(false)}
        onConfirm={() => void terminate()}
      />
    </>
  );
}

/** Linking a session: 1 Scan QR, 2 Check Session, 3 Sync Chats & Groups. */
export function QrModal({ session, onClose }: { session: QrModalSession | null; onClose: () => void }) {
  return (
    <Dialog open={session !== null} onClose={onClose} title="Link WhatsApp" size="max-w-2xl">
      {session ? <QrSteps key={session.sessionId} session={session} onClose={onClose} /> : null}
    </Dialog>
  );
}
