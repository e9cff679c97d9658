import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { FlaskIcon, QrIcon, RefreshIcon } from '../../../shared/ui/action-icons';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { simulateScan } from '../api/sessions-api';
import { QR_SECONDS } from '../hooks/use-countdown';
import type { QrPhase } from '../hooks/use-qr-code';
import { SampleQr } from './sample-qr';

interface QrStepScanProps {
  sessionId: string;
  phase: QrPhase;
  imageUrl: string | null;
  secondsLeft: number;
  onGenerate: () => void;
  demo: boolean;
}

function Instructions() {
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
  const [busy, setBusy] = useState(false);
  const scan = async () => {
    setBusy(true);
    try {
      const answer = await simulateScan(sessionId);
      (answer.success ? toast.success : toast.error)(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'The simulated scan failed.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="md"
      className="border-violet-300 text-violet-800 hover:bg-violet-50"
      icon={<FlaskIcon className="size-4" />}
      busy={busy}
      disabled={!ready}
      title={ready ? 'The simulated phone scans this QR code' : 'Generate the QR code first'}
      onClick={scan}
    >
      Simulate scan (demo mode)
    </Button>
  );
}

/** Step 1: how to scan, the blurred sample until a real code is generated, the code with its countdown. */
export function QrStepScan({ sessionId, phase, imageUrl, secondsLeft, onGenerate, demo }: QrStepScanProps) {
  const showing = imageUrl !== null && (phase === 'shown' || phase === 'loading');
  const pending = phase === 'loading' || phase === 'waiting';
  return (
    <div className="grid gap-6 sm:grid-cols-[1fr_auto] sm:items-start">
      <div>
        <h3 className="mb-3 text-base font-semibold text-slate-900">Link a phone with WhatsApp</h3>
        <Instructions />
        {demo ? (
          <p className="mt-4 rounded-lg bg-violet-50 px-3 py-2 text-xs leading-5 text-violet-800">
            Demo mode: there is no real phone. Generate the QR code, then let the simulated phone scan it.
          </p>
        ) : null}
      </div>
      {/* On phones the code comes first: it is what the other phone points at. */}
      <div className="order-first flex flex-col items-center gap-3 sm:order-none">
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
                  <Button icon={<QrIcon className="size-4" />} onClick={onGenerate}>
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
              icon={<RefreshIcon className="size-4" />}
              busy={phase === 'loading'}
              onClick={onGenerate}
            >
              Regenerate QR Code
            </Button>
          </div>
        ) : null}
        {demo ? <SimulateScanButton sessionId={sessionId} ready={phase === 'shown'} /> : null}
      </div>
    </div>
  );
}
