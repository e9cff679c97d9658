import { roleAtLeast } from '@wadesk/contract';
import { FlaskConicalIcon, QrCodeIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { QR_SECONDS } from '@/features/sessions/hooks/use-countdown';
import type { PairingCodeState } from '@/features/sessions/hooks/use-pairing-code';
import type { QrPhase } from '@/features/sessions/hooks/use-qr-code';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { simulateScan } from '@/shared/api/sessions-api';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { PairingCodePanel } from './pairing-code-panel';
import { SampleQr } from './sample-qr';

/** How step 1 links the phone: by scanning a QR code, or by typing a pairing code on it. */
export type LinkMode = 'qr' | 'phone';

interface QrStepScanProps {
  sessionId: string;
  phase: QrPhase;
  imageUrl: string | null;
  secondsLeft: number;
  onGenerate: () => void;
  demo: boolean;
  mode: LinkMode;
  onModeChange: (mode: LinkMode) => void;
  pairing: PairingCodeState;
}

function Instructions({ mode }: { mode: LinkMode }) {
  if (mode === 'phone') {
    return (
      <ol className="list-decimal space-y-2.5 pl-5 text-sm leading-6 text-slate-700 marker:font-semibold marker:text-brand-700">
        <li>Open WhatsApp on your phone.</li>
        <li>
          Tap <strong>Menu</strong> on Android, or <strong>Settings</strong> on iPhone.
        </li>
        <li>
          Tap <strong>Linked devices</strong> and then <strong>Link a device</strong>.
        </li>
        <li>
          Tap <strong>Link with phone number instead</strong> and enter the code shown here.
        </li>
      </ol>
    );
  }
  return (
    <ol className="list-decimal space-y-2.5 pl-5 text-sm leading-6 text-slate-700 marker:font-semibold marker:text-brand-700">
      <li>Open WhatsApp on your phone.</li>
      <li>
        Tap <strong>Menu</strong> on Android, or <strong>Settings</strong> on iPhone.
      </li>
      <li>
        Tap <strong>Linked devices</strong> and then <strong>Link a device</strong>.
      </li>
      <li>Point your phone at this screen to capture the QR code.</li>
    </ol>
  );
}

function SimulateScanButton({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  // The simulated phone is the linked account's own phone: only the owner holds it (the server says 403).
  if (!user || !roleAtLeast(user.role, 'owner'))
    return (
      <p className="text-xs leading-5 text-violet-800">
        Only the organisation's owner holds the simulated phone.
      </p>
    );
  const scan = async () => {
    setBusy(true);
    try {
      const answer = await simulateScan(sessionId);
      (answer.success ? toast.success : toast.error)(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'The simulated scan failed. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="md"
      className="border-violet-300 text-violet-800 hover:bg-violet-50"
      icon={<FlaskConicalIcon className="size-4" />}
      busy={busy}
      disabled={!ready}
      title={ready ? 'The simulated phone scans this QR code' : 'Generate the QR code first'}
      onClick={scan}
    >
      Simulate scan (demo mode)
    </Button>
  );
}

function ModeSwitch({ mode, onModeChange }: { mode: LinkMode; onModeChange: (mode: LinkMode) => void }) {
  return (
    <button
      type="button"
      onClick={() => onModeChange(mode === 'qr' ? 'phone' : 'qr')}
      className="rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {mode === 'qr' ? 'Link with phone number instead' : 'Link with QR code instead'}
    </button>
  );
}

/**
 * Step 1: how to link, then either the QR code (the blurred sample until a real code is generated, the
 * code with its countdown) or, by phone number, the number to link and the pairing code to type on it.
 */
export function QrStepScan({
  sessionId,
  phase,
  imageUrl,
  secondsLeft,
  onGenerate,
  demo,
  mode,
  onModeChange,
  pairing,
}: QrStepScanProps) {
  return (
    <div className="grid gap-6 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0">
        <h3 className="mb-3 text-base font-semibold text-slate-900">Link a phone with WhatsApp</h3>
        <Instructions mode={mode} />
        {demo ? (
          <p className="mt-4 rounded-lg bg-violet-50 px-3 py-2 text-xs leading-5 text-violet-800">
            {mode === 'qr'
              ? 'Demo mode: there is no real phone. Generate the QR code, then let the simulated phone scan it.'
              : 'Demo mode: there is no real phone. Ask for a pairing code, then let the simulated phone enter it.'}
          </p>
        ) : null}
      </div>
      {/* On phones the code comes first: it is what the other phone needs. */}
      <div className="order-first flex min-w-0 flex-col items-center gap-3 sm:order-none">
        {mode === 'qr' ? (
          <QrPanel
            sessionId={sessionId}
            phase={phase}
            imageUrl={imageUrl}
            secondsLeft={secondsLeft}
            onGenerate={onGenerate}
            demo={demo}
          />
        ) : (
          <PairingCodePanel sessionId={sessionId} pairing={pairing} demo={demo} />
        )}
        <ModeSwitch mode={mode} onModeChange={onModeChange} />
      </div>
    </div>
  );
}

function QrPanel({
  sessionId,
  phase,
  imageUrl,
  secondsLeft,
  onGenerate,
  demo,
}: Omit<QrStepScanProps, 'mode' | 'onModeChange' | 'pairing'>) {
  const showing = imageUrl !== null && (phase === 'shown' || phase === 'loading');
  const pending = phase === 'loading' || phase === 'waiting';
  return (
    <>
      <div className="relative size-60 overflow-hidden rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
        {showing ? (
          <img src={imageUrl} alt="QR code to link WhatsApp" className="size-full object-contain" />
        ) : (
          <>
            <SampleQr className="size-full text-slate-800 opacity-70 blur-[3px]" />
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/40">
              {pending ? (
                <>
                  <Spinner className="size-8 text-brand-700" label="Generating the QR code" />
                  <span className="rounded bg-white/90 px-2 text-xs font-medium text-slate-700">
                    {phase === 'waiting' ? 'Waiting for WhatsApp…' : 'Generating…'}
                  </span>
                </>
              ) : (
                <Button icon={<QrCodeIcon className="size-4" />} onClick={onGenerate}>
                  Generate QR Code
                </Button>
              )}
            </div>
          </>
        )}
      </div>
      {showing ? (
        <div className="flex w-60 flex-col items-center gap-2">
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear"
              style={{ width: `${(secondsLeft / QR_SECONDS) * 100}%` }}
            />
          </div>
          <p className="text-sm text-slate-600" aria-live="off">
            QR code expires in{' '}
            <span data-testid="qr-countdown" className="font-semibold text-slate-900 tabular-nums">
              {secondsLeft}
            </span>{' '}
            s
          </p>
          <Button
            variant="secondary"
            size="md"
            icon={<RefreshCwIcon className="size-4" />}
            busy={phase === 'loading'}
            onClick={onGenerate}
          >
            Regenerate QR Code
          </Button>
        </div>
      ) : null}
      {demo ? <SimulateScanButton sessionId={sessionId} ready={phase === 'shown'} /> : null}
    </>
  );
}
