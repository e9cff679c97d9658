import { describe, expect, it } from 'vitest';
import { groupSatisfactionText, satisfactionSummary, timeAgo } from './satisfaction';

const NOW = Date.parse('2024-03-05T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('satisfaction words', () => {
  it("reads a ticket's answer with the poll's face, or how long ago it was asked", () => {
    expect(satisfactionSummary({ asked_at: ago(90), score: 4 }, NOW)).toBe('Satisfaction: 🙂 Good (4/5)');
    expect(satisfactionSummary({ asked_at: ago(90), score: 1 }, NOW)).toBe(
      'Satisfaction: 😞 Very poor (1/5)',
    );
    expect(satisfactionSummary({ asked_at: ago(125), score: null }, NOW)).toBe(
      'Satisfaction asked 2 h 5 min ago, no answer yet',
    );
  });

  it('says "just now" under a minute (or a server clock ahead), a date past a week', () => {
    expect(timeAgo(ago(0.5), NOW)).toBe('just now');
    expect(timeAgo(ago(-2), NOW)).toBe('just now');
    expect(timeAgo(ago(3 * 24 * 60), NOW)).toBe('3 days ago');
    expect(timeAgo(ago(8 * 24 * 60), NOW)).toMatch(/^on 26 Feb 2024, /);
  });

  it("names a group's choice, with the organisation's setting when it is known", () => {
    expect(groupSatisfactionText('organisation')).toBe('As the organisation');
    expect(groupSatisfactionText('organisation', true)).toBe('As the organisation (On)');
    expect(groupSatisfactionText('organisation', false)).toBe('As the organisation (Off)');
    expect(groupSatisfactionText('on', false)).toBe('On');
    expect(groupSatisfactionText('off', true)).toBe('Off');
  });
});
