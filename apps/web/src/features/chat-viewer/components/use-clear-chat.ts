import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../shared/account/auth-context';
import { useChatActions } from '../../../shared/loaded-chat/state/chat-provider';

/** Clear Chat: forget the chat (state, IndexedDB, object URLs), then /dashboard when signed in, else /. */
export function useClearChat() {
  const { clearChat } = useChatActions();
  const navigate = useNavigate();
  const { isSignedIn: signedIn } = useAuth();
  return useCallback(async () => {
    await clearChat();
    navigate(signedIn ? '/dashboard' : '/', { replace: true });
  }, [clearChat, navigate, signedIn]);
}
