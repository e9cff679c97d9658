import type { GroupMessage } from '@wadesk/contract';

// The messages a group's pane holds: a window of the group's history that grows at either end as the
// user scrolls, and is replaced when they jump (to the latest, a date, a search hit). Pure functions, so
// the hook's state machine is tested without a layout (docs/decisions/0025-group-reading.md).

/** Most messages held at once; the far end is dropped past it (scrolling back loads it again). */
export const WINDOW_CAP = 3_000;
/** The list's index of the first message of a fresh window; it goes down as older pages are prepended. */
export const FIRST_INDEX = 10_000_000;

export interface MessageWindow {
  messages: GroupMessage[];
  /** The list index of `messages[0]` (react-virtuoso's firstItemIndex): prepending lowers it. */
  firstIndex: number;
  /** Older messages exist (stored, or maybe on the phone). */
  hasMoreBefore: boolean;
  /** The window ends with the newest stored message: live messages join it. */
  atLatest: boolean;
  /** Bumped when the window is replaced rather than grown: the list starts again at `start`. */
  generation: number;
  /**
   * Messages that were the window's first when an older page was put before them. Their author run
   * restarts there (message-layout.ts), so a held bubble keeps the height it was drawn with.
   */
  seams: readonly string[];
}

export const EMPTY_WINDOW: MessageWindow = {
  messages: [],
  firstIndex: FIRST_INDEX,
  hasMoreBefore: false,
  atLatest: true,
  generation: 0,
  seams: [],
};

const byTime = (a: GroupMessage, b: GroupMessage) =>
  a.timestamp - b.timestamp || (a.msg_id < b.msg_id ? -1 : a.msg_id > b.msg_id ? 1 : 0);

function unseen(shown: readonly GroupMessage[], incoming: readonly GroupMessage[]): GroupMessage[] {
  const ids = new Set(shown.map((message) => message.msg_id));
  return incoming.filter((message) => !ids.has(message.msg_id));
}

/** A new window (opening, jumping): the list starts over. */
export function replaceWindow<W extends MessageWindow>(
  window: W,
  messages: GroupMessage[],
  edges: { hasMoreBefore: boolean; atLatest: boolean },
  cap = WINDOW_CAP,
): W {
  const kept = messages.length > cap ? messages.slice(-cap) : messages;
  return {
    ...window,
    messages: kept,
    firstIndex: FIRST_INDEX,
    hasMoreBefore: edges.hasMoreBefore || kept.length < messages.length,
    atLatest: edges.atLatest,
    generation: window.generation + 1,
    seams: [],
  };
}

/**
 * An older page joins the start; `firstIndex` goes down by what was new, so the list keeps the shown
 * message where it was. Past `cap` the newest messages are dropped: the window no longer ends at the latest.
 */
export function prependPage<W extends MessageWindow>(
  window: W,
  older: readonly GroupMessage[],
  hasMoreBefore: boolean,
  cap = WINDOW_CAP,
): W {
  const fresh = unseen(window.messages, older).sort(byTime);
  // A page already held (asked twice) changes nothing: the same array, so the list is not drawn again.
  if (fresh.length === 0) return { ...window, hasMoreBefore };
  const messages = [...fresh, ...window.messages];
  const dropped = Math.max(0, messages.length - cap);
  const held = window.messages[0];
  return {
    ...window,
    messages: dropped > 0 ? messages.slice(0, messages.length - dropped) : messages,
    seams: held ? [...window.seams, held.msg_id] : window.seams,
    firstIndex: window.firstIndex - fresh.length,
    hasMoreBefore,
    atLatest: window.atLatest && dropped === 0,
  };
}

/**
 * Newer messages join the end (a newer page, or live ones). Past `cap` the oldest are dropped and
 * `firstIndex` moves up by as many, so the messages still shown keep their indices.
 */
export function appendMessages<W extends MessageWindow>(
  window: W,
  newer: readonly GroupMessage[],
  atLatest: boolean,
  cap = WINDOW_CAP,
): W {
  const fresh = unseen(window.messages, newer);
  const messages = fresh.length > 0 ? [...window.messages, ...fresh].sort(byTime) : window.messages;
  const dropped = Math.max(0, messages.length - cap);
  return {
    ...window,
    messages: dropped > 0 ? messages.slice(dropped) : messages,
    firstIndex: window.firstIndex + dropped,
    hasMoreBefore: window.hasMoreBefore || dropped > 0,
    atLatest,
  };
}
