import { describe, expect, it } from 'vitest';
import { matchCanned, slashQuery } from './canned-picker';

const replies = [
  { id: 1, shortcut: 'address', body: 'Main Street 1' },
  { id: 2, shortcut: 'thanks', body: 'Thank you!' },
  { id: 3, shortcut: 'hours', body: 'We open at 9.' },
];

describe('the / picker', () => {
  it('opens only for a shortcut typed at the start', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/Tha')).toBe('tha');
    expect(slashQuery('/thanks now')).toBeNull();
    expect(slashQuery('hello /thanks')).toBeNull();
    expect(slashQuery('')).toBeNull();
  });

  it('lists shortcuts starting with the query before those containing it', () => {
    expect(matchCanned(replies, '').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(matchCanned(replies, 'h').map((r) => r.id)).toEqual([3, 2]);
    expect(matchCanned(replies, 'zz')).toEqual([]);
  });
});
