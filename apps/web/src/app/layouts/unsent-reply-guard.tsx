import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useAuth } from '@/shared/account/auth-context';
import { replyDrafts, unsentReplies } from '@/shared/storage/reply-drafts';
import { DiscardReplyDialog } from '@/shared/ui/discard-reply-dialog';

/**
 * Leaving the screen (another page, or closing or reloading the tab) while a reply box holds a reply asks
 * first. In the app a dialog offers to keep it as the ticket's draft or discard it; for the tab the
 * browser asks in its own words, and the draft stays stored either way. Moving between tickets on one
 * screen (only the address's query changes) does not ask: each ticket keeps its own draft.
 */
export function UnsentReplyGuard() {
  const meId = useAuth().user?.id ?? 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && unsentReplies.has(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsentReplies.has()) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <DiscardReplyDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onKeep={() => blocker.proceed?.()}
      onDiscard={() => {
        for (const ticketId of unsentReplies.tickets()) replyDrafts.clear(meId, ticketId);
        blocker.proceed?.();
      }}
    />
  );
}
