import type { ReplyState } from '@wadesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { useEventStream } from './use-event-stream';

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

/**
 * The desk replies' states of one group as `reply.status` events tell them, while mounted: `stateOf(waId,
 * fetched)` answers the later of what the page said and what an event said since. An event may come before
 * the message it is about (WhatsApp's server can take a reply before its echo is stored), so it is kept.
 */
export function useLiveReplyStates(sessionId: string, groupId: string) {
  const [live, setLive] = useState<ReadonlyMap<string, ReplyState>>(() => new Map());
  // Another group: what was heard belongs to the one before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group's identity is the trigger
  useEffect(() => setLive(new Map()), [sessionId, groupId]);
  useEventStream((event) => {
    if (event.type !== 'reply.status' || event.session_id !== sessionId || event.group_id !== groupId) return;
    setLive((previous) => {
      const next = new Map(previous);
      next.set(event.wa_id, laterReplyState(previous.get(event.wa_id), event.reply) ?? event.reply);
      return next;
    });
  });
  return useCallback(
    (waId: string, fetched: ReplyState | null | undefined) => laterReplyState(fetched, live.get(waId)),
    [live],
  );
}
