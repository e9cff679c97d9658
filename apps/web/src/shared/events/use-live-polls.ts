import type { PollState, ServerEvent } from '@wadesk/contract';
import { useLiveMessageStates } from './use-live-message-states';

/**
 * The newer of two accounts of a poll: the second. Counts can go down (a voter changes or withdraws their
 * vote), so nothing in a poll says which account is newer; the server sends a `poll.updated` for every
 * vote it counts, so the last event heard is the newest, until a (re)connected stream's `ready` makes the
 * pages fetch again.
 */
export const laterPoll = (older: PollState | null | undefined, newer: PollState | null | undefined) =>
  newer ?? older ?? null;

const readPollUpdated = (event: ServerEvent) =>
  event.type === 'poll.updated' ? { ...event, state: event.poll } : null;

/**
 * The polls of one group as `poll.updated` events count them, while mounted: `pollOf(waId, fetched)`
 * answers the counts last heard, else what the page said.
 */
export function useLivePolls(sessionId: string, groupId: string) {
  return useLiveMessageStates(sessionId, groupId, {
    read: readPollUpdated,
    later: laterPoll,
    forgetOnReady: true,
  });
}
