import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { tokenStorage } from '../../../shared/storage/storage';
import { useChatActions } from '../../chat-import/state/chat-provider';

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
