import type { GroupMessage } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import {
  appendMessages,
  EMPTY_WINDOW,
  FIRST_INDEX,
  prependPage,
  replaceWindow,
} from '@/features/groups/utils/message-window';

const msg = (n: number): GroupMessage =>
  ({ msg_id: `m${n}`, id: `W${n}`, timestamp: 1_000 + n, body: `hello ${n}` }) as GroupMessage;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
const ids = (messages: GroupMessage[]) => messages.map((m) => m.msg_id);

describe('the message window', () => {
  const opened = replaceWindow(EMPTY_WINDOW, range(101, 200), { hasMoreBefore: true, atLatest: true });

  it('opens a new generation at the fixed first index', () => {
    expect(opened.firstIndex).toBe(FIRST_INDEX);
    expect(opened.generation).toBe(1);
    expect(ids(opened.messages)).toEqual(ids(range(101, 200)));
  });

  it('prepends an older page in order and lowers the first index by what was new', () => {
    const grown = prependPage(opened, range(1, 101), false);
    expect(ids(grown.messages)).toEqual(ids(range(1, 200)));
    // m101 was already shown: 100 new messages, so every shown message keeps its list index.
    expect(grown.firstIndex).toBe(FIRST_INDEX - 100);
    expect(grown.messages.indexOf(grown.messages[100] as GroupMessage) + grown.firstIndex).toBe(FIRST_INDEX);
    expect(grown.hasMoreBefore).toBe(false);
    expect(grown.atLatest).toBe(true);
    expect(grown.generation).toBe(opened.generation);
  });

  it('adds nothing when an older page comes back that is already held', () => {
    const grown = prependPage(opened, range(51, 100), true);
    const again = prependPage(grown, range(51, 100), true);
    expect(again.messages).toBe(grown.messages);
    expect(again.firstIndex).toBe(grown.firstIndex);
    // Partly held: only the new ones join, once each.
    const overlap = prependPage(grown, range(41, 60), true);
    expect(ids(overlap.messages)).toEqual(ids(range(41, 200)));
    expect(overlap.firstIndex).toBe(grown.firstIndex - 10);
  });

  it('drops the newest past the cap when prepending, and then no longer ends at the latest', () => {
    const grown = prependPage(opened, range(1, 100), true, 150);
    expect(grown.messages).toHaveLength(150);
    expect(ids(grown.messages)[0]).toBe('m1');
    expect(ids(grown.messages).at(-1)).toBe('m150');
    expect(grown.firstIndex).toBe(FIRST_INDEX - 100);
    expect(grown.atLatest).toBe(false);
  });

  it('appends newer messages without duplicates, in time order', () => {
    const live = appendMessages(opened, [msg(200), msg(202), msg(201)], true);
    expect(ids(live.messages).slice(-3)).toEqual(['m200', 'm201', 'm202']);
    expect(live.firstIndex).toBe(FIRST_INDEX);
  });

  it('drops the oldest past the cap when appending, raising the first index by as many', () => {
    const grown = appendMessages(opened, range(201, 260), false, 120);
    expect(grown.messages).toHaveLength(120);
    expect(ids(grown.messages)[0]).toBe('m141');
    expect(grown.firstIndex).toBe(FIRST_INDEX + 40);
    expect(grown.hasMoreBefore).toBe(true);
    expect(grown.atLatest).toBe(false);
  });

  it('keeps the newest when a replacing page is longer than the cap', () => {
    const window = replaceWindow(opened, range(1, 200), { hasMoreBefore: false, atLatest: true }, 50);
    expect(ids(window.messages)[0]).toBe('m151');
    expect(window.hasMoreBefore).toBe(true);
    expect(window.generation).toBe(2);
  });
});
