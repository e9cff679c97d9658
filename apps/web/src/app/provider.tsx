import type { ReactNode } from 'react';
import { PublicConfigProvider } from '../shared/config/public-config';
import { ChatProvider } from '../shared/loaded-chat/state/chat-provider';
import { ToastHost } from '../shared/ui/toast';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PublicConfigProvider>
      <ChatProvider>{children}</ChatProvider>
      <ToastHost />
    </PublicConfigProvider>
  );
}
