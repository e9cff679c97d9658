import { describe, expect, it } from 'vitest';
import { chipLabel, describeFilter, isoWeekMonday, readDrillDown, readFilter } from './drill-down';

describe('chip label of a drill-down', () => {
  it('names a heatmap cell by weekday and hour, with the number of messages', () => {
    expect(chipLabel({ filter: { weekday: 1, hour: 21 }, range: {} }, 37)).toBe(
      'Tuesday 21:00–22:00 · 37 messages',
    );
    expect(chipLabel({ filter: { weekday: 6, hour: 23 }, range: {} }, 1)).toBe(
      'Sunday 23:00–00:00 · 1 message',
    );
    expect(chipLabel({ filter: { hour: 9 }, range: {} }, null)).toBe('09:00–10:00');
  });

  it('names periods, authors, words, emoji, domains, media and system events', () => {
    expect(describeFilter({ day: '2024-01-12' })).toBe('Fri, 12 Jan 2024');
    expect(describeFilter({ week: '2024-W02' })).toBe('Week of 8 Jan 2024');
    expect(describeFilter({ month: '2024-03' })).toBe('March 2024');
    expect(describeFilter({ author: 'Priya Raman' })).toBe('Priya Raman');
    expect(describeFilter({ author: 'Priya Raman', response: true })).toBe('Priya Raman · Replies');
    expect(describeFilter({ author: 'Asha', startsConversation: true })).toBe('Asha · Conversation starters');
    expect(describeFilter({ word: 'coffee' })).toBe('“coffee”');
    expect(describeFilter({ emoji: '👍🏽' })).toBe('👍🏽');
    expect(describeFilter({ domain: 'example.com' })).toBe('Links to example.com');
    expect(describeFilter({ media: 'image' })).toBe('Images');
    expect(describeFilter({ media: 'any' })).toBe('Media');
    expect(describeFilter({ deleted: true })).toBe('Deleted');
    expect(describeFilter({ month: '2024-02', systemEvent: 'joined' })).toBe(
      'February 2024 · System: Joined',
    );
    expect(describeFilter({})).toBe('All messages');
  });

  it('says the date range the drill-down was made in', () => {
    expect(
      chipLabel({ filter: { author: 'Asha' }, range: { from: '2024-01-07', to: '2024-02-05' } }, 12),
    ).toBe('Asha · 7 Jan 2024 – 5 Feb 2024 · 12 messages');
  });
});

describe('reading a drill-down from history state', () => {
  it('keeps the known fields of the right shape', () => {
    expect(
      readDrillDown({
        drillDown: {
          filter: { weekday: 1, hour: 21, author: 'Asha', evil: '<script>' },
          range: { from: '2024-01-01', to: 'x' },
        },
      }),
    ).toEqual({ filter: { weekday: 1, hour: 21, author: 'Asha' }, range: { from: '2024-01-01' } });
  });

  it('ignores anything else', () => {
    expect(readDrillDown(null)).toBeNull();
    expect(readDrillDown({ drillDown: { filter: {} } })).toBeNull();
    expect(readDrillDown({ drillDown: 'x' })).toBeNull();
    expect(readFilter({ weekday: 7, hour: 24, day: '12/01/2024', media: 'pdf', deleted: 'yes' })).toBeNull();
    expect(readFilter({ media: 'sticker', systemEvent: 'left', deleted: false })).toEqual({
      media: 'sticker',
      systemEvent: 'left',
      deleted: false,
    });
  });

  it('finds the Monday of an ISO week', () => {
    expect(isoWeekMonday('2024-W01')).toBe('2024-01-01');
    expect(isoWeekMonday('2021-W01')).toBe('2021-01-04');
    expect(isoWeekMonday('2020-W53')).toBe('2020-12-28');
    expect(isoWeekMonday('nope')).toBeNull();
  });
});
