import type { MessageEdit as ContractEdit, RevokedBy } from '@wadesk/contract';
import { MESSAGE_EDITS_SHOWN } from '@wadesk/contract';
import type { MappedReaction } from '../../whatsapp/mapping/to-group-message';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionRef } from '../sessions/message-sink';
import type { ContactsRepository } from './contacts.repository';
import { jidsToResolve, type LinkedAccount, resolveMessage } from './group-message';
import type { GroupsRepository } from './groups.repository';
import type { MessageEdit, MessageRevoke, MessagesRepository, StoredEdit } from './messages.repository';
import { type ReactionView, reactionViews, reactorJids } from './reaction-view';
import type { ReactionsRepository } from './reactions.repository';

/**
 * A stored group message changed in place (`message.updated` on the bus): its reactions now, its new text
 * with the earlier ones, or its delete (who, when). Built from what was written; never a message of its own,
 * so it never queues for the ticket engine (decision 0026).
 */
export interface MessageChange {
  organisationId: number;
  sessionId: string;
  groupJid: string;
  waId: string;
  reactions?: ReactionView[];
  edit?: { body: string; editedAt: number; edits: ContractEdit[] };
  deleted?: { revokedBy: RevokedBy | null; at: number | null };
}

export interface MessageChangesDeps {
  messages: MessagesRepository;
  reactions: ReactionsRepository;
  contacts: ContactsRepository;
  groups: GroupsRepository;
  bus: DeskEventBus;
}

export type MessageChanges = ReturnType<typeof createMessageChanges>;

/** The contract's earlier texts of one message. */
export function toEdits(edits: readonly StoredEdit[]): ContractEdit[] {
  return edits.map((e) => ({ body: e.body, replaced_at: e.replacedAt }));
}

/**
 * Applies what changes stored messages — reactions, edits by their author, deletes by their author or an
 * admin — after the batch's new messages were stored (a reaction or an edit may name one of them), and, for
 * live traffic, tells the browsers what each message looks like now.
 */
export function createMessageChanges({ messages, reactions, contacts, groups, bus }: MessageChangesDeps) {
  async function linked(sessionId: string, cache: { me?: LinkedAccount | null }) {
    if (cache.me === undefined) cache.me = await groups.linkedAccount(sessionId);
    return cache.me;
  }

  return async function apply(
    session: SessionRef,
    changes: { reactions: MappedReaction[]; edits: MessageEdit[]; revokes: MessageRevoke[] },
    publish: boolean,
  ): Promise<void> {
    const reacted = await reactions.save(session, changes.reactions);
    const deleted: MessageRevoke[] = [];
    for (const revoke of changes.revokes) if (await messages.revoke(session.id, revoke)) deleted.push(revoke);
    const edited: MessageEdit[] = [];
    for (const edit of changes.edits) if (await messages.edit(session.id, edit)) edited.push(edit);
    if (!publish) return;

    const cache: { me?: LinkedAccount | null } = {};
    const base = { organisationId: session.organisationId, sessionId: session.id };
    for (const { groupJid, waId } of reacted) {
      // A message deleted in the same batch lost its reactions with it; its delete says so.
      if (deleted.some((d) => d.groupJid === groupJid && d.targetId === waId)) continue;
      const stored = await reactions.list(session.id, groupJid, [waId]);
      const jids = reactorJids(stored);
      const names = jids.length > 0 ? await contacts.names(session.id, jids) : new Map();
      const me = stored.some((r) => r.fromMe) ? await linked(session.id, cache) : null;
      const views = reactionViews(stored, names, me).get(waId) ?? [];
      bus.publish('message.updated', { ...base, groupJid, waId, reactions: views });
    }
    for (const edit of edited) {
      const row = await messages.findMessage(session.id, edit.groupJid, edit.targetId);
      if (!row || row.messageType === 'revoked') continue;
      const earlier = await messages.edits(session.id, edit.groupJid, [edit.targetId], MESSAGE_EDITS_SHOWN);
      bus.publish('message.updated', {
        ...base,
        groupJid: edit.groupJid,
        waId: edit.targetId,
        edit: { body: row.body, editedAt: row.editedAt ?? edit.at, edits: toEdits(earlier) },
      });
    }
    for (const revoke of deleted) {
      const row = await messages.findMessage(session.id, revoke.groupJid, revoke.targetId);
      if (!row) continue;
      const names = await contacts.names(session.id, jidsToResolve([row]));
      // The admin may be named only under their other address (LID or number), as on a page.
      const admin = row.revokedBy ? names.get(row.revokedBy) : undefined;
      if (admin?.altJid && !admin.name)
        for (const [jid, contact] of await contacts.names(session.id, [admin.altJid]))
          names.set(jid, contact);
      const me = row.revokedBy ? await linked(session.id, cache) : null;
      const { revokedByAdmin } = resolveMessage(row, names, me);
      bus.publish('message.updated', {
        ...base,
        groupJid: revoke.groupJid,
        waId: revoke.targetId,
        deleted: { revokedBy: revokedByAdmin, at: row.revokedAt },
      });
    }
  };
}
