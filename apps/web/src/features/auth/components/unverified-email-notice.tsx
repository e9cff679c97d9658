import { useState } from 'react';
import { resendVerification } from '@/features/auth/api/auth-api';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';

type State = { status: 'idle' | 'sending' } | { status: 'sent' | 'failed'; message: string };

/**
 * Shown on every signed-in screen while the user's address is unverified, with a Resend action for when
 * the registration mail was lost or its link expired.
 */
export function UnverifiedEmailNotice() {
  const { user } = useAuth();
  const [state, setState] = useState<State>({ status: 'idle' });
  if (!user || user.email_verified) return null;

  const resend = () => {
    setState({ status: 'sending' });
    resendVerification().then(
      (answer) => setState({ status: 'sent', message: answer.message }),
      (error: unknown) =>
        setState({ status: 'failed', message: errorMessage(error, 'Something Went Wrong!') }),
    );
  };

  return (
    <section
      aria-label="Email address not verified"
      className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="flex-1">
        Your email address <strong>{user.email}</strong> is not verified yet. Open the link we emailed you.
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
          {state.status === 'sending' ? 'Sending…' : 'Resend'}
        </button>
      )}
    </section>
  );
}
