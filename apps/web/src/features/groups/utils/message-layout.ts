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
  /** A day separator goes above it: `YYYY-MM-DD`, or null. */
  newDay: string | null;
  /** It starts a run of one author's messages: their name (and avatar) show on it alone. */
  runStart: boolean;
}

/** Where day separators go and which bubbles open a run, for messages in display order. */
export function placeMessages(messages: readonly GroupMessage[]): PlacedMessage[] {
  return messages.map((message, index) => {
    const day = RUN_KEYS.day(message);
    const previous = messages[index - 1];
    return {
      message,
      newDay: previous === undefined || RUN_KEYS.day(previous) !== day ? day : null,
      runStart: startsNewRun(messages, index, RUN_KEYS),
    };
  });
}
