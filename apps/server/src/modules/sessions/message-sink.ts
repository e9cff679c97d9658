import type { WAMessage } from 'baileys';
import type {
  ContactInfo,
  GroupInfo,
  MissedCall,
  OldestMessage,
  PollKey,
  PollVote,
} from '../../whatsapp/driver';

/** A session as what it receives is filed under: its id and its organisation. */
export interface SessionRef {
  id: string;
  organisationId: number;
}

/** Where a batch of messages came from: only `live` ones may open tickets. */
export type MessageOrigin = 'history' | 'on_demand' | 'live';

export interface SinkIngestResult {
  /** The messages of the batch that were new (stored now), by group and WhatsApp id. */
  inserted: readonly { groupJid: string; waId: string }[];
  /** New rows per group JID. */
  perGroup: Map<string, number>;
  /** Messages per group JID that the batch held, new or not, stored or not (a notice stores nothing). */
  received: Map<string, number>;
  /** Per group JID, the oldest item of the batch that stores no row of its own (a notice, a stub). */
  oldestUnstored: Map<string, OldestMessage>;
}

/**
 * What the gateway pushes everything a connection receives into: the message store implements it and
 * the composition root (app.ts) hands it over, so the sessions module knows nothing of the store.
 * The gateway calls it for one session at a time, in arrival order.
 */
export interface MessageSink {
  /** Stores a batch of messages (with the contacts a history batch carried). */
  ingest(
    session: SessionRef,
    messages: WAMessage[],
    origin: MessageOrigin,
    contacts?: ContactInfo[],
  ): Promise<SinkIngestResult>;
  /** Votes on the session's polls, decrypted by the driver: counted, never stored as messages. */
  saveVotes(session: SessionRef, votes: PollVote[]): Promise<void>;
  /**
   * Calls to the linked number nobody answered: each shown in the caller's group when the caller is a member
   * of exactly one group of the session (decision 0026); never a ticket.
   */
  saveMissedCalls(session: SessionRef, calls: MissedCall[]): Promise<void>;
  /** A stored poll with its secret, for the driver to read votes on it; null when there is none. */
  pollKey(sessionId: string, groupJid: string, pollId: string): Promise<PollKey | null>;
  /** Names and LID/phone-number pairs from the phone. */
  saveContacts(sessionId: string, contacts: ContactInfo[]): Promise<void>;
  /** The session's groups; `complete` when the list is the phone's whole list (groups missing were left). */
  saveGroups(session: SessionRef, groups: GroupInfo[], complete: boolean): Promise<void>;
  /**
   * An answer to a request for older messages held nothing for the group: `complete` once the empty
   * answers are evidence of the chat's start (docs/decisions/0011).
   */
  recordEmptyAnswer(
    sessionId: string,
    groupJid: string,
    oldestWaId: string,
    evidence: { needed: number; gapMs: number },
  ): Promise<{ complete: boolean }>;
}
