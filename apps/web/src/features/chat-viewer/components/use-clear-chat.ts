import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/shared/account/auth-context';
import { useChatActions } from '@/shared/loaded-chat/state/chat-provider';

/**
 * Clear Chat: /dashboard when signed in, else /; then forget the chat (state, IndexedDB, object URLs).
 * Leaving first: the next screen may load lazily, and until it shows, a saved chat's screen (its
 * ?chatId= still in the address) would load the chat it no longer sees back into the browser.
 */
export function useClearChat() {
  const { clearChat } = useChatActions();
  const navigate = useNavigate();
  const { isSignedIn: signedIn } = useAuth();
  return useCallback(async () => {
    await navigate(signedIn ? '/dashboard' : '/', { replace: true });
    await clearChat();
  }, [clearChat, navigate, signedIn]);
}
