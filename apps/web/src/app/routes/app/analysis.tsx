import { useSearchParams } from 'react-router';
import { LazyAnalysisScreen } from '@/features/analytics/lazy-analysis-screen';
import { SavedChatNotFound } from '@/features/saved-chats/components/saved-chat-not-found';
import { useSavedChatFromUrl } from '@/features/saved-chats/hooks/use-saved-chat-from-url';
import { Spinner } from '@/shared/ui/spinner';

/** The loaded chat's statistics and charts (the saved chat of ?chatId=, as on /messages). */
export function AnalysisRoute() {
  const [params] = useSearchParams();
  const opening = useSavedChatFromUrl(params.get('chatId'));
  if (opening === 'loading') {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="size-8" label="Opening the saved chat" />
      </div>
    );
  }
  if (opening === 'failed') return <SavedChatNotFound />;
  return <LazyAnalysisScreen messagesPath="/messages" />;
}
