import { render } from '@testing-library/react';
import type { AuthUser, MemberRole } from '@wadesk/contract';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { ToastHost } from '@/shared/ui/toast';
import { AppProviders } from './query-wrapper';

/** A signed-in user of the given role (verified unless told otherwise), as the guard's session check gives it. */
export const userWithRole = (role: MemberRole, extra: Partial<AuthUser> = {}): AuthUser => ({
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role,
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
  ...extra,
});

/**
 * Renders route objects in a memory router (plus the toast host, query cache and auth) and returns the router.
 * `user`: the signed-in user the screens see (what the route guard provides in the app); none by default.
 */
export function renderRoutes(routes: RouteObject[], initialEntry: string, options: { user?: AuthUser } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <AppProviders>
      <AuthUserProvider user={options.user ?? null}>
        <RouterProvider router={router} />
      </AuthUserProvider>
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
