import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from './breadcrumb';

const renderAt = (pathname: string) =>
  render(
    <MemoryRouter>
      <Breadcrumb pathname={pathname} />
    </MemoryRouter>,
  );

describe('Breadcrumb', () => {
  it('shows Home and the current path in capitals', () => {
    renderAt('/dashboard');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home / DASHBOARD');
  });

  it('keeps hyphens and shows nested paths segment by segment', () => {
    const { unmount } = renderAt('/session-info');
    expect(screen.getByRole('navigation').textContent).toBe('Home / SESSION-INFO');
    unmount();
    renderAt('/a/b/');
    expect(screen.getByRole('navigation').textContent).toBe('Home / A / B');
  });

  it('links Home to /', () => {
    renderAt('/agents');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});
