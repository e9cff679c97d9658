import { InboxIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { messageBadge } from '@/shared/loaded-chat/chat-count-label';
import { AnalysisNavItem } from '@/shared/loaded-chat/navigation/analysis-nav-item';
import { useChat } from '@/shared/loaded-chat/state/chat-provider';
import { useAppDrawer } from '@/shared/ui/drawer-context';
import { NavBadge, NavItemButton, NavItemLink, NavSection } from '@/shared/ui/nav-item';
import { AuthorSelect } from './author-select';
import { ClearChatDialog } from './clear-chat-dialog';
import { useClearChat } from './use-clear-chat';

/**
 * The mobile drawer's chat rows: Messages (with the count), Analysis, Clear Chat, `previousChats` (the saved
 * chats' dropdown, for signed-in users) and the Filter Chat author picker.
 */
export function ChatDrawerItems({ previousChats }: { previousChats?: ReactNode }) {
  const chat = useChat();
  const { setOpen } = useAppDrawer();
  const clear = useClearChat();
  const close = () => setOpen(false);
  // The confirmation opens over the drawer; the drawer closes once the chat is cleared.
  const [confirming, setConfirming] = useState(false);
  const loaded = chat.total_msgs > 0;

  return (
    <NavSection title="Chat">
      <NavItemLink
        to="/messages"
        icon={<InboxIcon />}
        onClick={close}
        badge={loaded ? <NavBadge>{messageBadge(chat.counts, chat.total_msgs)}</NavBadge> : undefined}
      >
        Messages
      </NavItemLink>
      {loaded ? <AnalysisNavItem onClick={close} /> : null}
      {loaded ? (
        <NavItemButton icon={<Trash2Icon />} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
          Clear Chat
        </NavItemButton>
      ) : null}
      <ClearChatDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          close();
          await clear();
        }}
      />
      {previousChats}
      {loaded ? (
        <div className="px-3 py-2">
          <AuthorSelect
            authors={chat.unique_authors}
            value={chat.sender}
            onChange={chat.setSender}
            label="Filter Chat"
            className="justify-between"
          />
        </div>
      ) : null}
    </NavSection>
  );
}
