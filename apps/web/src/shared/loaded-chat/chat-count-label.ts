import type { ChatCounts } from '@wadesk/chat-export';

const count = (n: number) => n.toLocaleString('en-IN');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * How every screen states the size of a chat: members' messages, and WhatsApp's own notices apart
 * ("52 messages, 3 system notices"). Before the counts are known (a large chat still arriving) the lines
 * so far are all it can say.
 */
export function chatCountLabel(counts: ChatCounts | null, lines: number): string {
  if (!counts) return plural(lines, 'line', 'lines');
  const messages = plural(counts.messages, 'message', 'messages');
  return counts.systemNotices > 0
    ? `${messages}, ${plural(counts.systemNotices, 'system notice', 'system notices')}`
    : messages;
}

/** The number on the Messages badge: members' messages, as the toolbar and the analysis count them. */
export const messageBadge = (counts: ChatCounts | null, lines: number): string =>
  count(counts ? counts.messages : lines);
