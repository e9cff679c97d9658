// Unsent replies, per ticket and per member, kept in this browser's local storage so that a reply being
// written survives closing the conversation, another screen and a reload. The key names the member
// (`replyDraft:<user id>:<ticket id>`): two members taking turns at one browser never see each other's
// drafts, and signing out removes them all (shared/account/auth-context.tsx).

import { removeKeysStartingWith } from './storage';

const PREFIX = 'replyDraft:';

const keyOf = (userId: number, ticketId: number) => `${PREFIX}${userId}:${ticketId}`;

// Storage can throw (private mode, quota): a draft is then only kept while the reply box is open.
function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const replyDrafts = {
  get: (userId: number, ticketId: number): string =>
    safely(() => localStorage.getItem(keyOf(userId, ticketId)) ?? '', ''),
  /** Blank text removes the draft. */
  set(userId: number, ticketId: number, text: string): void {
    safely(() => {
      if (text.trim() === '') localStorage.removeItem(keyOf(userId, ticketId));
      else localStorage.setItem(keyOf(userId, ticketId), text);
    }, undefined);
  },
  clear(userId: number, ticketId: number): void {
    safely(() => localStorage.removeItem(keyOf(userId, ticketId)), undefined);
    unsentReplies.set(ticketId, false);
  },
  /** Every member's drafts in this browser (sign-out: the next person here must not find them). */
  clearAll(): void {
    removeKeysStartingWith(PREFIX);
    unsentReplies.clear();
  },
};

const unsent = new Set<number>();

/**
 * The tickets whose reply box is open now with text in it: leaving the screen (or closing the dashboard's
 * conversation) asks first while there is one.
 */
export const unsentReplies = {
  set(ticketId: number, has: boolean): void {
    if (has) unsent.add(ticketId);
    else unsent.delete(ticketId);
  },
  has: (ticketId?: number): boolean => (ticketId === undefined ? unsent.size > 0 : unsent.has(ticketId)),
  tickets: (): number[] => [...unsent],
  clear: (): void => unsent.clear(),
};
