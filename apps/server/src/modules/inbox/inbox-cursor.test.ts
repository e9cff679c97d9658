import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './inbox-cursor';

describe('inbox cursor', () => {
  it('reads back what it wrote, microseconds included', () => {
    const cursor = { at: '2026-11-27T10:00:00.123456Z', id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['junk', 'not a cursor!'],
    ['base64 of something else', Buffer.from('hello').toString('base64url')],
    ['milliseconds only', Buffer.from('2026-11-27T10:00:00.123Z|4').toString('base64url')],
    ['an id past int4', Buffer.from('2026-11-27T10:00:00.123456Z|2147483648').toString('base64url')],
    ['no id', Buffer.from('2026-11-27T10:00:00.123456Z|').toString('base64url')],
    ['February 31st', Buffer.from('2026-02-31T10:00:00.123456Z|4').toString('base64url')],
    ['a month 13', Buffer.from('2026-13-27T10:00:00.123456Z|4').toString('base64url')],
  ])('refuses %s', (_name, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
