import type { TokenPair } from '@wadesk/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/shared/account/auth-context';
import { toast } from '@/shared/ui/toast';

/** After any successful sign-in: keep both tokens, confirm, and go to the dashboard. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  return useCallback(
    (tokens: TokenPair, message: string) => {
      signIn(tokens);
      toast.success(message);
      navigate('/dashboard', { replace: true });
    },
    [navigate, signIn],
  );
}
