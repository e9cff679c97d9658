import { describe, expect, it } from 'vitest';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { chatBounds, describeRange, normaliseRange, presetOf, presetRange } from './date-range';

const bounds = { first: '2023-03-10', last: '2024-02-05' };

describe('date range presets', () => {
  it('count back from the last day of the chat, not from today', () => {
    expect(presetRange('all', bounds)).toEqual({});
    expect(presetRange('last-30-days', bounds)).toEqual({ from: '2024-01-07', to: '2024-02-05' });
    expect(presetRange('last-90-days', bounds)).toEqual({ from: '2023-11-08', to: '2024-02-05' });
    expect(presetRange('last-year', bounds)).toEqual({ from: '2023-03-10', to: '2024-02-05' });
  });

  it('never start before the chat', () => {
    expect(presetRange('last-year', { first: '2024-01-20', last: '2024-02-05' })).toEqual({
      from: '2024-01-20',
      to: '2024-02-05',
    });
    expect(presetRange('last-30-days', null)).toEqual({});
  });

  it('recognise a range typed by hand as its preset', () => {
    expect(presetOf({}, bounds)).toBe('all');
    expect(presetOf({ from: '2023-01-01', to: '2024-12-31' }, bounds)).toBe('all');
    expect(presetOf({ from: '2024-01-07', to: '2024-02-05' }, bounds)).toBe('last-30-days');
    expect(presetOf({ from: '2024-01-08' }, bounds)).toBeNull();
  });
});

describe('normaliseRange', () => {
  it('drops bad days, swaps reversed ends and opens ends at the chat edges', () => {
    expect(normaliseRange({ from: '2024-02-30', to: 'x' }, bounds)).toEqual({});
    expect(normaliseRange({ from: '2024-01-31', to: '2024-01-01' }, bounds)).toEqual({
      from: '2024-01-01',
      to: '2024-01-31',
    });
    expect(normaliseRange({ from: '2023-03-10', to: '2024-02-05' }, bounds)).toEqual({});
    expect(normaliseRange({ from: '2023-06-01', to: '2024-03-01' }, bounds)).toEqual({ from: '2023-06-01' });
    expect(normaliseRange({ from: '2023-06-01' }, null)).toEqual({ from: '2023-06-01' });
  });
});

describe('chatBounds and describeRange', () => {
  it('find the first and last day, skipping undated lines', () => {
    const messages = [
      chatMessage({ date: '2024-01-05T10:00:00' }),
      chatMessage({ date: 'not a date' }),
      chatMessage({ date: '2023-12-31T23:59:00' }),
      chatMessage({ date: '2024-02-01T08:00:00' }),
    ];
    expect(chatBounds(messages)).toEqual({ first: '2023-12-31', last: '2024-02-01' });
    expect(chatBounds([])).toBeNull();
  });

  it('say the range in words', () => {
    expect(describeRange({})).toBeNull();
    expect(describeRange({ from: '2024-01-07', to: '2024-02-05' })).toBe('7 Jan 2024 – 5 Feb 2024');
    expect(describeRange({ from: '2024-01-07', to: '2024-01-07' })).toBe('7 Jan 2024');
    expect(describeRange({ from: '2024-01-07' })).toBe('from 7 Jan 2024');
    expect(describeRange({ to: '2024-01-07' })).toBe('until 7 Jan 2024');
  });
});
