import { type VerifiedOnlyAction, verifyFirst } from '@wadesk/contract';
import { MailWarningIcon } from 'lucide-react';
import { useAuth } from '@/shared/account/auth-context';
import { RESEND_LABEL, useResendVerification } from '@/shared/account/resend-verification';
import { Button } from '@/shared/ui/button';

/**
 * Whether the signed-in user may do something that needs a verified address (inviting, changing roles,
 * linking WhatsApp accounts): until then the screens show `VerifyFirst` instead of a form the server
 * would refuse (docs/decisions/0016-members-and-roles.md).
 */
export function useAddressVerified(): boolean {
  const { user } = useAuth();
  return user?.email_verified ?? true;
}

interface VerifyFirstProps {
  action: VerifiedOnlyAction;
  /** Shown as a second button when the panel stands in a dialog. */
  onClose?: () => void;
}

/**
 * In place of a form an unverified account may not use: why, in the server's own words, and the
 * "Resend verification mail" action with its answer.
 */
export function VerifyFirst({ action, onClose }: VerifyFirstProps) {
  const { user } = useAuth();
  const { state, resend } = useResendVerification();
  return (
    <div className="space-y-4">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <MailWarningIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-semibold text-slate-900">Your email address is not verified yet</p>
          <p className="text-slate-600">{verifyFirst(action)}</p>
          {user ? (
            <p className="text-slate-600">
              We sent the link to
              <strong className="block break-all text-slate-800">{user.email}</strong>
            </p>
          ) : null}
        </div>
      </div>
      {state.status === 'sent' || state.status === 'failed' ? (
        <p
          role={state.status === 'failed' ? 'alert' : 'status'}
          className={`rounded-lg px-3 py-2 text-sm ring-1 ring-inset ${
            state.status === 'failed'
              ? 'bg-red-50 text-red-700 ring-red-200'
              : 'bg-brand-50 text-brand-900 ring-brand-200'
          }`}
        >
          {state.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {onClose ? (
          <Button variant="ghost" onClick={onClose}>
            {state.status === 'sent' ? 'Done' : 'Not now'}
          </Button>
        ) : null}
        {state.status === 'sent' ? null : (
          <Button data-autofocus busy={state.status === 'sending'} onClick={resend}>
            {RESEND_LABEL}
          </Button>
        )}
      </div>
    </div>
  );
}
