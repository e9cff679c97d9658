import type {
  SyncOldMessagesRequest,
  SyncOldMessagesResponse,
  SyncOutcome,
  SyncState,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import type { DeskEventBus } from '../events/desk-events';
import type { ChatStore, GroupRow } from '../messages/chat-store.service';
import { NotConnectedError } from '../sessions/gateway';
import { ownedGroup } from './group-access';
import type { PhoneAccess } from './phone-access';

export interface SyncServiceDeps {
  store: ChatStore;
  phone: PhoneAccess;
  bus: DeskEventBus;
  /** How long to wait for the phone to answer one request for older messages. */
  answerTimeoutMs: number;
  /** How long to wait before asking again after an empty answer (the evidence gap, decision 0015). */
  emptyRetryMs: number;
  log: { warn(object: object, message: string): void };
}

export type SyncService = ReturnType<typeof createSyncService>;

/** The answer to a sync request: its words and, for the SPA to choose one message, what happened. */
const answer = (outcome: SyncOutcome, message: string): SyncOldMessagesResponse => ({
  success: true,
  message,
  outcome,
  already_synced: outcome === 'already_synced',
});

const EMPTY_RETRY = 'The phone sent nothing older; asking again in a minute to be sure this is the start.';

/**
 * "Sync All Old Messages": asks the phone for 50 older messages at a time until it has nothing older.
 * Runs in the background; progress is stored on the group (so a restart resumes it once the session is
 * connected again) and pushed as `sync.progress` events.
 */
export function createSyncService({
  store,
  phone,
  bus,
  answerTimeoutMs,
  emptyRetryMs,
  log,
}: SyncServiceDeps) {
  const running = new Set<string>();
  let closed = false;

  async function report(
    group: GroupRow,
    state: SyncState,
    fetched: number,
    message: string | null,
  ): Promise<void> {
    await store.saveSync(group.sessionId, group.jid, {
      syncState: state,
      syncFetched: fetched,
      syncMessage: message,
    });
    const oldest = await store.oldestMessage(group.sessionId, group.jid);
    bus.publish('sync.progress', {
      organisationId: group.organisationId,
      sessionId: group.sessionId,
      groupId: group.jid,
      state,
      fetched,
      oldestTimestamp: oldest?.timestamp ?? null,
      message,
    });
  }

  async function run(group: GroupRow, startFetched: number): Promise<void> {
    let fetched = startFetched;
    let repeats = 0;
    await report(group, 'running', fetched, null);
    while (!closed) {
      const answer = await phone.older(group, answerTimeoutMs);
      if (!answer) return report(group, 'done', fetched, 'There are no messages to start from yet.');
      if (answer.kind === 'start') return report(group, 'done', fetched, null);
      if (answer.kind === 'empty') {
        // One empty answer is no proof of the chat's start: ask again once the evidence gap has passed.
        await report(group, 'running', fetched, EMPTY_RETRY);
        await new Promise((resolve) => setTimeout(resolve, emptyRetryMs).unref());
        continue;
      }
      if (answer.kind === 'pending' || (answer.stored === 0 && ++repeats >= 3)) {
        // No answer, or the phone keeps sending only what is stored: stop without calling it complete.
        return report(
          group,
          'waiting_phone',
          fetched,
          'The phone did not answer. Keep WhatsApp open on the phone and sync again.',
        );
      }
      if (answer.stored > 0) repeats = 0;
      fetched += answer.stored;
      await report(group, 'running', fetched, null);
    }
  }

  function launch(group: GroupRow, startFetched: number): void {
    const key = `${group.sessionId}|${group.jid}`;
    running.add(key);
    run(group, startFetched)
      .catch(async (error) => {
        const message =
          error instanceof NotConnectedError
            ? 'The session disconnected. Sync again once it is connected.'
            : 'The sync stopped because of an error.';
        if (!(error instanceof NotConnectedError))
          log.warn({ err: error, sessionId: group.sessionId }, 'history sync failed');
        await report(group, 'failed', startFetched, message).catch(() => {});
      })
      .finally(() => running.delete(key));
  }

  // A sync that was running when the session dropped (or the server stopped) goes on once it is back.
  const unsubscribe = bus.on('session.status', (event) => {
    if (event.status !== 'connected') return;
    store.groupsToResume(event.sessionId).then(
      (groups) => {
        for (const group of groups)
          if (!running.has(`${group.sessionId}|${group.jid}`)) launch(group, group.syncFetched);
      },
      (error) => log.warn({ err: error }, 'resuming history sync failed'),
    );
  });

  return {
    async start(
      organisationId: number,
      { session_id, group_id }: SyncOldMessagesRequest,
    ): Promise<SyncOldMessagesResponse> {
      const group = await ownedGroup(store, organisationId, session_id, group_id);
      if (running.has(`${group.sessionId}|${group.jid}`))
        return answer('already_running', 'Old messages are already syncing.');
      if (group.historyComplete) {
        await report(group, 'done', group.syncFetched, null);
        return answer('already_synced', 'All old messages are already synced.');
      }
      if (!(await phone.connected(group.sessionId))) {
        throw new AppError(409, 'The session is not connected. Reconnect it and try again.');
      }
      // Resumes from the oldest stored message; the count goes on unless the last run had finished.
      launch(group, group.syncState === 'done' ? 0 : group.syncFetched);
      return answer('started', 'Syncing old messages in the background.');
    },

    close(): void {
      closed = true;
      unsubscribe();
    },
  };
}
