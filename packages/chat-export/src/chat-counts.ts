import { classifySystemEvent } from './analysis/system-events';
import { SYSTEM_AUTHOR } from './analysis/walk';
import type { ChatMessage } from './types';

/**
 * WhatsApp cuts exports at about 40,000 messages without media and 10,000 with media, dropping the
 * oldest. A chat this close to the cap that does not begin at its start (its creation line, or the
 * encryption notice every chat starts with) has probably lost its oldest messages.
 */
export const EXPORT_CAP = { withoutMedia: 40_000, withMedia: 10_000 } as const;
const NEAR_CAP = { withoutMedia: 39_900, withMedia: 9_990 } as const;

/** How far into the file the chat's first notices may stand (a few lines can precede them). */
const START_LINES = 5;

/** What every screen counts: members' messages and system notices apart, so they all say the same. */
export interface ChatCounts {
  /** Lines written by a member. */
  messages: number;
  /** Lines WhatsApp wrote itself (joins, subject changes, security notices…). */
  systemNotices: number;
  /** At the export cap and not beginning at the chat's start: older messages are probably missing. */
  likelyCut: boolean;
}

export function chatCounts(
  messages: readonly ChatMessage[],
  { withMedia }: { withMedia: boolean },
): ChatCounts {
  let systemNotices = 0;
  for (const message of messages) if (message.author === SYSTEM_AUTHOR) systemNotices++;
  const nearCap = messages.length >= (withMedia ? NEAR_CAP.withMedia : NEAR_CAP.withoutMedia);
  return {
    messages: messages.length - systemNotices,
    systemNotices,
    likelyCut: nearCap && !beginsAtStart(messages),
  };
}

function beginsAtStart(messages: readonly ChatMessage[]): boolean {
  for (const message of messages.slice(0, START_LINES)) {
    if (message.author !== SYSTEM_AUTHOR) continue;
    const kind = classifySystemEvent(message.content);
    if (kind === 'created' || kind === 'encryption') return true;
  }
  return false;
}
