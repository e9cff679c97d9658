import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '@/shared/account/auth-context';
import { createQueryClient } from '@/shared/query/query-client';

/** The app's query client with retries off, so a test's failed answer shows at once. */
export function createTestQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

/** What every screen and hook test renders inside: a fresh query cache and the auth context. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createTestQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
