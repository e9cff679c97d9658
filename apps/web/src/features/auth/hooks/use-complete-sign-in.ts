import type { TokenPair } from '@wadesk/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { tokenStorage } from '../../../shared/storage/storage';
import { toast } from '../../../shared/ui/toast';

/** After any successful sign-in: keep both tokens, confirm, and go to the dashboard. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (tokens: TokenPair, message: string) => {
      tokenStorage.setTokens(tokens);
      toast.success(message);
      navigate('/dashboard', { replace: true });
    },
    [navigate],
  );
}
