import { roleAtLeast, sessionMessages } from '@wadesk/contract';
import { FlaskConicalIcon, RefreshCwIcon, SmartphoneIcon } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { QR_SECONDS } from '@/features/sessions/hooks/use-countdown';
import type { PairingCodeState } from '@/features/sessions/hooks/use-pairing-code';
import { formatPairingCode } from '@/features/sessions/utils/session-health';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { simulateEnterCode } from '@/shared/api/sessions-api';
import { formatPhone } from '@/shared/format/phone';
import { Button } from '@/shared/ui/button';
import { PhoneInput } from '@/shared/ui/phone-input/phone-input';
import { emptyPhone, isValidPhone, type PhoneValue, toE164 } from '@/shared/ui/phone-input/phone-number';
import { toast } from '@/shared/ui/toast';

function SimulateEnterButton({ sessionId, code }: { sessionId: string; code: string }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  // The simulated phone is the linked account's own phone: only the owner holds it (the server says 403).
  if (!user || !roleAtLeast(user.role, 'owner'))
    return (
      <p className="text-xs leading-5 text-violet-800">
        Only the organisation's owner holds the simulated phone.
      </p>
    );
  const enter = async () => {
    setBusy(true);
    try {
      const answer = await simulateEnterCode(sessionId, code);
      (answer.success ? toast.success : toast.error)(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'The simulated phone could not enter the code. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="md"
      className="h-auto min-h-8 max-w-full border-violet-300 py-1.5 text-center whitespace-normal text-violet-800 hover:bg-violet-50"
      icon={<FlaskConicalIcon className="size-4 shrink-0" />}
      busy={busy}
      title="The simulated phone enters this code"
      onClick={enter}
    >
      Simulate code entry (demo mode)
    </Button>
  );
}

interface PairingCodePanelProps {
  sessionId: string;
  pairing: PairingCodeState;
  demo: boolean;
}

/**
 * Step 1 by phone number: the number of the phone to link (checked like an agent's number), then the
 * 8-character code to type on it, with the QR code's countdown and a button for a new code.
 */
export function PairingCodePanel({ sessionId, pairing, demo }: PairingCodePanelProps) {
  const [phone, setPhone] = useState<PhoneValue>(emptyPhone());
  const [checked, setChecked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLElement>(null);
  // A code being renewed stays on screen until the new one arrives.
  const shown = pairing.phase !== 'idle' && pairing.code !== null;
  const error = checked && !isValidPhone(phone) ? sessionMessages.invalidPhone : undefined;

  // The number box takes the focus when the panel opens; the code takes it once it shows.
  useEffect(() => {
    if (shown) codeRef.current?.focus();
    else formRef.current?.querySelector<HTMLInputElement>('input[type="tel"]')?.focus();
  }, [shown]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!isValidPhone(phone) || pairing.phase === 'loading') return;
    void pairing.request(toE164(phone));
  };

  if (!shown || pairing.code === null) {
    return (
      <form ref={formRef} noValidate onSubmit={submit} className="w-full space-y-3 sm:w-80">
        <PhoneInput
          label="Phone number to link"
          name="pairing_phone"
          placeholder="Phone number"
          value={phone}
          onChange={setPhone}
          error={error}
        />
        <p className="text-xs leading-5 text-slate-500">
          The number of the WhatsApp account to link, with its country.
        </p>
        <Button
          type="submit"
          fullWidth
          icon={<SmartphoneIcon className="size-4" />}
          busy={pairing.phase === 'loading'}
        >
          Get pairing code
        </Button>
      </form>
    );
  }

  return (
    <div className="flex w-full flex-col items-center gap-3 sm:w-80">
      <section
        ref={codeRef}
        tabIndex={-1}
        aria-label="Pairing code"
        className="w-full rounded-2xl border border-slate-200 bg-white px-4 py-5 text-center shadow-sm outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
      >
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Your pairing code</p>
        <p
          data-testid="pairing-code"
          aria-live="polite"
          className="mt-2 font-mono text-3xl font-bold tracking-[0.18em] text-slate-900 tabular-nums"
        >
          {formatPairingCode(pairing.code)}
        </p>
        {pairing.phone ? (
          <p className="mt-2 text-sm text-slate-600">
            Enter it on the phone{' '}
            <span className="font-semibold whitespace-nowrap text-slate-900">
              {formatPhone(pairing.phone)}
            </span>
          </p>
        ) : null}
      </section>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear"
          style={{ width: `${(pairing.secondsLeft / QR_SECONDS) * 100}%` }}
        />
      </div>
      <p className="text-sm text-slate-600" aria-live="off">
        Code expires in{' '}
        <span data-testid="pairing-countdown" className="font-semibold text-slate-900 tabular-nums">
          {pairing.secondsLeft}
        </span>{' '}
        s
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          size="md"
          icon={<RefreshCwIcon className="size-4" />}
          busy={pairing.phase !== 'shown'}
          onClick={() => void pairing.regenerate()}
        >
          Get a new code
        </Button>
        <Button variant="ghost" size="md" onClick={pairing.hide}>
          Change number
        </Button>
      </div>
      {demo ? <SimulateEnterButton sessionId={sessionId} code={pairing.code} /> : null}
    </div>
  );
}
