import { useSearchParams } from 'react-router';
import { ChatViewer } from '@/features/chat-viewer/components/chat-viewer';
import { VisitorBanner } from '@/features/chat-viewer/components/visitor-banner';
import { SaveChatButton } from '@/features/saved-chats/components/save-chat-button';
import { SavedChatHeading } from '@/features/saved-chats/components/saved-chat-heading';
import { SavedChatNotFound } from '@/features/saved-chats/components/saved-chat-not-found';
import { parseChatId, useSavedChatFromUrl } from '@/features/saved-chats/hooks/use-saved-chat-from-url';
import { useAuth } from '@/shared/account/auth-context';
import { Spinner } from '@/shared/ui/spinner';

/** The loaded chat, or the saved chat of ?chatId=. */
export function MessagesRoute() {
  const signedIn = useAuth().isSignedIn;
  const [params] = useSearchParams();
  const chatId = params.get('chatId');
  const opening = useSavedChatFromUrl(chatId);
  const savedId = opening === 'ready' ? parseChatId(chatId) : null;

  return (
    <>
      <h1 className="sr-only">Messages</h1>
      {signedIn ? null : <VisitorBanner />}
      {opening === 'loading' ? (
        <div className="flex justify-center py-24 text-brand-600">
          <Spinner className="size-8" label="Opening the saved chat" />
        </div>
      ) : opening === 'failed' ? (
        <SavedChatNotFound />
      ) : (
        <>
          {savedId !== null ? <SavedChatHeading chatId={savedId} /> : null}
          {/* Below the mobile header (3.5rem), at the top on larger screens. */}
          <ChatViewer
            stickyClass="top-14 md:top-0"
            toolbarActions={signedIn && chatId === null ? <SaveChatButton /> : null}
          />
        </>
      )}
    </>
  );
}
