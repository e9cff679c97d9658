import type { ContactsRepository } from './contacts.repository';
import type { GroupsRepository } from './groups.repository';
import type { MessagesRepository } from './messages.repository';

// The shapes these calls answer, for the modules that use them (they never import a repository).
export type { GroupRow, GroupSummary, SyncUpdate } from './groups.repository';
export type { Cursor, MessageRow } from './messages.repository';

export type ChatStore = ReturnType<typeof createChatStore>;

/**
 * The message store as the WhatsApp Chat page (modules/groups) and the desk's replies use it: group
 * lists, message pages, media names, sync progress and group modes. The store's repositories stay inside
 * this module, so every write to its tables still goes through one of them.
 */
export function createChatStore({
  groups,
  messages,
  contacts,
}: {
  groups: GroupsRepository;
  messages: MessagesRepository;
  contacts: ContactsRepository;
}) {
  return {
    // Groups (wa_groups).
    listGroups: groups.listForOrganisation,
    findGroup: groups.findGroup,
    markRead: groups.markRead,
    setTicketMode: groups.setTicketMode,
    saveSync: groups.saveSync,
    groupsToResume: groups.groupsToResume,
    linkedAccount: groups.linkedAccount,
    // Message pages (wa_messages): newest first, around a cursor, and the media cached for one.
    newestMessages: messages.newest,
    messagesBefore: messages.before,
    messagesAfter: messages.after,
    existsBefore: messages.existsBefore,
    existsAfter: messages.existsAfter,
    oldestMessage: messages.oldest,
    findMessage: messages.findMessage,
    quotedAuthors: messages.authorsOf,
    setMediaObject: messages.setMediaObject,
    // Contacts (wa_contacts): names and LID/phone-number pairs.
    contactNames: contacts.names,
  };
}
