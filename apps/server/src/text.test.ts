import { describe, expect, it } from 'vitest';
import { storableDeep, storableText, unstorablePath } from './text';

describe('storableText', () => {
  it('removes every U+0000 and leaves other text and empty values alone', () => {
    expect(storableText('a\u0000b\u0000\u0000c')).toBe('abc');
    expect(storableText('plain ünïcode 👍')).toBe('plain ünïcode 👍');
    expect(storableText(null)).toBeNull();
    expect(storableText(undefined)).toBeUndefined();
  });

  it('cleans strings and keys however deep, copying only what changes', () => {
    const untouched = { n: 1, ok: true, list: ['x'], none: null };
    const value = { a: 'x\u0000', nested: [{ 'k\u0000': ['y\u0000', 2] }], untouched };
    const clean = storableDeep(value);
    expect(clean).toEqual({ a: 'x', nested: [{ k: ['y', 2] }], untouched });
    expect(clean.untouched).toBe(untouched);
    expect(value.a).toBe('x\u0000'); // the input is not changed
    expect(storableDeep(untouched)).toBe(untouched);
  });
});

describe('storableText and unstorablePath', () => {
  it('replaces unpaired surrogates with U+FFFD and keeps paired ones', () => {
    expect(storableText('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(storableText('👍')).toBe('👍');
  });

  it('names where the first unstorable string sits, keys included', () => {
    expect(unstorablePath({ a: 'ok', list: [{ b: 'x' }, { c: 'y\u0000' }] })).toBe('list[1].c');
    expect(unstorablePath({ 'k\ud800': 1 })).toBe('k\ud800');
    expect(unstorablePath('\u0000')).toBe('');
    expect(unstorablePath({ a: ['fine', 2, null] })).toBeNull();
    // Deep nesting is walked without recursion (a request body must not overflow the stack).
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(unstorablePath(deep)).toBe('[0]'.repeat(100_000));
  });
});
