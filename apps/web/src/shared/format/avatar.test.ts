import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, initials } from './avatar';

describe('initials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initials('Alice Martin')).toBe('AM');
    expect(initials('Bob')).toBe('B');
    expect(initials('mary ann de la cruz')).toBe('MC');
    expect(initials('Émilie Durand')).toBe('ÉD');
    expect(initials('李娜')).toBe('李');
  });

  it('skips symbols and gives nothing for a phone number', () => {
    expect(initials('~ Nina')).toBe('N');
    expect(initials('+49 151 23456789')).toBe('');
    expect(initials('  ')).toBe('');
  });
});

describe('avatarColour', () => {
  it('is one of the 22 colours and stable for a name', () => {
    expect(AVATAR_COLOURS).toHaveLength(22);
    expect(AVATAR_COLOURS).toContain(avatarColour('Alice'));
    expect(avatarColour('Alice')).toBe(avatarColour(' alice '));
  });

  it('spreads different names over the palette', () => {
    const names = Array.from({ length: 200 }, (_, i) => `Person ${i}`);
    expect(new Set(names.map(avatarColour)).size).toBeGreaterThan(15);
  });
});
