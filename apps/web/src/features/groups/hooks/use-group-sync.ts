import type { SessionGroup, SyncState } from '@wadesk/contract';
import { useState } from 'react';
import { syncOldMessages } from '@/features/groups/api/groups-api';
import { errorMessage } from '@/shared/api/api-error';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';

export const SYNC_FAILED = 'something went wrong';

export interface SyncProgress {
  /** `already_synced`: the whole history was stored before this press; nothing was fetched. */
  state: SyncState | 'starting' | 'already_synced';
  fetched: number;
  oldestTimestamp: number | null;
  message: string | null;
}

const ALREADY_SYNCED: SyncProgress = {
  state: 'already_synced',
  fetched: 0,
  oldestTimestamp: null,
  message: null,
};

/**
 * "Sync All Old Messages": starts the background sync, follows its progress, refetches when done. The
 * progress bar is the one message about it: no toast beside it, and an answer that everything is
 * already synced is not followed by a "synced" success (the server reports `done` for it too).
 */
export function useGroupSync(group: SessionGroup, onSynced: () => void) {
  const [progress, setProgress] = useState<SyncProgress | null>(null);

  const start = async () => {
    setProgress({ state: 'starting', fetched: 0, oldestTimestamp: null, message: null });
    try {
      const answer = await syncOldMessages({ session_id: group.session_id, group_id: group.group_id });
      if (!answer.success) {
        toast.error(answer.message || SYNC_FAILED);
        setProgress(null);
        return;
      }
      onSynced();
      if (answer.outcome === 'already_synced') setProgress(ALREADY_SYNCED);
      else
        setProgress((current) =>
          current?.state === 'starting' ? { ...current, state: 'running' } : current,
        );
    } catch (error) {
      // A refusal (a limit, a session gone) says why in the server's words; the catalogue's text otherwise.
      toast.error(errorMessage(error, SYNC_FAILED));
      setProgress(null);
    }
  };

  useEventStream((event) => {
    if (event.type !== 'sync.progress') return;
    if (event.group_id !== group.group_id || event.session_id !== group.session_id) return;
    setProgress((current) =>
      current?.state === 'already_synced' && event.state === 'done'
        ? current
        : {
            state: event.state,
            fetched: event.fetched,
            oldestTimestamp: event.oldest_timestamp,
            message: event.message,
          },
    );
    if (event.state === 'done') onSynced();
    if (event.state === 'failed') toast.error(SYNC_FAILED);
  });

  // Busy only while the request runs: pressing again later resumes a stalled sync (the server allows it).
  const starting = progress?.state === 'starting';
  return { progress, starting, start, dismiss: () => setProgress(null) };
}
