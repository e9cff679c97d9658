import type { WAMessage } from 'baileys';
import type { ContactInfo } from './driver';
import type { WhatsAppEvents } from './events';
import type { GatewayRepository, InsertedMessage, NewMessageRow } from './gateway.repository';
import { jidsToResolve, toApiMessage } from './mapping/api-message';
import { mapGroupMessage } from './mapping/to-group-message';

export type MessageOrigin = 'history' | 'on_demand' | 'live';

export interface SessionRef {
  id: string;
  organisationId: number;
}

export interface IngestResult {
  inserted: { seq: number; groupJid: string }[];
  /** New rows per group JID. */
  perGroup: Map<string, number>;
  /** Messages per group JID that the batch held, new or not. */
  received: Map<string, number>;
}

export type Ingest = ReturnType<typeof createIngest>;

/**
 * Stores messages from any origin: maps them, learns sender names, inserts what is new (a message seen
 * before is skipped by its key), applies deletes and edits. Only LIVE messages stored for the first time
 * raise `message.live`, so history sync never opens tickets.
 */
export function createIngest({ repo, events }: { repo: GatewayRepository; events: WhatsAppEvents }) {
  return async function ingest(
    session: SessionRef,
    messages: WAMessage[],
    origin: MessageOrigin,
    contacts: ContactInfo[] = [],
  ): Promise<IngestResult> {
    const rows: NewMessageRow[] = [];
    const revokes = new Map<string, string[]>();
    const edits: { groupJid: string; targetId: string; body: string }[] = [];
    const received = new Map<string, number>();
    const learned: ContactInfo[] = [...contacts];

    for (const message of messages) {
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

    await repo.saveContacts(
      session.id,
      learned.filter((c) => c.name || c.altJid),
    );
    const inserted = await repo.insertMessages(rows);
    for (const [groupJid, ids] of revokes) await repo.revoke(session.id, groupJid, ids);
    for (const { groupJid, targetId, body } of edits) await repo.edit(session.id, groupJid, targetId, body);

    const perGroup = new Map<string, number>();
    for (const row of inserted) perGroup.set(row.groupJid, (perGroup.get(row.groupJid) ?? 0) + 1);
    if (origin === 'live' && inserted.length > 0) {
      await announceLive(session, await repo.messagesBySeq(inserted.map((row) => row.seq)));
    }
    return { inserted, perGroup, received };
  };

  async function announceLive(session: SessionRef, inserted: InsertedMessage[]): Promise<void> {
    const names = await repo.contactNames(session.id, jidsToResolve(inserted));
    const groupNames = new Map<string, string | null>();
    const ordered = [...inserted].sort((a, b) => a.timestamp - b.timestamp || a.seq - b.seq);
    for (const row of ordered) {
      if (!groupNames.has(row.groupJid))
        groupNames.set(row.groupJid, await repo.groupName(session.id, row.groupJid));
      events.emit('message.live', {
        origin: 'live',
        organisationId: session.organisationId,
        sessionId: session.id,
        groupId: row.groupJid,
        groupName: groupNames.get(row.groupJid) ?? null,
        message: toApiMessage(row, names),
      });
    }
  }
}
