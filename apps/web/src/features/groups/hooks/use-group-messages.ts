import {
  type GroupMessage,
  type GroupMessagesRequest,
  type GroupMessagesResponse,
  groupMessages,
  HISTORY_EMPTY_GAP_MS,
  type MessageUpdatedEvent,
  type SessionGroup,
} from '@wadesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchGroupMessages } from '@/features/groups/api/groups-api';
import { applyMessageUpdate, pageToast } from '@/features/groups/utils/message-page';
import {
  appendMessages,
  EMPTY_WINDOW,
  type MessageWindow,
  prependPage,
  replaceWindow,
} from '@/features/groups/utils/message-window';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';

/** Where the list should show after a change: a message (at the list's start, centre or end), or the end. */
export type ScrollTarget =
  | { kind: 'message'; msgId: string; align: 'start' | 'center' | 'end' }
  | { kind: 'bottom' };

export interface MessagesState extends MessageWindow {
  status: 'loading' | 'ready' | 'error';
  /** Live messages that arrived while the window did not end at the latest. */
  unseen: number;
  /** The phone was asked for older messages; they come with a `history` event. */
  historyPending: boolean;
  /** Where to scroll after this change; `seq` tells one request from the next. */
  scroll: (ScrollTarget & { seq: number }) | null;
  /**
   * The server's word on why the last request for older messages brought none (the phone sent nothing this
   * time, or the session is offline), shown above the first message: a new object for each answer, so the
   * same words twice still count as a new answer.
   */
  olderNote: { text: string } | null;
}

export const INITIAL: MessagesState = {
  ...EMPTY_WINDOW,
  status: 'loading',
  unseen: 0,
  historyPending: false,
  scroll: null,
  olderNote: null,
};

/** What the event stream brought while a request was on its way. */
export interface Arrived {
  messages: GroupMessage[];
  updates: MessageUpdatedEvent[];
}
const NOTHING_ARRIVED: Arrived = { messages: [], updates: [] };

/** How long to show "Asking the phone…" before giving up on an answer. */
export const HISTORY_WAIT_MS = 60_000;

export type Paging = 'prev' | 'next' | 'jump' | null;
type Kind = 'latest' | 'catchup' | 'prev' | 'next' | 'refill' | 'around' | 'date';

/**
 * How the answer to a request changes the state, and where the list goes next. `arrived`: live messages
 * and changes (reactions, edits, deletes) that came after the request was sent.
 */
export function applyAnswer(
  previous: MessagesState,
  kind: Kind,
  answer: GroupMessagesResponse,
  body: GroupMessagesRequest,
  seq: number,
  scrollTo: boolean,
  arrived: Arrived = NOTHING_ARRIVED,
): MessagesState {
  const got = answer.messages;
  // The event stream (re)connected while the window ends at the latest: what came meanwhile joins its end and
  // the messages it holds take their stored state, while the reader's place and older pages stay. Only a gap
  // (more came than one page) replaces the window (decision 0025).
  const last = previous.messages.at(-1);
  const oldest = got[0];
  const gap =
    !last ||
    // Times are whole seconds: an answer starting in the same second as the window's end, without its last
    // message, may have skipped some too.
    (oldest !== undefined &&
      oldest.timestamp >= last.timestamp &&
      !got.some((m) => m.msg_id === last.msg_id));
  if (kind === 'catchup' && !gap) {
    const stored = new Map(got.map((message) => [message.msg_id, message]));
    const held = previous.messages.map((message) => stored.get(message.msg_id) ?? message);
    const caught = appendMessages(
      { ...previous, messages: held, status: 'ready' as const },
      got,
      !answer.has_more_after,
    );
    // A reaction, edit or delete that came while the answer was on its way is newer than the answer's copy.
    let messages = caught.messages;
    for (const update of arrived.updates) messages = applyMessageUpdate(messages, update);
    return { ...caught, messages, unseen: 0, scroll: null };
  }
  const base = { ...previous, status: 'ready' as const, historyPending: answer.history_pending };
  if (kind === 'prev' || kind === 'refill') {
    const next = prependPage(base, got, answer.has_more_before);
    const first = got[0];
    const note = got.length === 0 && !answer.history_pending ? answer.history_note : null;
    const olderNote = note ? { text: note } : null;
    // The Previous messages button shows the page it fetched from its first message; scrolling up keeps place.
    const scroll =
      scrollTo && first
        ? { kind: 'message' as const, msgId: first.msg_id, align: 'start' as const, seq }
        : null;
    return { ...next, scroll, olderNote };
  }
  if (kind === 'next') {
    const next = appendMessages(base, got, !answer.has_more_after);
    const first = got[0];
    const scroll =
      scrollTo && first
        ? { kind: 'message' as const, msgId: first.msg_id, align: 'start' as const, seq }
        : null;
    return { ...next, unseen: next.atLatest ? 0 : previous.unseen, scroll };
  }
  const replaced = replaceWindow(base, got, {
    hasMoreBefore: answer.has_more_before,
    atLatest: !answer.has_more_after,
  });
  // What came while the page was on its way may be newer than the server's read of it: live messages join
  // a window at the latest, and changes to messages it holds are made again.
  const joined =
    replaced.atLatest && arrived.messages.length > 0
      ? appendMessages(replaced, arrived.messages, true)
      : replaced;
  let messages = joined.messages;
  for (const update of arrived.updates) messages = applyMessageUpdate(messages, update);
  const next = messages === joined.messages ? joined : { ...joined, messages };
  let target: ScrollTarget = { kind: 'bottom' };
  if (kind === 'around' && body.msg_id) {
    const wanted = body.msg_id;
    const hit = got.find((message) => message.msg_id === wanted || message.id === wanted);
    if (hit) target = { kind: 'message', msgId: hit.msg_id, align: 'center' };
  }
  if (kind === 'date' && body.timestamp !== undefined) {
    const at = body.timestamp;
    const hit = got.find((message) => message.timestamp >= at);
    if (hit) target = { kind: 'message', msgId: hit.msg_id, align: 'start' };
  }
  return {
    ...next,
    unseen: next.atLatest ? 0 : previous.unseen,
    scroll: { ...target, seq },
    olderNote: null,
  };
}

/**
 * One group's messages as a growing window (docs/decisions/0025-group-reading.md): the newest page first;
 * older pages join the start as the user scrolls up (or presses Previous messages), newer ones the end.
 * Live messages join the window while it ends at the latest. Jumps (to the latest, a message, a date)
 * replace the window. When the store has nothing older the server asks the phone (`history_pending`),
 * and the same page is fetched again when the `history` event says older messages were stored.
 */
export function useGroupMessages(group: SessionGroup) {
  const [state, setState] = useState<MessagesState>(INITIAL);
  const [paging, setPaging] = useState<Paging>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const latest = useRef(0);
  const busy = useRef(false);
  // The `prev` request whose answer the phone still owes.
  const pendingPrev = useRef<GroupMessagesRequest | null>(null);
  // Scroll targets' numbers, apart from the requests' (`latest`): a scroll must never cancel a request.
  const scrollSeq = useRef(0);
  // Whether the list shows its first message (and the note above it), and whether asking the phone again
  // is due once the reader is back there.
  const atTop = useRef(false);
  const retryDue = useRef(false);
  const missedPrev = useRef(false);
  const [settled, setSettled] = useState(0);
  // Live messages since the latest request was sent: a window it replaces keeps them (applyAnswer).
  const arrived = useRef<Arrived>(NOTHING_ARRIVED);

  const { session_id, group_id } = group;

  /** Answers whether messages came (false on failure, or for a message the store lacks). */
  const request = useCallback(
    async (
      body: GroupMessagesRequest,
      kind: Kind,
      { announce = false, scrollTo = false }: { announce?: boolean; scrollTo?: boolean } = {},
    ): Promise<boolean> => {
      const call = ++latest.current;
      arrived.current = NOTHING_ARRIVED;
      busy.current = true;
      setPaging(
        kind === 'prev' || kind === 'next'
          ? kind
          : kind === 'latest' || kind === 'catchup' || kind === 'refill'
            ? null
            : 'jump',
      );
      try {
        const answer = await fetchGroupMessages(body);
        if (call !== latest.current) return false;
        if (announce)
          pageToast(
            kind === 'next' ? 'next' : 'prev',
            answer.messages.length,
            answer.history_pending,
            answer.history_note,
          );
        pendingPrev.current = answer.history_pending && kind === 'prev' ? body : null;
        const seq = ++scrollSeq.current;
        const since = arrived.current;
        setState((previous) => applyAnswer(previous, kind, answer, body, seq, scrollTo || announce, since));
        return answer.messages.length > 0;
      } catch (error) {
        if (call !== latest.current) return false;
        console.error('Group messages could not be loaded', error);
        if (kind === 'latest') setState((previous) => ({ ...previous, status: 'error' }));
        else if (announce) toast.error('The messages could not be loaded. Try again.');
        return false;
      } finally {
        if (call === latest.current) {
          busy.current = false;
          setPaging(null);
          if (missedPrev.current) setSettled((count) => count + 1);
        }
      }
    },
    [],
  );

  const loadLatest = useCallback(
    (quiet = false) => {
      if (!quiet) setState(INITIAL);
      pendingPrev.current = null;
      return request({ session_id, group_id }, 'latest');
    },
    [session_id, group_id, request],
  );

  useEffect(() => {
    void loadLatest();
  }, [loadLatest]);

  /**
   * The page before the first message shown. `announce` (the Previous messages button): the toast and a
   * scroll to the page's first message; without it (scrolling up) the list keeps its place.
   */
  const prev = useCallback(
    (announce = true) => {
      const { messages, hasMoreBefore, historyPending } = stateRef.current;
      const first = messages[0];
      if (!first || (!announce && (!hasMoreBefore || historyPending))) return;
      // Scrolled to the top while another request was on its way: asked once that one is done (virtuoso
      // tells the top only when it is reached, and a reader waiting there would wait for nothing).
      if (!announce && busy.current) {
        missedPrev.current = true;
        return;
      }
      void request({ session_id, group_id, msg_type: 'prev', msg_id: first.msg_id }, 'prev', { announce });
    },
    [session_id, group_id, request],
  );

  /** The page after the last message shown (More messages, or scrolling down a window that is not the latest). */
  const next = useCallback(
    (announce = true) => {
      const { messages, atLatest } = stateRef.current;
      const last = messages.at(-1);
      if (!last || (!announce && (busy.current || atLatest))) return;
      void request({ session_id, group_id, msg_type: 'next', msg_id: last.msg_id }, 'next', { announce });
    },
    [session_id, group_id, request],
  );

  /** A message (a msg_id or WhatsApp id) in the middle of its page. Answers whether it is stored. */
  const around = useCallback(
    (msgId: string) => request({ session_id, group_id, msg_type: 'around', msg_id: msgId }, 'around'),
    [session_id, group_id, request],
  );

  /** The first page at or after `timestamp` (seconds). */
  const fromDate = useCallback(
    (timestamp: number) => request({ session_id, group_id, msg_type: 'date', timestamp }, 'date'),
    [session_id, group_id, request],
  );

  /** The newest page, at its end (the window is replaced only when it does not end at the latest). */
  const jumpToLatest = useCallback(() => {
    if (stateRef.current.atLatest) {
      const seq = ++scrollSeq.current;
      setState((previous) => ({ ...previous, unseen: 0, scroll: { kind: 'bottom', seq } }));
    } else void loadLatest(true);
  }, [loadLatest]);

  // The phone may never answer (switched off): stop saying it is being asked.
  useEffect(() => {
    if (!state.historyPending) return;
    const timer = setTimeout(() => {
      pendingPrev.current = null;
      setState((previous) => ({ ...previous, historyPending: false, scroll: null }));
    }, HISTORY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [state.historyPending]);

  // The phone sent nothing older this time: the list asks again once another answer counts as evidence
  // (HISTORY_EMPTY_GAP_MS, and a second more so that the server's clock agrees) — at once if the reader is
  // at the top, else when they come back to it. A few such answers prove the group's start.
  const note = state.olderNote;
  useEffect(() => {
    retryDue.current = false;
    if (note?.text !== groupMessages.phoneSentNothing) return;
    const timer = setTimeout(() => {
      if (atTop.current) prev(false);
      else retryDue.current = true;
    }, HISTORY_EMPTY_GAP_MS + 1_000);
    return () => clearTimeout(timer);
  }, [note, prev]);

  // A scroll to the top that came while a request was on its way, asked for now (drawn with its answer).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a request with a missed scroll settles
  useEffect(() => {
    if (!missedPrev.current) return;
    missedPrev.current = false;
    if (atTop.current) prev(false);
  }, [settled, prev]);

  const setAtTop = useCallback(
    (shown: boolean) => {
      atTop.current = shown;
      if (!shown || !retryDue.current) return;
      retryDue.current = false;
      prev(false);
    },
    [prev],
  );

  useEventStream((event) => {
    if (event.type === 'ready') {
      if (stateRef.current.atLatest) {
        pendingPrev.current = null;
        void request({ session_id, group_id }, 'catchup');
      }
      return;
    }
    if (!('group_id' in event) || event.group_id !== group_id || event.session_id !== session_id) return;
    if (event.type === 'messages.new') {
      // Kept only while a request is on its way (the next request starts afresh).
      if (busy.current)
        arrived.current = {
          ...arrived.current,
          messages: [...arrived.current.messages, ...(event.messages as GroupMessage[])],
        };
      setState((previous) =>
        previous.atLatest
          ? {
              ...appendMessages(previous, event.messages as GroupMessage[], true),
              ...keep(previous),
              status: 'ready',
            }
          : { ...previous, unseen: previous.unseen + event.messages.length, scroll: null },
      );
    }
    // Reactions, edits and deletes change a shown message in place (decision 0026); the list keeps its place.
    if (event.type === 'message.updated') {
      if (busy.current)
        arrived.current = { ...arrived.current, updates: [...arrived.current.updates, event] };
      setState((previous) => {
        const messages = applyMessageUpdate(previous.messages, event);
        return messages === previous.messages ? previous : { ...previous, messages, scroll: null };
      });
    }
    if (event.type === 'history') {
      const waiting = pendingPrev.current;
      if (waiting) void request(waiting, 'refill');
      // A group opened before its first history arrived fills up now.
      else if (stateRef.current.atLatest && stateRef.current.messages.length < 100) void loadLatest(true);
    }
  });

  return { ...state, paging, prev, next, around, fromDate, jumpToLatest, setAtTop, reload: loadLatest };
}

/** What a live message leaves as it was: the list follows it by itself when at the bottom. */
function keep(previous: MessagesState) {
  return { unseen: previous.unseen, historyPending: previous.historyPending, scroll: null };
}
