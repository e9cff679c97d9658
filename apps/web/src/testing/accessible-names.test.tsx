import { render } from '@testing-library/react';
import { XIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { expectNamedControls } from './accessible-names';

describe('expectNamedControls', () => {
  it('fails for an icon-only button without an aria-label', () => {
    render(
      <button type="button">
        <XIcon />
      </button>,
    );
    expect(() => expectNamedControls()).toThrow();
  });

  it('passes for an icon-only button with an aria-label', () => {
    render(
      <button type="button" aria-label="Close">
        <XIcon />
      </button>,
    );
    expect(() => expectNamedControls()).not.toThrow();
  });
});
