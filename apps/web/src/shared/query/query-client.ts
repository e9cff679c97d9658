import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/api/api-error';

/** How many times a failed query is tried again before its screen shows the failure. */
const MAX_RETRIES = 2;

/**
 * A query is tried again only when the server was not reached (status 0) or failed itself (5xx): a 4xx
 * answer, or one that did not match the contract, will not change by asking again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status >= 500;
}

/**
 * The app's one QueryClient. Screens refetch on server events and their own polls, as they did before
 * TanStack Query, so window focus and reconnects do not add requests of their own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
