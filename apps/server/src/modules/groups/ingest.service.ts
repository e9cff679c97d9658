import type { WAMessage } from 'baileys';
import type { ContactInfo } from '../../whatsapp/driver';
import { mapGroupMessage } from '../../whatsapp/mapping/to-group-message';
import type { DeskEventBus } from '../events/desk-events';
import type { ContactsRepository } from './contacts.repository';
import { jidsToResolve, type LiveMessage, resolveMessage } from './group-message';
import type { GroupsRepository } from './groups.repository';
import type { InsertedKey, MessageEdit, MessagesRepository, NewMessageRow } from './messages.repository';

export type MessageOrigin = 'history' | 'on_demand' | 'live';

export interface SessionRef {
  id: string;
  organisationId: number;
}

export interface IngestResult {
  inserted: InsertedKey[];
  /** New rows per group JID. */
  perGroup: Map<string, number>;
  /** Messages per group JID that the batch held, new or not. */
  received: Map<string, number>;
}

export interface IngestDeps {
  messages: MessagesRepository;
  contacts: ContactsRepository;
  groups: GroupsRepository;
  bus: DeskEventBus;
}

export type Ingest = ReturnType<typeof createIngest>;

/**
 * Stores messages from any origin: maps them, learns sender names, inserts what is new (a message seen
 * before is skipped by its key), applies deletes and edits. Only LIVE messages stored for the first time
 * are published as `message.live`, built from what was written, so history sync never opens tickets.
 */
export function createIngest({ messages, contacts, groups, bus }: IngestDeps) {
  return async function ingest(
    session: SessionRef,
    batch: WAMessage[],
    origin: MessageOrigin,
    known: ContactInfo[] = [],
  ): Promise<IngestResult> {
    const rows: NewMessageRow[] = [];
    const revokes = new Map<string, string[]>();
    const edits: MessageEdit[] = [];
    const received = new Map<string, number>();
    const learned: ContactInfo[] = [...known];

    for (const message of batch) {
      const result = mapGroupMessage(message);
      if (result.kind === 'skip') continue;
      const groupJid = result.kind === 'message' ? result.message.groupJid : result.groupJid;
      received.set(groupJid, (received.get(groupJid) ?? 0) + 1);
      if (result.kind === 'revoke')
        revokes.set(result.groupJid, [...(revokes.get(result.groupJid) ?? []), result.targetId]);
      else if (result.kind === 'edit') edits.push(result);
      else {
        const row = result.message;
        rows.push({ ...row, sessionId: session.id, organisationId: session.organisationId, origin });
        if (row.author) learned.push({ jid: row.author, name: row.authorName, altJid: row.authorAlt });
        if (row.author && row.authorAlt)
          learned.push({ jid: row.authorAlt, name: row.authorName, altJid: row.author });
      }
    }

    await contacts.save(
      session.id,
      learned.filter((c) => c.name || c.altJid),
    );
    const inserted = await messages.insertMessages(rows);
    for (const [groupJid, ids] of revokes) await messages.revoke(session.id, groupJid, ids);
    for (const edit of edits) await messages.edit(session.id, edit);

    const perGroup = new Map<string, number>();
    for (const row of inserted) perGroup.set(row.groupJid, (perGroup.get(row.groupJid) ?? 0) + 1);
    if (origin === 'live' && inserted.length > 0) await publishLive(session, newRows(rows, inserted));
    return { inserted, perGroup, received };
  };

  async function publishLive(session: SessionRef, stored: NewMessageRow[]): Promise<void> {
    const names = await contacts.names(session.id, jidsToResolve(stored));
    const groupNames = new Map<string, string | null>();
    for (const row of stored.sort((a, b) => a.timestamp - b.timestamp)) {
      if (!groupNames.has(row.groupJid))
        groupNames.set(row.groupJid, await groups.groupName(session.id, row.groupJid));
      const { raw: _raw, sessionId: _s, organisationId: _o, origin: _origin, groupJid, ...fields } = row;
      const live: LiveMessage = {
        organisationId: session.organisationId,
        sessionId: session.id,
        groupJid,
        groupName: groupNames.get(groupJid) ?? null,
        message: resolveMessage(fields, names),
      };
      bus.publish('message.live', live);
    }
  }
}

/** The rows the database took as new, in batch order (a redelivered message is not among them). */
function newRows(rows: NewMessageRow[], inserted: InsertedKey[]): NewMessageRow[] {
  const fresh = new Set(inserted.map((key) => `${key.groupJid}\u0000${key.waId}`));
  return rows.filter((row) => fresh.delete(`${row.groupJid}\u0000${row.waId}`));
}
