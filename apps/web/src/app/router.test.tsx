import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from './guard/protected-route';
import { SignedInUserRoute } from './guard/signed-in-user-route';
import { AppShell } from './layouts/app-shell';
import { routes } from './router';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

/** The component a route renders: its element's, or the one its lazy module gives. */
async function componentOf(route: RouteObject): Promise<unknown> {
  if (route.element) return (route.element as { type?: unknown }).type;
  if (typeof route.lazy === 'function') return (await route.lazy()).Component;
  return route.Component;
}

/** Which wrappers a path renders inside, by component. */
async function wrappers(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const types = await Promise.all(matches.map((match) => componentOf(match.route)));
  return {
    guarded: types.includes(ProtectedRoute),
    inLayout: types.includes(AppShell),
    checksUser: types.includes(ProtectedRoute) || types.includes(SignedInUserRoute),
    types,
  };
}

describe('route table', () => {
  it.each([
    '/dashboard',
    '/reports',
    '/session-info',
    '/whatsapp-chat',
    '/agents',
    '/members',
    '/upload-chat',
  ])('%s is protected and in the app layout', async (path) => {
    expect(await wrappers(path)).toMatchObject({ guarded: true, inLayout: true, checksUser: true });
  });

  // Without the guard, but a signed-in user is still checked: the layout shows them their role's menu.
  it.each(['/messages', '/analysis'])('%s is in the app layout without the guard', async (path) => {
    expect(await wrappers(path)).toMatchObject({ guarded: false, inLayout: true, checksUser: true });
  });

  it.each(['/', '/login', '/register', '/accept-invitation', '/messages-nologin', '/analysis-nologin'])(
    '%s is public and outside the app layout',
    async (path) => {
      expect(await wrappers(path)).toMatchObject({ guarded: false, inLayout: false });
    },
  );

  it('sends any other path to the 404 page', async () => {
    expect((await wrappers('/no/such/page')).types).toContain(NotFoundRoute);
    expect((await wrappers('/dashboard/extra')).types).toContain(NotFoundRoute);
  });

  it('loads every screen but the landing page on demand, and shows nothing first', async () => {
    const [root] = routes;
    expect(root?.HydrateFallback).toBeDefined();
    const screens = root?.children ?? [];
    expect(screens.find((route) => route.index)?.element).toMatchObject({ type: LandingRoute });
    for (const route of screens.filter((route) => !route.index)) expect(route.lazy).toBeTypeOf('function');
  });
});
