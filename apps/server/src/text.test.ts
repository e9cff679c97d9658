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
    expect(storableDeep(['a\u0000', 'b'])).toEqual(['a', 'b']);
    expect(storableDeep('\u0000')).toBe('');
    expect(storableDeep(7)).toBe(7);
  });

  it('cleans a value nested far deeper than the call stack goes (a chat save body can)', () => {
    const depth = 200_000;
    const plain = JSON.parse(`{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(storableDeep(plain)).toBe(plain);
    let clean = storableDeep(JSON.parse(`{"x":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`)).x;
    for (let level = 0; level < depth; level++) clean = clean[0];
    expect(clean).toBe('a');
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
    expect(unstorablePath([{ a: 'x', b: '\u0000' }], 'body')).toBe('body[0].b');
  });

  it('walks a value nested far deeper than the call stack goes (a 1 MB request body can)', () => {
    const depth = 200_000;
    expect(unstorablePath(JSON.parse(`{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`))).toBeNull();
    const path = unstorablePath(JSON.parse(`{"x":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`));
    expect(path).toBe(`x${'[0]'.repeat(depth)}`);
  });
});
