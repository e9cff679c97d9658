import type { GroupMessage, GroupMessagesRequest, SessionGroup } from '@wadesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchGroupMessages } from '@/features/groups/api/groups-api';
import { appendUnique, applyMessageUpdate, pageToast } from '@/features/groups/utils/message-page';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';

export interface MessagesState {
  status: 'loading' | 'ready' | 'error';
  messages: GroupMessage[];
  hasMoreBefore: boolean;
  /** The page shown ends with the newest stored message: live messages are appended to it. */
  atLatest: boolean;
  /** Live messages that arrived while an older page was shown. */
  unseen: number;
  /** The phone was asked for older messages; they come with a `history` event. */
  historyPending: boolean;
  /** Where to scroll after this change. */
  scroll: 'bottom' | 'top' | null;
}

const INITIAL: MessagesState = {
  status: 'loading',
  messages: [],
  hasMoreBefore: false,
  atLatest: true,
  unseen: 0,
  historyPending: false,
  scroll: null,
};

/** How long to show "Asking the phone…" before giving up on an answer. */
export const HISTORY_WAIT_MS = 60_000;

type Paging = 'prev' | 'next' | null;

/**
 * One group's messages in pages of 100: the newest page first; previous and more messages fetch the
 * page before the first or after the last message shown. New live messages join the newest page at
 * once. When the store has nothing older the server asks the phone (`history_pending`), and the same
 * page is fetched again when the `history` event says older messages were stored.
 */
export function useGroupMessages(group: SessionGroup) {
  const [state, setState] = useState<MessagesState>(INITIAL);
  const [paging, setPaging] = useState<Paging>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const latest = useRef(0);
  // The `prev` request whose answer the phone still owes.
  const pendingPrev = useRef<GroupMessagesRequest | null>(null);

  const { session_id, group_id } = group;

  const request = useCallback(
    async (body: GroupMessagesRequest, kind: 'latest' | 'prev' | 'next' | 'refill', announce: boolean) => {
      const call = ++latest.current;
      if (kind === 'prev' || kind === 'next') setPaging(kind);
      try {
        const answer = await fetchGroupMessages(body);
        if (call !== latest.current) return;
        const got = answer.messages.length;
        if (announce)
          pageToast(kind === 'next' ? 'next' : 'prev', got, answer.history_pending, answer.history_note);
        pendingPrev.current = answer.history_pending ? body : null;
        setState((previous) => {
          // An empty older or newer page keeps what is shown.
          if (got === 0 && (kind === 'prev' || kind === 'next' || kind === 'refill')) {
            return {
              ...previous,
              // Nothing older and the phone has said so: the start of the chat is shown.
              hasMoreBefore: kind === 'next' ? previous.hasMoreBefore : answer.has_more_before,
              atLatest: kind === 'next' ? true : previous.atLatest,
              historyPending: answer.history_pending,
              scroll: null,
            };
          }
          return {
            status: 'ready',
            messages: answer.messages,
            hasMoreBefore: answer.has_more_before,
            atLatest: !answer.has_more_after,
            unseen: answer.has_more_after ? previous.unseen : 0,
            historyPending: answer.history_pending,
            scroll: kind === 'next' ? 'top' : 'bottom',
          };
        });
      } catch (error) {
        if (call !== latest.current) return;
        console.error('Group messages could not be loaded', error);
        if (kind === 'latest') setState((previous) => ({ ...previous, status: 'error' }));
        else if (announce) toast.error('The messages could not be loaded. Try again.');
      } finally {
        if (call === latest.current) setPaging(null);
      }
    },
    [],
  );

  const loadLatest = useCallback(
    (quiet = false) => {
      if (!quiet) setState(INITIAL);
      pendingPrev.current = null;
      return request({ session_id, group_id }, 'latest', false);
    },
    [session_id, group_id, request],
  );

  useEffect(() => {
    void loadLatest();
  }, [loadLatest]);

  /** `announce` false: no toast about the page (paging back to a linked message). */
  const prev = (announce = true) => {
    const first = stateRef.current.messages[0];
    if (!first) return;
    void request({ session_id, group_id, msg_type: 'prev', msg_id: first.msg_id }, 'prev', announce);
  };

  const next = () => {
    const last = stateRef.current.messages.at(-1);
    if (!last) return;
    void request({ session_id, group_id, msg_type: 'next', msg_id: last.msg_id }, 'next', true);
  };

  // The phone may never answer (switched off): stop saying it is being asked.
  useEffect(() => {
    if (!state.historyPending) return;
    const timer = setTimeout(() => {
      pendingPrev.current = null;
      setState((previous) => ({ ...previous, historyPending: false, scroll: null }));
    }, HISTORY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [state.historyPending]);

  useEventStream((event) => {
    if (event.type === 'ready') {
      if (stateRef.current.atLatest) void loadLatest(true);
      return;
    }
    if (!('group_id' in event) || event.group_id !== group_id || event.session_id !== session_id) return;
    if (event.type === 'messages.new') {
      setState((previous) =>
        previous.atLatest
          ? {
              ...previous,
              status: 'ready',
              messages: appendUnique(previous.messages, event.messages),
              scroll: 'bottom',
            }
          : { ...previous, unseen: previous.unseen + event.messages.length, scroll: null },
      );
    }
    // Reactions, edits and deletes change a shown message in place (decision 0026).
    if (event.type === 'message.updated') {
      setState((previous) => {
        const messages = applyMessageUpdate(previous.messages, event);
        return messages === previous.messages ? previous : { ...previous, messages, scroll: null };
      });
    }
    if (event.type === 'history') {
      const waiting = pendingPrev.current;
      if (waiting) void request(waiting, 'refill', false);
      // A group opened before its first history arrived fills up now.
      else if (stateRef.current.atLatest && stateRef.current.messages.length < 100) void loadLatest(true);
    }
  });

  return { ...state, paging, prev, next, reload: loadLatest };
}
