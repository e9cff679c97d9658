import type { GroupMessage } from '@wadesk/contract';
import { authorKey } from '@/features/groups/hooks/use-blink';
import { type RunKeys, startsNewRun } from '@/shared/format/message-runs';
import { zonedClock } from '@/shared/format/time-zone';

/** `YYYY-MM-DD` of a message in the member's time zone: the day its reader lived it. */
export function localDay(timestampSeconds: number): string {
  return zonedClock(new Date(timestampSeconds * 1000)).day;
}

// A group notice ("Ravi added Asha") belongs to nobody: it ends a run and starts none of its own.
const RUN_KEYS: RunKeys<GroupMessage> = {
  author: (message) => (message.message_type === 'gp2' ? `notice:${message.msg_id}` : authorKey(message)),
  day: (message) => localDay(message.timestamp),
};

export interface PlacedMessage {
  message: GroupMessage;
  /** A day separator above it (`YYYY-MM-DD`): only on the group's very first message. */
  dayAbove: string | null;
  /** A day separator below it: the next message is of another day (its `YYYY-MM-DD`), else null. */
  dayBelow: string | null;
  /** It starts a run of one author's messages: their name (and avatar) show on it alone. */
  runStart: boolean;
}

export interface WindowEdges {
  /** Older messages exist before the first one: a page may still be put above it. */
  hasMoreBefore: boolean;
  /** Messages that were the window's first when an older page came (message-window.ts). */
  seams?: readonly string[];
}

/**
 * Where day separators go and which bubbles open a run, for messages in display order.
 *
 * A message already drawn never changes height when an older page is put above it: the list keeps the
 * first shown row's top in place, so a row that shrank or grew at its top would move every bubble below it
 * (docs/decisions/0025-group-reading.md). Hence a day's separator is drawn at the bottom of the previous
 * day's last message (a row that arrives with the older page), never above a message that may be held —
 * only the group's very first message, with nothing older to come, carries one above. And a run restarts at
 * a seam: the first message of a window starts a run (nothing before it is known) and keeps its author line
 * once the page before it lands, even when that page ends with the same author.
 */
export function placeMessages(
  messages: readonly GroupMessage[],
  { hasMoreBefore, seams = [] }: WindowEdges,
): PlacedMessage[] {
  const seamIds = new Set(seams);
  return messages.map((message, index) => {
    const next = messages[index + 1];
    const day = RUN_KEYS.day(message);
    const nextDay = next === undefined ? null : RUN_KEYS.day(next);
    return {
      message,
      dayAbove: index === 0 && !hasMoreBefore ? day : null,
      dayBelow: nextDay !== null && nextDay !== day ? nextDay : null,
      runStart: seamIds.has(message.msg_id) || startsNewRun(messages, index, RUN_KEYS),
    };
  });
}
