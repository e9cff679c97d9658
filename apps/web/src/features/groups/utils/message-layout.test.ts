import type { GroupMessage } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { localDay, placeMessages } from './message-layout';

const at = (day: number, hour: number) => new Date(2024, 2, day, hour, 0).getTime() / 1000;
let seq = 0;
const message = (author: string | null, timestamp: number, extra: Partial<GroupMessage> = {}) =>
  ({
    msg_id: `m${++seq}`,
    author,
    from_me: author === null,
    message_type: 'chat',
    timestamp,
    ...extra,
  }) as GroupMessage;

describe('placeMessages', () => {
  it('puts a day separator above the first message of each local day', () => {
    const placed = placeMessages([
      message('a@s.whatsapp.net', at(4, 23)),
      message('a@s.whatsapp.net', at(5, 0)),
      message('b@s.whatsapp.net', at(5, 9)),
    ]);
    expect(placed.map((p) => p.newDay)).toEqual(['2024-03-04', '2024-03-05', null]);
  });

  it('starts a run at a new author, a new day, and after a group notice', () => {
    const placed = placeMessages([
      message('a@s.whatsapp.net', at(5, 9)),
      message('a@s.whatsapp.net', at(5, 10)),
      message(null, at(5, 11)),
      message(null, at(5, 12)),
      message('a@s.whatsapp.net', at(5, 13)),
      message(null, at(5, 14), { message_type: 'gp2', from_me: false }),
      message('a@s.whatsapp.net', at(5, 15)),
      message('a@s.whatsapp.net', at(6, 9)),
    ]);
    expect(placed.map((p) => p.runStart)).toEqual([true, false, true, false, true, true, true, true]);
  });

  it('gives the local calendar day of a timestamp', () => {
    expect(localDay(at(5, 0))).toBe('2024-03-05');
    expect(localDay(new Date(2024, 11, 31, 23, 59).getTime() / 1000)).toBe('2024-12-31');
  });
});
