import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Every button and link on screen has an accessible name: icon-only controls carry an aria-label
 * (docs/web-structure.md). Hidden elements (a closed menu, the page behind a dialog) are skipped.
 */
export function expectNamedControls() {
  const unnamed = [
    ...screen.queryAllByRole('button', { name: '' }),
    ...screen.queryAllByRole('link', { name: '' }),
  ].map((element) => element.outerHTML.slice(0, 200));
  expect(unnamed).toEqual([]);
}
