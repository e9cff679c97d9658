import type { Db } from '../../db/client';
import type { ContactInfo, GroupInfo } from '../../whatsapp/driver';
import type { DeskEventBus } from '../events/desk-events';
import { createContactsRepository } from './contacts.repository';
import { createGroupsRepository } from './groups.repository';
import { createIngest, type SessionRef } from './ingest.service';
import { createMessagesRepository } from './messages.repository';

export type MessageStore = ReturnType<typeof createMessageStore>;

/**
 * The WhatsApp message store: the one owner of wa_groups, wa_messages and wa_contacts. The sessions
 * module hands it what a connection receives; pages, sync and media read it through this module.
 */
export function createMessageStore({ db, bus }: { db: Db; bus: DeskEventBus }) {
  const groups = createGroupsRepository(db);
  const messages = createMessagesRepository(db);
  const contacts = createContactsRepository(db);
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

    /** The phone has nothing older for the group: paging and sync stop asking it. */
    markHistoryComplete: (sessionId: string, groupJid: string) =>
      groups.markHistoryComplete(sessionId, groupJid),
  };
}
