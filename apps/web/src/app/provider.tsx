import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ChatProvider } from '../features/chat-import/state/chat-provider';
import { AuthProvider } from '../shared/auth/auth-context';
import { PublicConfigProvider } from '../shared/config/public-config';
import { createQueryClient } from '../shared/query/query-client';
import { ToastHost } from '../shared/ui/toast';

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
