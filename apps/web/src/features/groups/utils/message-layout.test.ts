import type { GroupMessage } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { localDay, placeMessages } from './message-layout';
import { appendMessages, EMPTY_WINDOW, prependPage, replaceWindow } from './message-window';

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
    const placed = placeMessages(
      [
        message('a@s.whatsapp.net', at(4, 23)),
        message('a@s.whatsapp.net', at(5, 0)),
        message('b@s.whatsapp.net', at(5, 9)),
      ],
      { hasMoreBefore: false },
    );
    // The group's first day above its first message; the next day at the bottom of the day before's last.
    expect(placed.map((p) => p.dayAbove)).toEqual(['2024-03-04', null, null]);
    expect(placed.map((p) => p.dayBelow)).toEqual(['2024-03-05', null, null]);
  });

  it('starts a run at a new author, a new day, and after a group notice', () => {
    const placed = placeMessages(
      [
        message('a@s.whatsapp.net', at(5, 9)),
        message('a@s.whatsapp.net', at(5, 10)),
        message(null, at(5, 11)),
        message(null, at(5, 12)),
        message('a@s.whatsapp.net', at(5, 13)),
        message(null, at(5, 14), { message_type: 'gp2', from_me: false }),
        message('a@s.whatsapp.net', at(5, 15)),
        message('a@s.whatsapp.net', at(6, 9)),
      ],
      { hasMoreBefore: false },
    );
    expect(placed.map((p) => p.runStart)).toEqual([true, false, true, false, true, true, true, true]);
  });

  it('never changes the layout of a held message when an older page is put above it', () => {
    // Three days, one author throughout: the seam between the pages falls inside a day and inside a run.
    const older = [message('a@s.whatsapp.net', at(4, 9)), message('a@s.whatsapp.net', at(5, 8))];
    const shown = [message('a@s.whatsapp.net', at(5, 9)), message('b@s.whatsapp.net', at(6, 9))];
    const opened = replaceWindow(EMPTY_WINDOW, shown, { hasMoreBefore: true, atLatest: true });
    const before = placeMessages(opened.messages, opened);
    // More is before the window: its first message has no separator above (its day is not known to be new).
    expect(before[0]).toMatchObject({ dayAbove: null, dayBelow: '2024-03-06', runStart: true });

    const grown = prependPage(opened, older, false);
    const after = placeMessages(grown.messages, grown);
    // The held messages are drawn exactly as before: same separators, the author line kept at the seam.
    expect(after.slice(2)).toEqual(before);
    // The new page carries what changed: the group's first day above, and nothing between 5 March's messages.
    expect(after.map((p) => p.dayAbove)).toEqual(['2024-03-04', null, null, null]);
    expect(after.map((p) => p.dayBelow)).toEqual(['2024-03-05', null, '2024-03-06', null]);
    expect(after.map((p) => p.runStart)).toEqual([true, true, true, true]);
  });

  it('keeps a run going across messages that join the end, and forgets seams when the window is replaced', () => {
    const opened = replaceWindow(EMPTY_WINDOW, [message('a@s.whatsapp.net', at(7, 9))], {
      hasMoreBefore: true,
      atLatest: true,
    });
    const grown = prependPage(opened, [message('a@s.whatsapp.net', at(7, 8))], true);
    const live = appendMessages(grown, [message('a@s.whatsapp.net', at(7, 10))], true);
    expect(placeMessages(live.messages, live).map((p) => p.runStart)).toEqual([true, true, false]);
    const jumped = replaceWindow(live, live.messages, { hasMoreBefore: true, atLatest: true });
    expect(jumped.seams).toEqual([]);
    expect(placeMessages(jumped.messages, jumped).map((p) => p.runStart)).toEqual([true, false, false]);
  });

  it('gives the local calendar day of a timestamp', () => {
    expect(localDay(at(5, 0))).toBe('2024-03-05');
    expect(localDay(new Date(2024, 11, 31, 23, 59).getTime() / 1000)).toBe('2024-12-31');
  });
});
