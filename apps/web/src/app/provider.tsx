import type { ReactNode } from 'react';
import { ChatProvider } from '../features/chat-import/state/chat-provider';
import { PublicConfigProvider } from '../shared/config/public-config';
import { ToastHost } from '../shared/ui/toast';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PublicConfigProvider>
      <ChatProvider>{children}</ChatProvider>
      <ToastHost />
    </PublicConfigProvider>
  );
}
