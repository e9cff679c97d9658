import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '@/shared/account/auth-context';
import { PublicConfigProvider } from '@/shared/config/public-config';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastHost } from '@/shared/ui/toast';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <PublicConfigProvider>
          <ChatProvider>{children}</ChatProvider>
          <ToastHost />
        </PublicConfigProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
