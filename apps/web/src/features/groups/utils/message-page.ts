import type { GroupMessage } from '@wadesk/contract';
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
