import { useEffect, useRef, useState } from 'react';
import { verifyEmail } from '@/features/auth/api/auth-api';
import { errorMessage } from '@/shared/api/api-error';
import { Spinner } from '@/shared/ui/spinner';

type State = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

/** Confirms the address of an emailed link once, and says how it went. */
export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<State>({ status: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    // The token works once: React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    verifyEmail(token).then(
      (answer) => setState({ status: 'done', message: answer.message }),
      (error: unknown) =>
        setState({ status: 'failed', message: errorMessage(error, 'Something Went Wrong!') }),
    );
  }, [token]);

  if (state.status === 'checking')
    return (
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner /> Checking your link…
      </p>
    );
  return (
    <p
      role={state.status === 'failed' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${
        state.status === 'done'
          ? 'border-brand-200 bg-brand-50 text-brand-900'
          : 'border-red-200 bg-red-50 text-red-800'
      }`}
    >
      {state.message}
    </p>
  );
}
