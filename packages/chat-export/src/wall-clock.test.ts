import { describe, expect, it } from 'vitest';
import { parseChat } from './parse-chat';

describe('wall-clock dates', () => {
  it('runs in a time zone with a daylight-saving gap (vitest env TZ=Europe/Berlin)', () => {
    // 02:30 does not exist on 31 March 2024 in Berlin: a local-time Date jumps to 03:30.
    expect(new Date(2024, 2, 31, 2, 30).getHours()).toBe(3);
  });

  it('keeps a time inside the gap exactly as written', () => {
    const [android] = parseChat('31/03/2024, 02:30 - Alice: still up').messages;
    expect(android?.date).toBe('2024-03-31T02:30:00');
    expect(android?.datetime).toBe('31/03/2024, 02:30');
    const [ios] = parseChat('[3/31/24, 2:30:15\u202fAM] Bob: me too').messages;
    expect(ios?.date).toBe('2024-03-31T02:30:15');
  });

  it('keeps the repeated hour of the autumn change apart from the zone', () => {
    const { messages } = parseChat('27/10/2024, 02:30 - A: first\n27/10/2024, 02:45 - A: second');
    expect(messages.map((m) => m.date)).toEqual(['2024-10-27T02:30:00', '2024-10-27T02:45:00']);
  });

  it('converts 12-hour clocks: 12 AM is midnight, 12 PM is noon', () => {
    const text = ['13/1/24, 12:05 am - A: a', '13/1/24, 12:05 pm - A: b', '13/1/24, 11:59 pm - A: c'].join(
      '\n',
    );
    expect(parseChat(text).messages.map((m) => m.date.slice(11))).toEqual([
      '00:05:00',
      '12:05:00',
      '23:59:00',
    ]);
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseChat('29/02/2024, 10:00 - A: leap').messages[0]?.date).toBe('2024-02-29T10:00:00');
    expect(parseChat('29/02/2023, 10:00 - A: no').total_msgs).toBe(0);
  });
});
