import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/auth-api';
import { closeEventStream } from '../../shared/events/use-event-stream';
import { useOptionalChat } from '../../shared/loaded-chat/state/chat-provider';
import { activeSessionsStorage, sessionIdStorage, tokenStorage } from '../../shared/storage/storage';
import { toast } from '../../shared/ui/toast';

/** Logout: tell the server (revoking the refresh token), then always forget the session locally. */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const chat = useOptionalChat();

  const run = async () => {
    setBusy(true);
    try {
      await logout(tokenStorage.getRefreshToken());
    } catch {
      // The user asked to leave: a failed call must not keep them signed in.
    }
    tokenStorage.clear();
    closeEventStream();
    sessionIdStorage.clear();
    activeSessionsStorage.clear();
    // A chat from the server is the account's: the next person at this browser must not find it.
    if (chat?.source?.kind === 'server') await chat.clearChat();
    setBusy(false);
    toast.success('Logout Successful');
    navigate('/');
  };

  return { logout: run, busy };
}
