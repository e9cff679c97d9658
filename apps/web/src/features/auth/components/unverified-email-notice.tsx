import { useAuth } from '@/shared/account/auth-context';
import { RESEND_LABEL, useResendVerification } from '@/shared/account/resend-verification';

/**
 * Shown on every signed-in screen while the user's address is unverified, with what waits for it
 * (docs/decisions/0016-members-and-roles.md) and a resend action for when the registration mail was lost
 * or its link expired.
 */
export function UnverifiedEmailNotice() {
  const { user } = useAuth();
  const { state, resend } = useResendVerification();
  if (!user || user.email_verified) return null;

  return (
    <section
      aria-label="Email address not verified"
      className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="flex-1">
        Your email address <strong>{user.email}</strong> is not verified yet. Open the link we emailed you:
        until then you cannot invite members, change roles or link WhatsApp accounts.
      </p>
      {state.status === 'sent' || state.status === 'failed' ? (
        <p role={state.status === 'failed' ? 'alert' : 'status'}>{state.message}</p>
      ) : (
        <button
          type="button"
          onClick={resend}
          disabled={state.status === 'sending'}
          className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-medium hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          {state.status === 'sending' ? 'Sending…' : RESEND_LABEL}
        </button>
      )}
    </section>
  );
}
