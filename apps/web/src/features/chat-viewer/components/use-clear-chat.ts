import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useChatActions } from '../../../shared/loaded-chat/state/chat-provider';
import { tokenStorage } from '../../../shared/storage/storage';

/** Clear Chat: forget the chat (state, IndexedDB, object URLs), then /dashboard when signed in, else /. */
export function useClearChat() {
  const { clearChat } = useChatActions();
  const navigate = useNavigate();
  return useCallback(async () => {
    const signedIn = tokenStorage.getAccessToken() !== null;
    await clearChat();
    navigate(signedIn ? '/dashboard' : '/', { replace: true });
  }, [clearChat, navigate]);
}
