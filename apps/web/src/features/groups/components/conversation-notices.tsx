import { XIcon } from 'lucide-react';
import type { SyncProgress } from '@/features/groups/hooks/use-group-sync';
import { HISTORY_ASKED } from '@/features/groups/utils/message-page';
import { formatDateTime } from '@/shared/format/format';
import { Spinner } from '@/shared/ui/spinner';

export const ALREADY_SYNCED_TEXT = 'All old messages are already synced.';

function progressText(progress: SyncProgress): string {
  const count = `${progress.fetched} older ${progress.fetched === 1 ? 'message' : 'messages'} stored`;
  const oldest = progress.oldestTimestamp
    ? `, back to ${formatDateTime(progress.oldestTimestamp * 1000)}`
    : '';
  switch (progress.state) {
    case 'starting':
      return 'Starting to sync old messages…';
    case 'running':
      // The server's reason while it waits (e.g. the phone sent nothing older; asking again in a minute).
      return progress.message
        ? `${progress.message} ${count}${oldest}.`
        : `Syncing old messages… ${count}${oldest}`;
    case 'waiting_phone':
      return `Waiting for the phone${progress.message ? ` (${progress.message})` : ''}… ${count}`;
    case 'done':
      return `All old messages synced: ${count}${oldest}.`;
    case 'already_synced':
      return ALREADY_SYNCED_TEXT;
    case 'failed':
      return `Sync stopped${progress.message ? `: ${progress.message}` : ''}. ${count}.`;
  }
}

interface NoticesProps {
  progress: SyncProgress | null;
  onDismiss: () => void;
  historyPending: boolean;
}

/** Thin bars under the header: the sync's progress and the wait for older history from the phone. */
export function ConversationNotices({ progress, onDismiss, historyPending }: NoticesProps) {
  const running = progress && ['starting', 'running', 'waiting_phone'].includes(progress.state);
  return (
    <>
      {progress ? (
        <div
          role="status"
          className={`flex items-center gap-2 border-b px-4 py-2 text-xs ${
            progress.state === 'failed'
              ? 'border-red-200 bg-red-50 text-red-800'
              : 'border-brand-100 bg-brand-50 text-brand-900'
          }`}
        >
          {running ? <Spinner className="size-3.5 shrink-0" /> : null}
          <span className="min-w-0 flex-1">{progressText(progress)}</span>
          {running ? null : (
            <button
              type="button"
              aria-label="Dismiss"
              onClick={onDismiss}
              className="rounded p-0.5 hover:bg-black/5"
            >
              <XIcon className="size-3.5" />
            </button>
          )}
        </div>
      ) : null}
      {historyPending ? (
        <div
          role="status"
          className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900"
        >
          <Spinner className="size-3.5 shrink-0" />
          {HISTORY_ASKED}
        </div>
      ) : null}
    </>
  );
}
