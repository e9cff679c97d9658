import type { ReplyState, ServerEvent } from '@wadesk/contract';
import { useLiveMessageStates } from './use-live-message-states';

const RANK: Record<ReplyState['status'], number> = { pending: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * The later of two states of one reply: a reply's state only moves forward (pending → sent → delivered →
 * read, or failed), and in a group its readers only grow, so a page fetched before an event cannot undo
 * what the event said, nor an event a newer page.
 */
export function laterReplyState(
  a: ReplyState | null | undefined,
  b: ReplyState | null | undefined,
): ReplyState | null {
  if (!a || !b) return a ?? b ?? null;
  const rank = (s: ReplyState) => [RANK[s.status], s.read_by.length, s.delivered_to, s.retried ? 1 : 0];
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < x.length; i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0) ? a : b;
  return b;
}

const readReplyStatus = (event: ServerEvent) =>
  event.type === 'reply.status' ? { ...event, state: event.reply } : null;

/**
 * The desk replies' states of one group as `reply.status` events tell them, while mounted: `stateOf(waId,
 * fetched)` answers the later of what the page said and what an event said since. An event may come before
 * the message it is about (WhatsApp's server can take a reply before its echo is stored), so it is kept.
 */
export function useLiveReplyStates(sessionId: string, groupId: string) {
  return useLiveMessageStates(sessionId, groupId, { read: readReplyStatus, later: laterReplyState });
}
