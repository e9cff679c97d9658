import type { Db } from '../../db/client';
import type { ContactInfo, GroupInfo, PollVote } from '../../whatsapp/driver';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionRef } from '../sessions/message-sink';
import { createChatStore } from './chat-store.service';
import { type ContactPair, createContactsRepository } from './contacts.repository';
import { jidsToResolve, type LiveMessage, phoneOf, resolveMessage } from './group-message';
import { createGroupsRepository } from './groups.repository';
import { createIngest } from './ingest.service';
import { type ClaimedRow, createLiveQueueRepository } from './live-queue.repository';
import { createMessageChanges } from './message-changes';
import { createMessagesRepository, type FilledAuthor } from './messages.repository';
import { createMissedCalls } from './missed-calls.service';
import { createParticipantsRepository } from './participants.repository';
import { createPollsRepository } from './polls.repository';
import { createReactionsRepository } from './reactions.repository';

export type MessageStore = ReturnType<typeof createMessageStore>;

/** A live message taken from the queue: what ingest published, plus what the ticket engine needs. */
export interface QueuedLiveMessage extends LiveMessage {
  /** Queue position: what `ackLive` and `releaseLive` take. */
  seq: number;
  /** Claims so far, this one included. */
  attempts: number;
  /** The session's linked phone (digits) when the message was claimed: names its own messages. */
  linkedPhone: string | null;
  ticketMode: ClaimedRow['ticketMode'];
  ackPhrases: ClaimedRow['ackPhrases'];
  deskReply: ClaimedRow['deskReply'];
}

/**
 * Messages of one session whose LID author's phone number was learned after they were stored (their
 * wa_messages.author_alt has just been filled): what the ticket engine recorded without a number.
 */
export interface ResolvedAuthors {
  sessionId: string;
  messages: FilledAuthor[];
}

export type ResolvedAuthorsListener = (resolved: ResolvedAuthors) => Promise<void>;

/**
 * The WhatsApp message store: the one owner of wa_groups, wa_messages, wa_contacts, wa_group_participants
 * and wa_live_queue. It is the sessions' MessageSink (what a connection receives comes in through it);
 * the Chat page's pages, sync and media use `chat` (chat-store.service.ts); the ticket engine claims
 * from its live queue.
 */
export function createMessageStore({ db, bus }: { db: Db; bus: DeskEventBus }) {
  const groups = createGroupsRepository(db);
  const messages = createMessagesRepository(db);
  const contacts = createContactsRepository(db);
  const queue = createLiveQueueRepository(db);
  const participants = createParticipantsRepository(db);
  const polls = createPollsRepository(db);
  const reactions = createReactionsRepository(db);
  const changes = createMessageChanges({ messages, reactions, contacts, groups, bus });
  const resolvedListeners = new Set<ResolvedAuthorsListener>();

  /**
   * Pairs just learned: the phone number of a LID goes into the session's stored messages that lack it,
   * then to whoever recorded those messages without it (the ticket engine). Not the other direction: a
   * phone-number author needs no LID.
   */
  async function learnedPairs(session: { id: string }, pairs: readonly ContactPair[]): Promise<void> {
    const lidToPhone = pairs.flatMap((p) =>
      p.jid.endsWith('@lid') && phoneOf(p.altJid) ? [{ lid: p.jid, phoneJid: p.altJid }] : [],
    );
    if (lidToPhone.length === 0) return;
    const filled = await messages.fillAuthorAlt(session.id, lidToPhone);
    if (filled.length === 0) return;
    for (const listener of resolvedListeners) await listener({ sessionId: session.id, messages: filled });
  }

  /** Names and pairs from the phone (contacts, group members): stored, and applied to stored messages. */
  async function learnContacts(session: { id: string }, received: readonly ContactInfo[]): Promise<void> {
    await learnedPairs(session, await contacts.save(session.id, received));
  }

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
      ticketMode: row.ticketMode,
      ackPhrases: row.ackPhrases,
      deskReply: row.deskReply,
      organisationId: row.organisationId,
      sessionId: row.sessionId,
      groupJid: row.groupJid,
      groupName: row.groupName,
      message: resolveMessage(row.fields, names.get(row.sessionId) ?? new Map(), {
        phone: row.linkedPhone,
        jid: null,
        lid: null,
      }),
    }));
  }

  const chat = createChatStore({ groups, messages, contacts, polls, reactions });

  return {
    /** What the WhatsApp Chat page and the desk's replies read and set (chat-store.service.ts). */
    chat,
    ingest: createIngest({ messages, contacts, groups, polls, changes, bus, learnedPairs }),

    /**
     * Votes the driver read: each voter's newest vote is kept, and every poll whose counts changed is
     * published as `poll.updated` (all instances' event streams). Nothing else moves: a vote is no message,
     * so no ticket, last message or unread count sees it.
     */
    async saveVotes(session: SessionRef, votes: PollVote[]): Promise<void> {
      const changed = await polls.saveVotes(session.id, votes);
      for (const { groupJid, pollWaId } of changed) {
        const poll = (await chat.pollViews(session.id, groupJid, [pollWaId])).get(pollWaId);
        if (!poll) continue;
        bus.publish('poll.updated', {
          organisationId: session.organisationId,
          sessionId: session.id,
          groupJid,
          waId: pollWaId,
          poll,
        });
      }
    },
    /** Calls nobody answered, in the caller's one group (missed-calls.service.ts). */
    saveMissedCalls: createMissedCalls({ messages, contacts, groups, participants, bus }),
    /** What the driver needs to read votes on a poll: its secret and creator (never leaves the server). */
    pollKey: polls.key,
    saveContacts: (sessionId: string, received: ContactInfo[]) => learnContacts({ id: sessionId }, received),

    /**
     * Called with the messages whose author's phone number was filled in after they were stored, once per
     * change, before the change that taught it is done. Answers the unsubscribe.
     */
    onResolvedAuthors(listener: ResolvedAuthorsListener): () => void {
      resolvedListeners.add(listener);
      return () => resolvedListeners.delete(listener);
    },

    /**
     * `complete` lists are the phone's whole group list: groups missing from it were left. A group that
     * comes with its member list (`participants` not null) gets exactly those members, and their
     * LID/phone-number pairs join the session's contacts.
     */
    async saveGroups(session: SessionRef, list: GroupInfo[], complete: boolean): Promise<void> {
      await groups.saveGroups(session.id, session.organisationId, list, complete);
      const withMembers = list.flatMap((g) =>
        g.participants ? [{ groupJid: g.jid, participants: g.participants }] : [],
      );
      await participants.replace(session.id, withMembers);
      if (complete)
        await participants.keepGroups(
          session.id,
          list.map((g) => g.jid),
        );
      await learnContacts(
        session,
        withMembers.flatMap((g) => g.participants),
      );
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
    /**
     * The phone numbers (digits) now known for LID senders of the session, for messages that were claimed
     * before their pair was learned.
     */
    async phonesOf(sessionId: string, lids: string[]): Promise<Map<string, string>> {
      const known = await contacts.names(sessionId, lids);
      const phones = new Map<string, string>();
      for (const [lid, { altJid }] of known) {
        const phone = phoneOf(altJid);
        if (phone) phones.set(lid, phone);
      }
      return phones;
    },
    /** No live message is queued, claimed or not (the bench waits for it). */
    liveQueueEmpty: () => queue.isEmpty(),

    /** An empty answer to a request for older messages; the history is complete only on evidence. */
    recordEmptyAnswer: groups.recordEmptyAnswer,
  };
}
