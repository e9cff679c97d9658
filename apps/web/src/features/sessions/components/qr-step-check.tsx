import type { SessionStatus } from '@wadesk/contract';
import { CircleCheckIcon, CircleXIcon, PowerIcon, RefreshCwIcon } from 'lucide-react';
import { formatPhone } from '@/shared/format/phone';
import { Button } from '@/shared/ui/button';
import { SessionStatusBadge } from './session-status-badge';

interface QrStepCheckProps {
  connected: boolean;
  status: SessionStatus;
  reason: string | null;
  phone: string | null;
  busy: 'check' | 'terminate' | null;
  onCheck: () => void;
  onTerminate: () => void;
}

/** Step 2: Connected or Not-Connected (also updated live), Check Status and Terminate Session. */
export function QrStepCheck({
  connected,
  status,
  reason,
  phone,
  busy,
  onCheck,
  onTerminate,
}: QrStepCheckProps) {
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      <div
        className={`flex size-16 items-center justify-center rounded-full ${
          connected ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-500'
        }`}
      >
        {connected ? <CircleCheckIcon className="size-9" /> : <CircleXIcon className="size-9" />}
      </div>
      <div>
        <p
          data-testid="connection-state"
          className={`text-2xl font-bold ${connected ? 'text-brand-800' : 'text-slate-700'}`}
        >
          {connected ? 'Connected' : 'Not-Connected'}
        </p>
        {connected && phone ? (
          <p className="mt-1 text-sm text-slate-600">Linked to {formatPhone(phone)}</p>
        ) : null}
      </div>
      {connected ? null : <SessionStatusBadge status={status} reason={reason} showReason />}
      <p className="max-w-sm text-sm text-slate-600">
        {connected
          ? 'Your phone is linked. Continue to sync its chats and groups.'
          : 'This updates by itself when your phone links; you can also check now.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          icon={<RefreshCwIcon className="size-4" />}
          busy={busy === 'check'}
          disabled={busy !== null}
          onClick={onCheck}
        >
          Check Status
        </Button>
        <Button
          variant="danger"
          icon={<PowerIcon className="size-4" />}
          busy={busy === 'terminate'}
          disabled={busy !== null}
          onClick={onTerminate}
        >
          Terminate Session
        </Button>
      </div>
    </div>
  );
}
