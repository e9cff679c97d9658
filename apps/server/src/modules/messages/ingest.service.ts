import { isJidGroup, type WAMessage } from 'baileys';
import type { ContactInfo, OldestMessage } from '../../whatsapp/driver';
import { type MappedReaction, mapGroupMessage, toSeconds } from '../../whatsapp/mapping/to-group-message';
import type { DeskEventBus } from '../events/desk-events';
import type { MessageOrigin, SessionRef } from '../sessions/message-sink';
import { type ContactPair, type ContactsRepository, mergeContacts } from './contacts.repository';
import { type ContactName, jidsToResolve, type LiveMessage, phoneOf, resolveMessage } from './group-message';
import type { GroupsRepository } from './groups.repository';
import type { MessageChanges } from './message-changes';
import type {
  InsertedKey,
  MessageEdit,
  MessageRevoke,
  MessagesRepository,
  NewMessageRow,
} from './messages.repository';
import { pollView } from './poll-state';
import type { NewPoll, PollsRepository } from './polls.repository';

export interface IngestResult {
  inserted: InsertedKey[];
  /** New rows per group JID. */
  perGroup: Map<string, number>;
  /**
   * Messages per group JID that the batch held, new or not, stored or not: a group notice or a stub
   * stores no row but is still an item of the chat the phone sent.
   */
  received: Map<string, number>;
  /** Per group JID, the oldest item of the batch that stores no row of its own (a notice, a stub, a revoke). */
  oldestUnstored: Map<string, OldestMessage>;
}

export interface IngestDeps {
  messages: MessagesRepository;
  contacts: ContactsRepository;
  groups: GroupsRepository;
  polls: PollsRepository;
  /** Reactions, edits and deletes of stored messages (message-changes.ts). */
  changes: MessageChanges;
  bus: DeskEventBus;
  /** Pairs this batch taught the session: they may name the authors of messages stored before it. */
  learnedPairs(session: SessionRef, pairs: ContactPair[]): Promise<void>;
}

export type Ingest = ReturnType<typeof createIngest>;

/**
 * Stores messages from any origin: maps them, learns sender names, inserts what is new (a message seen
 * before is skipped by its key), applies reactions, deletes (from the author or an admin) and edits (from the
 * author), none of which ever queues for the ticket engine (decision 0026). Only LIVE messages stored for the first time
 * are published as `message.live`, built from what was written, so history sync never opens tickets.
 * A LID author without its phone number gets it from the session's pairs before the insert, so the
 * stored row, the published message and the ticket engine all carry it.
 */
export function createIngest({ messages, contacts, groups, polls, changes, bus, learnedPairs }: IngestDeps) {
  return async function ingest(
    session: SessionRef,
    batch: WAMessage[],
    origin: MessageOrigin,
    known: ContactInfo[] = [],
  ): Promise<IngestResult> {
    const rows: NewMessageRow[] = [];
    const revokes: MessageRevoke[] = [];
    const edits: MessageEdit[] = [];
    const reactions: MappedReaction[] = [];
    const newPolls: NewPoll[] = [];
    const received = new Map<string, number>();
    const oldestUnstored = new Map<string, OldestMessage>();
    const learned: ContactInfo[] = [...known];

    for (const message of batch) {
      // Counted before the mapping skips anything: a page of only notices still answers a request for
      // older messages, and is no evidence of the chat's start (decision 0015 §4).
      const chat = message.key?.remoteJid;
      if (chat && isJidGroup(chat)) received.set(chat, (received.get(chat) ?? 0) + 1);
      const result = mapGroupMessage(message);
      if (result.kind !== 'message' && chat && isJidGroup(chat)) noteOldest(oldestUnstored, chat, message);
      if (result.kind === 'skip') continue;
      if (result.kind === 'revoke') revokes.push(result);
      else if (result.kind === 'edit') edits.push(result);
      else if (result.kind === 'reaction') reactions.push(result);
      else {
        const row = result.message;
        rows.push({ ...row, sessionId: session.id, organisationId: session.organisationId, origin });
        // Its options and secret, beside the message (never in its row or its events).
        if (result.poll)
          newPolls.push({
            ...result.poll,
            sessionId: session.id,
            organisationId: session.organisationId,
            groupJid: row.groupJid,
            waId: row.waId,
          });
        // Its pair is stored both ways (contacts.repository.ts).
        if (row.author) learned.push({ jid: row.author, name: row.authorName, altJid: row.authorAlt });
      }
    }

    const people = await knownPeople(session, rows, learned, origin === 'live');
    for (const row of rows) {
      if (row.authorAlt || !row.author?.endsWith('@lid')) continue;
      const alt = people.get(row.author)?.altJid ?? null;
      if (phoneOf(alt)) row.authorAlt = alt;
    }
    const fresh = await contacts.save(session.id, learned);
    const inserted = await messages.insertMessages(rows);
    await polls.insert(newPolls);
    // After the inserts: a reaction, edit or delete may name a message of this very batch.
    await changes(session, { reactions, edits, revokes }, origin === 'live');

    const perGroup = new Map<string, number>();
    for (const row of inserted) perGroup.set(row.groupJid, (perGroup.get(row.groupJid) ?? 0) + 1);
    if (origin === 'live' && inserted.length > 0)
      await publishLive(session, newRows(rows, inserted), people, newPolls);
    // Last, as it is about older messages: this batch's rows already carry every pair it taught.
    if (fresh.length > 0) await learnedPairs(session, fresh);
    return { inserted, perGroup, received, oldestUnstored };
  };

  /**
   * The names and other addresses of the batch's people: what the session knew (one query), overlaid
   * with what the batch itself reports, as the contacts save will store it. Without `everyone`, only LID
   * authors that lack their phone number are looked up (none: no query).
   */
  async function knownPeople(
    session: SessionRef,
    rows: readonly NewMessageRow[],
    learned: readonly ContactInfo[],
    everyone: boolean,
  ): Promise<Map<string, ContactName>> {
    const jids = everyone
      ? jidsToResolve(rows)
      : [...new Set(rows.flatMap((r) => (r.author?.endsWith('@lid') && !r.authorAlt ? [r.author] : [])))];
    const people = new Map(jids.length > 0 ? await contacts.names(session.id, jids) : []);
    for (const c of mergeContacts(learned).values()) {
      const seen = people.get(c.jid);
      people.set(c.jid, { name: c.name ?? seen?.name ?? null, altJid: c.altJid ?? seen?.altJid ?? null });
    }
    return people;
  }

  async function publishLive(
    session: SessionRef,
    stored: NewMessageRow[],
    names: ReadonlyMap<string, ContactName>,
    newPolls: readonly NewPoll[],
  ): Promise<void> {
    const groupNames = new Map<string, string | null>();
    // Read only when something is quoted: to mark a quote of the linked account's own message.
    const me = stored.some((row) => row.quotedParticipant !== null)
      ? await groups.linkedAccount(session.id)
      : null;
    for (const row of stored.sort((a, b) => a.timestamp - b.timestamp)) {
      if (!groupNames.has(row.groupJid))
        groupNames.set(row.groupJid, await groups.groupName(session.id, row.groupJid));
      const { raw: _raw, sessionId: _s, organisationId: _o, origin: _origin, groupJid, ...fields } = row;
      const live: LiveMessage = {
        organisationId: session.organisationId,
        sessionId: session.id,
        groupJid,
        groupName: groupNames.get(groupJid) ?? null,
        message: resolveMessage(fields, names, me),
      };
      // A new poll has no votes yet: its options go with it, later counts as poll.updated.
      const poll = newPolls.find((p) => p.groupJid === groupJid && p.waId === row.waId);
      if (poll)
        live.poll = pollView(
          { ...poll, question: row.body, countable: poll.secret !== null, votes: [] },
          names,
          null,
        );
      bus.publish('message.live', live);
    }
  }
}

/** Keeps `message` as its group's oldest when it is older than the one kept (a stub without a time never is). */
function noteOldest(oldest: Map<string, OldestMessage>, groupJid: string, message: WAMessage): void {
  const timestamp = toSeconds(message.messageTimestamp);
  if (!message.key?.id || !(timestamp > 0)) return;
  const kept = oldest.get(groupJid);
  if (!kept || timestamp < kept.timestamp) oldest.set(groupJid, { key: message.key, timestamp });
}

/** The rows the database took as new, in batch order (a redelivered message is not among them). */
function newRows(rows: NewMessageRow[], inserted: InsertedKey[]): NewMessageRow[] {
  const fresh = new Set(inserted.map((key) => `${key.groupJid}\u0000${key.waId}`));
  return rows.filter((row) => fresh.delete(`${row.groupJid}\u0000${row.waId}`));
}
