import type { GroupMessage, MessageUpdatedEvent } from '@wadesk/contract';
import { toast } from '@/shared/ui/toast';

/** Adds live messages after the shown ones, skipping any already there, in time order. */
export function appendUnique(
  shown: readonly GroupMessage[],
  incoming: readonly GroupMessage[],
): GroupMessage[] {
  const seen = new Set(shown.map((message) => message.msg_id));
  const fresh = incoming.filter((message) => !seen.has(message.msg_id));
  if (fresh.length === 0) return shown as GroupMessage[];
  return [...shown, ...fresh].sort((a, b) => a.timestamp - b.timestamp);
}

export const HISTORY_ASKED = 'Asking the phone for older messages…';
/** Above the first message while the phone has sent nothing older yet: the list asks again by itself. */
export const HISTORY_ASKING_AGAIN = 'The phone sent nothing older this time. Asking again in a minute…';

/**
 * The confirmation after previous / more messages ("Successfully fetched 100 messages"); `note` is the
 * server's word on why the phone gave nothing older (not connected, or nothing this time: retry later).
 */
export function pageToast(
  direction: 'prev' | 'next',
  count: number,
  historyPending: boolean,
  note: string | null = null,
): void {
  if (count > 0) {
    toast.success(`Successfully fetched ${count} ${count === 1 ? 'message' : 'messages'}`);
  } else if (historyPending) {
    toast.info(HISTORY_ASKED);
  } else if (note) {
    toast.info(note);
  } else {
    toast.info(direction === 'prev' ? 'No older messages' : 'No newer messages');
  }
}

/**
 * A `message.updated` event applied to the shown messages, in place (decision 0026): the message's reactions,
 * its edited text with the earlier ones, or its delete. Answers `shown` itself when the message is not shown.
 */
export function applyMessageUpdate(
  shown: readonly GroupMessage[],
  update: MessageUpdatedEvent,
): GroupMessage[] {
  const index = shown.findIndex((message) => message.id === update.id);
  const message = shown[index];
  if (!message) return shown as GroupMessage[];
  let next: GroupMessage = { ...message };
  if (update.reactions) next.reactions = update.reactions;
  if (update.edit && next.message_type !== 'revoked')
    next = { ...next, body: update.edit.body, edited_at: update.edit.edited_at, edits: update.edit.edits };
  if (update.deleted)
    next = {
      ...next,
      message_type: 'revoked',
      body: '',
      has_media: false,
      media_base64: null,
      revoked_by: update.deleted.revoked_by,
      deleted_at: update.deleted.deleted_at,
      reactions: [],
      edited_at: null,
      edits: [],
    };
  const copy = [...shown];
  copy[index] = next;
  return copy;
}
