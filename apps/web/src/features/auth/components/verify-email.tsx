import { authMessages } from '@wadesk/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { lookupVerification, verifyEmail } from '@/features/auth/api/auth-api';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';

type State =
  | { status: 'checking' }
  /** `email` null: the server could not be asked; the question is asked without the address. */
  | { status: 'asking'; email: string | null; busy: boolean }
  | { status: 'done'; message: string }
  | { status: 'expired' | 'invalid' | 'failed'; message: string };

/** A refused link: expired (a new one can be asked for) or unknown and used. */
function refusal(error: unknown): State | null {
  if (!isApiError(error) || error.status !== 400) return null;
  return error.message === authMessages.linkExpired
    ? { status: 'expired', message: authMessages.linkExpired }
    : { status: 'invalid', message: errorMessage(error, authMessages.linkInvalid) };
}

/**
 * An emailed verification link. Opening it verifies nothing: someone may have registered the reader's
 * address, and mail scanners load links (running their scripts). The page says which address the link is
 * for and asks; only the button verifies.
 */
export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<State>({ status: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    lookupVerification(token, controller.signal).then(
      (link) =>
        setState(
          link.verified
            ? { status: 'done', message: authMessages.emailVerified }
            : { status: 'asking', email: link.email, busy: false },
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(refusal(error) ?? { status: 'asking', email: null, busy: false });
      },
    );
    return () => controller.abort();
  }, [token]);

  const confirm = (email: string | null) => {
    setState({ status: 'asking', email, busy: true });
    verifyEmail(token).then(
      (answer) => setState({ status: 'done', message: answer.message }),
      (error: unknown) =>
        setState(
          refusal(error) ?? {
            status: 'failed',
            message: errorMessage(error, 'Your email address could not be verified. Open the link again.'),
          },
        ),
    );
  };

  if (state.status === 'checking')
    return (
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner /> Checking your link…
      </p>
    );
  if (state.status === 'asking')
    return (
      <div className="space-y-4 text-sm text-slate-700">
        <h2 className="text-base font-semibold text-slate-900">Confirm that you created this account</h2>
        {state.email ? (
          <p>
            A wadesk account was created with the address{' '}
            <strong className="break-all text-slate-900">{state.email}</strong>.
          </p>
        ) : null}
        <p>
          If you did not create a wadesk account, close this page: nothing is verified unless you confirm.
        </p>
        <Button type="button" fullWidth busy={state.busy} onClick={() => confirm(state.email)}>
          Yes, I created this account
        </Button>
      </div>
    );
  if (state.status === 'done')
    return (
      <p
        role="status"
        className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
      >
        {state.message}
      </p>
    );
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {state.message}
      </p>
      {state.status === 'expired' ? (
        <Link to="/login" className="text-sm font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      ) : null}
    </div>
  );
}
