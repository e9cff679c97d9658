import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries';
import { CountryFlag } from './country-flag';

describe('CountryFlag', () => {
  it('draws an SVG flag, not an emoji that needs a flag font', () => {
    const { container } = render(<CountryFlag code="IN" />);
    const flag = container.querySelector('img');
    expect(flag?.getAttribute('src')).toMatch(/in(-[\w-]+)?\.svg/);
    expect(flag?.getAttribute('alt')).toBe('');
    expect(container.textContent).toBe('');
  });

  it('has a flag for nearly every country of the picker, and shows the code for the rest', () => {
    const missing = countryOptions()
      .map((option) => option.code)
      .filter((code) => !render(<CountryFlag code={code} />).container.querySelector('img'));
    expect(missing.length).toBeLessThan(5);
    const { container } = render(<CountryFlag code="ZZ" />);
    expect(container.textContent).toBe('ZZ');
  });
});
