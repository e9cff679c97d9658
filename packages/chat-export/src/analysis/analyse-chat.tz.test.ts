import { afterAll, describe, expect, it } from 'vitest';
import { parseChat } from '../parse-chat';
import { DST_CHAT } from '../test-support/dst-chat';
import { analyseChat } from './analyse-chat';
import { selectMessages } from './select-messages';

// The suite runs in Europe/Berlin. The result must be the same in any zone: switch the process
// zone (Node re-reads TZ when it is assigned) and compare.

const FALL_BACK = `26/10/2024, 23:00 - Alice: before the night
27/10/2024, 02:50 - Bob: first 02:50
27/10/2024, 02:10 - Alice: the clocks went back, 02:10 again
27/10/2024, 03:00 - Bob: after
`;

const original = process.env.TZ;
afterAll(() => {
  process.env.TZ = original;
});

const chats = [parseChat(DST_CHAT).messages, parseChat(FALL_BACK).messages];

describe('time-zone independence', () => {
  it('gives the same analysis and selection in every zone', () => {
    process.env.TZ = 'Europe/Berlin';
    const reference = chats.map((m) => analyseChat(m));
    const cells = chats.map((m) => selectMessages(m, { weekday: 6, hour: 2 }));
    for (const zone of [
      'UTC',
      'America/New_York',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'Australia/Lord_Howe',
    ]) {
      process.env.TZ = zone;
      // the zone really changed: Berlin is never at UTC-5 or UTC+5:30 in January
      expect(new Date(2024, 0, 1).getTimezoneOffset()).not.toBe(-60);
      expect(chats.map((m) => analyseChat(m))).toEqual(reference);
      expect(chats.map((m) => selectMessages(m, { weekday: 6, hour: 2 }))).toEqual(cells);
    }
  });

  it('reads the spring-forward night as written: 02:30 on 31 March 2024 is hour 2 of a Sunday', () => {
    process.env.TZ = 'Europe/Berlin';
    const r = analyseChat(chats[0] ?? []);
    expect(r.heatmap[6]?.[2]).toBe(2);
    // 00:10 → 02:30 is 140 wall-clock minutes (80 real ones in Berlin): a new conversation
    expect(r.authors.find((a) => a.author === 'Alice')?.conversationsStarted).toBe(2);
  });

  it('reads the fall-back night as written: both 02:xx messages in hour 2, no negative answer times', () => {
    process.env.TZ = 'Europe/Berlin';
    const r = analyseChat(chats[1] ?? []);
    expect(r.heatmap[6]?.[2]).toBe(2);
    expect(r.heatmap[6]?.[3]).toBe(1);
    expect(r.heatmap[5]?.[23]).toBe(1);
    expect(r.perDay).toEqual([
      { key: '2024-10-26', messages: 1 },
      { key: '2024-10-27', messages: 3 },
    ]);
    // Alice's 02:10 answers Bob's 02:50 "40 minutes earlier" on the wall clock: counted as 0 s.
    expect(r.authors.find((a) => a.author === 'Alice')?.medianResponseSeconds).toBe(0);
    // 02:10 → 03:00 is 50 minutes: Bob's "after" starts a new conversation
    expect(r.totals.conversations).toBe(3);
  });
});
