import type { ServerEvent } from '@wadesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { useEventStream } from './use-event-stream';

/** What an event says about one message of a group: its WhatsApp id and the state it now has. */
export interface MessageStateNews<T> {
  session_id: string;
  group_id: string;
  wa_id: string;
  state: T;
}

interface LiveMessageStatesOptions<T> {
  /** The news an event carries for this kind of state, else null. */
  read: (event: ServerEvent) => MessageStateNews<T> | null;
  /** Which of an older and a newer account of one message's state to show. */
  later: (older: T | null | undefined, newer: T | null | undefined) => T | null;
  /**
   * Forget what events said once the stream (re)connects: for states that can go back (a changed vote),
   * the pages fetched again after `ready` are newer than anything heard before it.
   */
  forgetOnReady?: boolean;
}

/**
 * A state of the messages of one group as live events tell it, while mounted (reply ticks, poll counts):
 * `stateOf(waId, fetched)` answers `later(fetched, heard)`. An event may come before the message it is
 * about, so what is heard is kept by WhatsApp id, and dropped when another group is shown.
 */
export function useLiveMessageStates<T>(
  sessionId: string,
  groupId: string,
  { read, later, forgetOnReady = false }: LiveMessageStatesOptions<T>,
) {
  const [live, setLive] = useState<ReadonlyMap<string, T>>(() => new Map());
  // Another group: what was heard belongs to the one before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group's identity is the trigger
  useEffect(() => setLive(new Map()), [sessionId, groupId]);
  useEventStream((event) => {
    if (event.type === 'ready' && forgetOnReady) {
      setLive(new Map());
      return;
    }
    const news = read(event);
    if (!news || news.session_id !== sessionId || news.group_id !== groupId) return;
    setLive((previous) => {
      const next = new Map(previous);
      next.set(news.wa_id, later(previous.get(news.wa_id), news.state) ?? news.state);
      return next;
    });
  });
  return useCallback(
    (waId: string, fetched: T | null | undefined) => later(fetched, live.get(waId)),
    [live, later],
  );
}
