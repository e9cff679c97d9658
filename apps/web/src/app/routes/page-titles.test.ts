import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { LANDING_TITLE, PAGE_NAMES, pageName, pageTitle } from './page-titles';

/** Every path of the route table, e.g. "/dashboard". */
function paths(list = routes, base = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base;
    const own = route.path && route.path !== '*' && route.path !== '/' ? [here] : [];
    return [...own, ...paths(route.children ?? [], here)];
  });
}

describe('page titles', () => {
  it('names every route of the route table', () => {
    const all = paths();
    expect(all).toContain('/dashboard');
    for (const path of all) expect(PAGE_NAMES[path], path).toBeTruthy();
  });

  it('titles a page "Name · wadesk", the landing page on its own, an unknown path as not found', () => {
    expect(pageTitle('/dashboard')).toBe('Dashboard · wadesk');
    expect(pageTitle('/messages')).toBe('Messages · wadesk');
    expect(pageTitle('/agents/')).toBe('Agents · wadesk');
    expect(pageTitle('/')).toBe(LANDING_TITLE);
    expect(pageTitle('/nowhere')).toBe('Page not found · wadesk');
    expect(pageName('/upload-chat')).toBe('Import chat');
  });
});
