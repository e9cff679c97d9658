import { InboxIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';

/** Where a saved chat that could not be opened would be. */
export function SavedChatNotFound() {
  return (
    <EmptyState
      icon={<InboxIcon className="size-7" />}
      title="This chat could not be opened"
      action={
        <Link to="/upload-chat" className={buttonClasses({ size: 'lg' })}>
          Upload a chat
        </Link>
      }
    >
      It may have been deleted, or it belongs to another account. Your saved chats are listed under Previous
      Chats.
    </EmptyState>
  );
}
