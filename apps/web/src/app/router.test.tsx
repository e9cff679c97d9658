import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from './guard/protected-route';
import { AppLayout } from './layouts/app-layout';
import { routes } from './router';
import { NotFoundRoute } from './routes/not-found';

/** Which wrappers a path renders inside, by component. */
function wrappers(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const types = matches.map((match) => (match.route.element as { type?: unknown } | undefined)?.type);
  return { guarded: types.includes(ProtectedRoute), inLayout: types.includes(AppLayout), types };
}

describe('route table', () => {
  it.each(['/dashboard', '/session-info', '/whatsapp-chat', '/agents', '/members', '/upload-chat'])(
    '%s is protected and in the app layout',
    (path) => {
      expect(wrappers(path)).toMatchObject({ guarded: true, inLayout: true });
    },
  );

  it.each(['/messages', '/analysis'])('%s is in the app layout without the guard', (path) => {
    expect(wrappers(path)).toMatchObject({ guarded: false, inLayout: true });
  });

  it.each(['/', '/login', '/register', '/accept-invitation', '/messages-nologin', '/analysis-nologin'])(
    '%s is public and outside the app layout',
    (path) => {
      expect(wrappers(path)).toMatchObject({ guarded: false, inLayout: false });
    },
  );

  it('sends any other path to the 404 page', () => {
    expect(wrappers('/no/such/page').types).toContain(NotFoundRoute);
    expect(wrappers('/dashboard/extra').types).toContain(NotFoundRoute);
  });
});
