import { describe, expect, it } from 'vitest';
import { stripNul, stripNulDeep } from './text';

describe('stripNul', () => {
  it('removes every U+0000 and leaves other text and empty values alone', () => {
    expect(stripNul('a\u0000b\u0000\u0000c')).toBe('abc');
    expect(stripNul('plain ünïcode 👍')).toBe('plain ünïcode 👍');
    expect(stripNul(null)).toBeNull();
    expect(stripNul(undefined)).toBeUndefined();
  });

  it('cleans strings and keys however deep, copying only what changes', () => {
    const untouched = { n: 1, ok: true, list: ['x'], none: null };
    const value = { a: 'x\u0000', nested: [{ 'k\u0000': ['y\u0000', 2] }], untouched };
    const clean = stripNulDeep(value);
    expect(clean).toEqual({ a: 'x', nested: [{ k: ['y', 2] }], untouched });
    expect(clean.untouched).toBe(untouched);
    expect(value.a).toBe('x\u0000'); // the input is not changed
    expect(stripNulDeep(untouched)).toBe(untouched);
  });
});
