import {
  GROUP_SEARCH_LIMIT,
  type GroupMessagesResponse,
  type GroupsResponse,
  groupMessages,
  type ReplyState,
  type SearchGroupMessagesRequest,
  type SearchGroupMessagesResponse,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import type { ChatStore, Cursor, GroupRow, GroupSummary, MessageRow } from '../messages/chat-store.service';
import { jidsToResolve, resolveMessage, toGroupMessage } from '../messages/group-message';
import { NotConnectedError } from '../sessions/gateway';
import { ownedGroup, waIdOf } from './group-access';
import { lastMessagePreview } from './last-message-preview';
import type { OlderAnswer } from './older-history';
import type { PhoneAccess } from './phone-access';

export const PAGE_SIZE = 100;

/** The states of a session's desk replies among some WhatsApp ids (the rest are not the desk's). */
export type ReplyStatesOf = (sessionId: string, waIds: readonly string[]) => Promise<Map<string, ReplyState>>;

export interface GroupsServiceDeps {
  store: ChatStore;
  phone: PhoneAccess;
  /** How long one page may wait for the phone's older history before answering with what is stored. */
  historyWaitMs: number;
  /** The desk replies' states (modules/replies, decision 0018): their ticks on the page's own messages. */
  replyStates?: ReplyStatesOf;
}

export interface PageRequest {
  session_id: string;
  group_id: string;
  msg_type?: 'prev' | 'next' | 'around' | 'date' | undefined;
  msg_id?: string | undefined;
  timestamp?: number | undefined;
}

/** How many characters of a search hit's text show around the match. */
const SNIPPET = 120;

/** Up to SNIPPET characters of `body` on one line, around the first case-insensitive match of `query`. */
export function snippetOf(body: string, query: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  if (line.length <= SNIPPET) return line;
  const at = Math.max(0, line.toLowerCase().indexOf(query.toLowerCase()));
  const start = Math.max(0, Math.min(at - 40, line.length - SNIPPET));
  const end = start + SNIPPET;
  return `${start > 0 ? '…' : ''}${line.slice(start, end).trim()}${end < line.length ? '…' : ''}`;
}

export type GroupsService = ReturnType<typeof createGroupsService>;

const toSessionGroup = ({
  jid,
  name,
  sessionName,
  sessionId,
  lastMessage,
  unread,
  ticketMode,
  satisfactionPoll,
  openTickets,
}: GroupSummary) => ({
  group_id: jid,
  name,
  session_name: sessionName,
  session_id: sessionId,
  last_message: lastMessage && {
    preview: lastMessagePreview(lastMessage),
    timestamp: lastMessage.timestamp,
    from_me: lastMessage.fromMe,
    author_name: lastMessage.fromMe ? null : lastMessage.authorName,
  },
  unread_count: unread,
  ticket_mode: ticketMode,
  satisfaction_poll: satisfactionPoll,
  open_tickets: openTickets,
});

export function createGroupsService({ store, phone, historyWaitMs, replyStates }: GroupsServiceDeps) {
  /**
   * When the store has run out of older messages, asks the phone (≤ 50 per request, three requests at
   * most) and waits a little. `pending` while a request is still unanswered: its messages come later;
   * `note` when the phone could not be asked or sent nothing this time.
   */
  async function fetchOlder(
    group: GroupRow,
    missing: number,
  ): Promise<{ pending: boolean; note: string | null }> {
    for (let got = 0, requests = 0; got < missing && requests < 3; requests++) {
      let answer: OlderAnswer | null;
      try {
        answer = await phone.older(group, historyWaitMs);
      } catch (error) {
        if (error instanceof NotConnectedError)
          return { pending: false, note: groupMessages.olderNeedsConnection };
        throw error;
      }
      if (!answer || answer.kind === 'start') break;
      if (answer.kind === 'pending') return { pending: true, note: null };
      // Asking again at once proves nothing more (decision 0015): the user may retry in a minute.
      if (answer.kind === 'empty') return { pending: false, note: groupMessages.phoneSentNothing };
      got += answer.stored;
    }
    return { pending: false, note: null };
  }

  async function page(
    group: GroupRow,
    request: PageRequest,
  ): Promise<{ rows: MessageRow[]; direction: 'prev' | 'next' | 'around'; cursor?: Cursor }> {
    const { sessionId, jid } = group;
    if (request.msg_type === 'date') {
      if (request.timestamp === undefined) throw new AppError(400, groupMessages.noTimestamp);
      const rows = await store.messagesFrom(sessionId, jid, request.timestamp, PAGE_SIZE);
      // Nothing that new: the newest page, as opening the group shows it.
      if (rows.length > 0) return { rows, direction: 'around' };
    }
    if (!request.msg_id || request.msg_type === 'date')
      return { rows: await store.newestMessages(sessionId, jid, PAGE_SIZE), direction: 'prev' };
    if (!request.msg_type) throw new AppError(400, groupMessages.msgTypeNeeded);
    const cursorRow = await store.findMessage(sessionId, jid, waIdOf(request.msg_id));
    if (!cursorRow) throw new AppError(404, groupMessages.messageNotFound);
    const cursor = { timestamp: cursorRow.timestamp, msgId: cursorRow.msgId };
    if (request.msg_type === 'around') {
      // The message in the middle of its page: half before it, the rest after (a search hit, a link).
      const [before, after] = await Promise.all([
        store.messagesBefore(sessionId, jid, cursor, PAGE_SIZE / 2),
        store.messagesAfter(sessionId, jid, cursor, PAGE_SIZE / 2 - 1),
      ]);
      const { raw: _raw, ...row } = cursorRow;
      return { rows: [...before, row, ...after], direction: 'around' };
    }
    const rows =
      request.msg_type === 'prev'
        ? await store.messagesBefore(sessionId, jid, cursor, PAGE_SIZE)
        : await store.messagesAfter(sessionId, jid, cursor, PAGE_SIZE);
    return { rows, direction: request.msg_type, cursor };
  }

  return {
    async list(organisationId: number): Promise<GroupsResponse> {
      const groups = (await store.listGroups(organisationId)).map(toSessionGroup);
      return { success: true, groups_count: groups.length, groups };
    },

    /** The group was opened: nothing in it is unread any more. 404 for a group the organisation lacks. */
    async markRead(organisationId: number, request: { session_id: string; group_id: string }) {
      const group = await ownedGroup(store, organisationId, request.session_id, request.group_id);
      await store.markRead(organisationId, group.sessionId, group.jid);
      return { success: true, unread_count: 0 as const };
    },

    /** The group's messages holding `query`, newest first, at most GROUP_SEARCH_LIMIT. 404 for another's group. */
    async search(
      organisationId: number,
      request: SearchGroupMessagesRequest,
    ): Promise<SearchGroupMessagesResponse> {
      const group = await ownedGroup(store, organisationId, request.session_id, request.group_id);
      const rows = await store.searchMessages(
        group.sessionId,
        group.jid,
        request.query,
        GROUP_SEARCH_LIMIT + 1,
      );
      return {
        success: true,
        hits: rows.slice(0, GROUP_SEARCH_LIMIT).map((row) => ({
          msg_id: row.msgId,
          timestamp: row.timestamp,
          author_name: row.fromMe ? null : row.authorName,
          from_me: row.fromMe,
          snippet: snippetOf(row.body, request.query),
        })),
        truncated: rows.length > GROUP_SEARCH_LIMIT,
      };
    },

    async messages(organisationId: number, request: PageRequest): Promise<GroupMessagesResponse> {
      const group = await ownedGroup(store, organisationId, request.session_id, request.group_id);
      let { rows, direction, cursor } = await page(group, request);
      let older = { pending: false, note: null as string | null };
      if (direction === 'prev' && rows.length < PAGE_SIZE && !group.historyComplete) {
        older = await fetchOlder(group, PAGE_SIZE - rows.length);
        ({ rows, cursor } = await page(group, request));
      }
      return {
        success: true,
        messages: await toApi(group.sessionId, group.jid, rows),
        ...(await edges(group, rows, cursor)),
        history_pending: older.pending,
        history_note: older.note,
      };
    },
  };

  async function edges(group: GroupRow, rows: MessageRow[], cursor?: { timestamp: number; msgId: string }) {
    const first = rows[0] ?? cursor;
    const last = rows.at(-1) ?? cursor;
    const olderStored = first ? await store.existsBefore(group.sessionId, group.jid, first) : false;
    const newerStored = last ? await store.existsAfter(group.sessionId, group.jid, last) : false;
    return { has_more_before: olderStored || !group.historyComplete, has_more_after: newerStored };
  }

  /**
   * The page's messages with their people named. A quote is named from the session's contacts and, when
   * the quoted message is stored, from that message (its author, push name and whether it is our own:
   * WhatsApp's quote of an own message may name no participant).
   */
  async function toApi(sessionId: string, groupJid: string, rows: MessageRow[]) {
    const quotedIds = rows.flatMap((row) => (row.quotedId ? [row.quotedId] : []));
    const quoted = await store.quotedAuthors(sessionId, groupJid, quotedIds);
    const quotedAuthors = [...quoted.values()].flatMap((q) => (q.author ? [q.author] : []));
    const names = await store.contactNames(sessionId, [
      ...new Set([...jidsToResolve(rows), ...quotedAuthors]),
    ]);
    // An admin who deleted a message may be known by name only under their other address (LID or number).
    const unnamed = rows.flatMap((row) => {
      const admin = row.revokedBy ? names.get(row.revokedBy) : undefined;
      return admin && !admin.name && admin.altJid && !names.has(admin.altJid) ? [admin.altJid] : [];
    });
    for (const [jid, contact] of await store.contactNames(sessionId, unnamed)) names.set(jid, contact);
    const mine = quotedIds.length > 0 || rows.some((row) => row.revokedBy);
    const me = mine ? await store.linkedAccount(sessionId) : null;
    const own = rows.flatMap((row) => (row.fromMe ? [row.waId] : []));
    const replies = replyStates && own.length > 0 ? await replyStates(sessionId, own) : new Map();
    const pollIds = rows.flatMap((row) => (row.messageType === 'poll_creation' ? [row.waId] : []));
    const polls = await store.pollStates(sessionId, groupJid, pollIds);
    // Reactions and earlier texts (decision 0026); a deleted message shows neither.
    const shown = rows.filter((row) => row.messageType !== 'revoked');
    const extras = await store.messageExtras(
      sessionId,
      groupJid,
      shown.map((row) => row.waId),
      shown.flatMap((row) => (row.editedAt !== null ? [row.waId] : [])),
    );
    return rows.map((row) => ({
      ...toGroupMessage(resolveMessage(row, names, me, row.quotedId ? quoted.get(row.quotedId) : undefined)),
      reply: replies.get(row.waId) ?? null,
      poll: polls.get(row.waId) ?? null,
      reactions: extras.reactions.get(row.waId) ?? [],
      ...(row.editedAt !== null ? { edits: extras.edits.get(row.waId) ?? [] } : {}),
    }));
  }
}
