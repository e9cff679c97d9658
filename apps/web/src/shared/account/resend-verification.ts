import { successMessage } from '@wadesk/contract';
import { useState } from 'react';
import { apiRequest } from '@/shared/api/api-client';
import { errorMessage } from '@/shared/api/api-error';

/** Asks for a new verification mail; the answer is the same whether or not one is sent. */
export const resendVerification = () =>
  apiRequest('/users/resend-verification/', { method: 'POST', schema: successMessage });

/** The label of every button that asks for the mail again; the server's refusals name it. */
export const RESEND_LABEL = 'Resend verification mail';

export type ResendState = { status: 'idle' | 'sending' } | { status: 'sent' | 'failed'; message: string };

/**
 * The "Resend verification mail" action: the notice on every signed-in screen and the places that need a
 * verified address (inviting, roles, linking) use it, each with its own answer shown beside it.
 */
export function useResendVerification() {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const resend = () => {
    setState({ status: 'sending' });
    resendVerification().then(
      (answer) => setState({ status: 'sent', message: answer.message }),
      (error: unknown) =>
        setState({
          status: 'failed',
          message: errorMessage(error, 'A new link could not be sent. Try again.'),
        }),
    );
  };
  return { state, resend };
}
