import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { renderRoutes } from '@/testing/render-routes';
import { NotFoundRoute } from './not-found';

describe('NotFoundRoute', () => {
  it('shows the 404 texts and moves to /login after 3 seconds', () => {
    vi.useFakeTimers();
    const { router } = renderRoutes(
      [
        { path: '/login', element: <p>login page</p> },
        { path: '*', element: <NotFoundRoute /> },
      ],
      '/no/such/page?tab=2',
    );
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('/no/such/page?tab=2').closest('p')?.textContent).toBe(
      'Nothing at /no/such/page?tab=2',
    );
    expect(screen.getByText("Something's missing.")).toBeTruthy();
    expect(screen.getByText(/can't find that page/)).toBeTruthy();
    expect(screen.getByText('Redirecting to Login Page')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Homepage/ }).getAttribute('href')).toBe('/');

    act(() => vi.advanceTimersByTime(2999));
    expect(router.state.location.pathname).toBe('/no/such/page');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('login page')).toBeTruthy();
    // Pushed, not replaced: Back returns to the address that was not found.
    expect(router.state.historyAction).toBe('PUSH');
    act(() => void router.navigate(-1));
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(screen.getByText("Something's missing.")).toBeTruthy();
  });

  it('tells a signed-in user it leads to the dashboard, and goes there', () => {
    vi.useFakeTimers();
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const { router } = renderRoutes(
      [
        { path: '/dashboard', element: <p>dashboard page</p> },
        { path: '*', element: <NotFoundRoute /> },
      ],
      '/no/such/page',
    );
    expect(screen.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText('Redirecting to your dashboard')).toBeTruthy();
    expect(screen.queryByText('Redirecting to Login Page')).toBeNull();
    act(() => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(document.title).toBe('Page not found · wadesk');
  });
});
