import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '@/features/auth/api/auth-api';
import { useAuth } from '@/shared/account/auth-context';
import { useOptionalChat } from '@/shared/loaded-chat/state/chat-provider';
import { toast } from '@/shared/ui/toast';

/** Logout: tell the server (revoking the refresh token), then always forget the session locally. */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const chat = useOptionalChat();
  const auth = useAuth();

  const run = async () => {
    setBusy(true);
    try {
      await logout(auth.refreshToken());
    } catch {
      // The user asked to leave: a failed call must not keep them signed in.
    }
    // Signing out also clears the unsent replies (the next person at this browser must not find them),
    // before the navigation below, which would otherwise ask about them.
    auth.signOut();
    // A chat from the server is the account's: the next person at this browser must not find it.
    if (chat?.source?.kind === 'server') await chat.clearChat();
    setBusy(false);
    // The specification's own text, misspelling included (docs/web-structure.md, One voice).
    toast.success('Logout Successfull');
    navigate('/');
  };

  return { logout: run, busy };
}
