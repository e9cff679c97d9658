import type { Db } from '../../db/client';
import type { ContactInfo, GroupInfo } from '../../whatsapp/driver';
import type { DeskEventBus } from '../events/desk-events';
import { createContactsRepository } from './contacts.repository';
import { jidsToResolve, type LiveMessage, resolveMessage } from './group-message';
import { createGroupsRepository } from './groups.repository';
import { createIngest, type SessionRef } from './ingest.service';
import { type ClaimedRow, createLiveQueueRepository } from './live-queue.repository';
import { createMessagesRepository } from './messages.repository';

export type MessageStore = ReturnType<typeof createMessageStore>;

/** A live message taken from the queue: what ingest published, plus what the ticket engine needs. */
export interface QueuedLiveMessage extends LiveMessage {
  /** Queue position: what `ackLive` and `releaseLive` take. */
  seq: number;
  /** Claims so far, this one included. */
  attempts: number;
  /** The session's linked phone (digits) when the message was claimed: names its own messages. */
  linkedPhone: string | null;
}

/**
 * The WhatsApp message store: the one owner of wa_groups, wa_messages and wa_contacts. The sessions
 * module hands it what a connection receives; pages, sync and media read it through this module.
 */
export function createMessageStore({ db, bus }: { db: Db; bus: DeskEventBus }) {
  const groups = createGroupsRepository(db);
  const messages = createMessagesRepository(db);
  const contacts = createContactsRepository(db);
  const queue = createLiveQueueRepository(db);

  /** LiveMessages as ingest builds them: sender names from the session's contacts, one query per session. */
  async function toLive(rows: ClaimedRow[]): Promise<QueuedLiveMessage[]> {
    const names = new Map<string, Awaited<ReturnType<typeof contacts.names>>>();
    for (const sessionId of new Set(rows.map((row) => row.sessionId))) {
      const fields = rows.filter((row) => row.sessionId === sessionId).map((row) => row.fields);
      names.set(sessionId, await contacts.names(sessionId, jidsToResolve(fields)));
    }
    return rows.map((row) => ({
      seq: row.seq,
      attempts: row.attempts,
      linkedPhone: row.linkedPhone,
      organisationId: row.organisationId,
      sessionId: row.sessionId,
      groupJid: row.groupJid,
      groupName: row.groupName,
      message: resolveMessage(row.fields, names.get(row.sessionId) ?? new Map()),
    }));
  }

  return {
    repos: { groups, messages, contacts },
    ingest: createIngest({ messages, contacts, groups, bus }),
    saveContacts: (sessionId: string, received: ContactInfo[]) => contacts.save(sessionId, received),

    /** `complete` lists are the phone's whole group list: groups missing from it were left. */
    async saveGroups(session: SessionRef, list: GroupInfo[], complete: boolean): Promise<void> {
      await groups.saveGroups(session.id, session.organisationId, list, complete);
      bus.publish('groups.updated', {
        organisationId: session.organisationId,
        sessionId: session.id,
        groupsCount: await groups.groupCount(session.id),
      });
    },

    /**
     * The ticket engine's intake (docs/architecture.md, ticket pipeline): claims up to `max` queued live
     * messages, oldest first, at most one per group, for `claimMs`.
     */
    claimLive: async (instanceId: string, max: number, claimMs: number) =>
      toLive(await queue.claim(instanceId, max, claimMs)),
    /** Messages the engine is done with leave the queue. */
    ackLive: (instanceId: string, seqs: readonly number[]) => queue.ack(instanceId, seqs),
    /** Messages whose processing failed are claimable again after `retryMs`. */
    releaseLive: (instanceId: string, seqs: readonly number[], retryMs: number) =>
      queue.release(instanceId, seqs, retryMs),
    /** No live message is queued, claimed or not (the bench waits for it). */
    liveQueueEmpty: () => queue.isEmpty(),

    /** An empty answer to a request for older messages; the history is complete only on evidence. */
    recordEmptyAnswer: groups.recordEmptyAnswer,
  };
}
