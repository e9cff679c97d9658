import {
  MESSAGE_EDITS_SHOWN,
  type MessageEdit,
  type MessageReaction,
  type PollState,
} from '@wadesk/contract';
import type { ContactsRepository } from './contacts.repository';
import type { GroupsRepository } from './groups.repository';
import { toEdits } from './message-changes';
import type { MessagesRepository } from './messages.repository';
import { type PollView, pollView, toPollState, voterJids } from './poll-state';
import type { PollsRepository } from './polls.repository';
import { reactionViews, reactorJids, toReactions } from './reaction-view';
import type { ReactionsRepository } from './reactions.repository';

// The shapes these calls answer, for the modules that use them (they never import a repository).
export type { GroupRow, GroupSummary, SyncUpdate } from './groups.repository';
export type { Cursor, MessageRow } from './messages.repository';
export type { PollView } from './poll-state';

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
  polls,
  reactions,
}: {
  groups: GroupsRepository;
  messages: MessagesRepository;
  contacts: ContactsRepository;
  polls: PollsRepository;
  reactions: ReactionsRepository;
}) {
  /**
   * The group's polls among `waIds` as the desk shows them, by WhatsApp id: options, counts and voters named
   * from the session's contacts (docs/decisions/0018, polls).
   */
  async function pollViews(
    sessionId: string,
    groupJid: string,
    waIds: readonly string[],
  ): Promise<Map<string, PollView>> {
    const stored = await polls.polls(sessionId, groupJid, waIds);
    if (stored.length === 0) return new Map();
    const jids = voterJids(stored);
    const names = jids.length > 0 ? await contacts.names(sessionId, jids) : new Map();
    const me = stored.some((p) => p.votes.some((v) => v.fromMe))
      ? await groups.linkedAccount(sessionId)
      : null;
    return new Map(stored.map((poll) => [poll.waId, pollView(poll, names, me)]));
  }

  return {
    // Groups (wa_groups).
    listGroups: groups.listForOrganisation,
    findGroup: groups.findGroup,
    markRead: groups.markRead,
    setGroupSettings: groups.setGroupSettings,
    saveSync: groups.saveSync,
    groupsToResume: groups.groupsToResume,
    linkedAccount: groups.linkedAccount,
    // Message pages (wa_messages): newest first, around a cursor, and the media cached for one.
    newestMessages: messages.newest,
    messagesBefore: messages.before,
    messagesAfter: messages.after,
    messagesFrom: messages.fromTime,
    searchMessages: messages.search,
    existsBefore: messages.existsBefore,
    existsAfter: messages.existsAfter,
    oldestMessage: messages.oldest,
    findMessage: messages.findMessage,
    quotedAuthors: messages.authorsOf,
    setMediaObject: messages.setMediaObject,
    // Contacts (wa_contacts): names and LID/phone-number pairs.
    contactNames: contacts.names,
    // Polls (wa_polls, wa_poll_votes): options and current votes; never their secrets.
    pollViews,
    /**
     * The reactions and earlier texts of the group's messages `waIds` (decision 0026): reactors named from
     * the session's contacts; `editedIds` are the ones whose earlier texts to read (edited ones).
     */
    async messageExtras(
      sessionId: string,
      groupJid: string,
      waIds: readonly string[],
      editedIds: readonly string[],
    ): Promise<{ reactions: Map<string, MessageReaction[]>; edits: Map<string, MessageEdit[]> }> {
      const stored = waIds.length > 0 ? await reactions.list(sessionId, groupJid, waIds) : [];
      const jids = reactorJids(stored);
      const names = jids.length > 0 ? await contacts.names(sessionId, jids) : new Map();
      const me = stored.some((r) => r.fromMe) ? await groups.linkedAccount(sessionId) : null;
      const views = reactionViews(stored, names, me);
      const earlier = await messages.edits(sessionId, groupJid, editedIds, MESSAGE_EDITS_SHOWN);
      const edits = new Map<string, MessageEdit[]>();
      for (const edit of earlier) edits.set(edit.waId, [...(edits.get(edit.waId) ?? []), ...toEdits([edit])]);
      return {
        reactions: new Map([...views].map(([waId, list]) => [waId, toReactions(list)])),
        edits,
      };
    },
    /** The polls among `waIds` as the API shows them (pages, the ticket conversation). */
    async pollStates(
      sessionId: string,
      groupJid: string,
      waIds: readonly string[],
    ): Promise<Map<string, PollState>> {
      const views = await pollViews(sessionId, groupJid, waIds);
      return new Map([...views].map(([waId, view]) => [waId, toPollState(view)]));
    },
  };
}
