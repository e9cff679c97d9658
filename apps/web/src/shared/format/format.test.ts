import { describe, expect, it } from 'vitest';
import { formatDateTime, truncate } from './format';

describe('format', () => {
  it('truncates only text longer than the limit', () => {
    expect(truncate('short', 25)).toBe('short');
    expect(truncate('a'.repeat(46), 45)).toBe(`${'a'.repeat(45)}...`);
  });

  it('formats dates and gives nothing for an invalid one', () => {
    const date = new Date(2024, 2, 5, 14, 7);
    expect(formatDateTime(date)).toMatch(/5 Mar 2024/);
    expect(formatDateTime('not a date')).toBe('');
  });
});
