import { ChatDrawerItems } from '@/features/chat-viewer/components/chat-drawer-items';
import { ChatSidebarItems } from '@/features/chat-viewer/components/chat-sidebar-items';
import {
  PreviousChatsDropdown,
  PreviousChatsSection,
} from '@/features/saved-chats/components/previous-chats';
import { AppLayout } from './app-layout';

/**
 * One layout for the protected screens and /messages: Previous Chats in the sidebar and the drawer.
 * Its own module so the router can load it with the first screen that needs it.
 */
export function AppShell() {
  return (
    <AppLayout
      drawerItems={<ChatDrawerItems previousChats={<PreviousChatsDropdown />} />}
      sidebarItems={
        <>
          <ChatSidebarItems />
          <PreviousChatsSection />
        </>
      }
    />
  );
}
