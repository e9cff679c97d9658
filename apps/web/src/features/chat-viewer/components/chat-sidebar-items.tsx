import { InboxIcon } from 'lucide-react';
import { messageBadge } from '@/shared/loaded-chat/chat-count-label';
import { AnalysisNavItem } from '@/shared/loaded-chat/navigation/analysis-nav-item';
import { useChatState } from '@/shared/loaded-chat/state/chat-provider';
import { NavBadge, NavItemLink, NavSection } from '@/shared/ui/nav-item';

/**
 * The desktop sidebar's chat rows, while a chat is loaded: Messages (with the count) and Analysis.
 * It reads the chat without restoring it, so the app's other screens do not start the chat engine.
 */
export function ChatSidebarItems() {
  const chat = useChatState();
  if (chat.total_msgs === 0) return null;
  return (
    <div className="mt-6">
      <NavSection title="Chat">
        <NavItemLink
          to="/messages"
          icon={<InboxIcon />}
          badge={<NavBadge>{messageBadge(chat.counts, chat.total_msgs)}</NavBadge>}
        >
          Messages
        </NavItemLink>
        <AnalysisNavItem />
      </NavSection>
    </div>
  );
}
