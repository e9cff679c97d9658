import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastHost } from '@/shared/ui/toast';
import { AppProviders } from './query-wrapper';

/** Renders route objects in a memory router (plus the toast host, query cache and auth) and returns the router. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
      <ToastHost />
    </AppProviders>,
  );
  return { router, ...view };
}

export const jsonResponse = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch with a handler keyed by path; returns the mock to inspect calls. */
export function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const sentBody = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body ?? 'null'));
