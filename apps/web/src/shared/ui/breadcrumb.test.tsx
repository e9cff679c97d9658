import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumb, type BreadcrumbPage } from './breadcrumb';

const renderWith = (pages: BreadcrumbPage[]) =>
  render(
    <MemoryRouter>
      <Breadcrumb pages={pages} />
    </MemoryRouter>,
  );

describe('Breadcrumb', () => {
  it('shows Home and the page by its name, marked as the current page', () => {
    renderWith([{ label: 'Sessions', to: '/session-info' }]);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home / Sessions');
    expect(screen.getByText('Sessions').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Sessions' })).toBeNull();
  });

  it('links the earlier pages of a longer trail', () => {
    renderWith([{ label: 'Messages', to: '/messages' }, { label: 'Family group' }]);
    expect(screen.getByRole('navigation').textContent).toBe('Home / Messages / Family group');
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages');
  });
});
