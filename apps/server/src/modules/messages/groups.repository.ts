import type { GroupSatisfactionPoll } from '@wadesk/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storableText } from '../../text';
import type { GroupInfo } from '../../whatsapp/driver';
import { waSessions } from '../sessions/sessions.schema';
import type { LinkedAccount } from './group-message';
import { type GroupTicketMode, waGroups } from './messages.schema';

export type GroupRow = typeof waGroups.$inferSelect;

/** A group as the group list shows it: its newest message (if any) and how many are unread. */
export interface GroupSummary {
  jid: string;
  name: string;
  sessionName: string;
  sessionId: string;
  lastMessage: {
    body: string;
    messageType: string;
    filename: string | null;
    fromMe: boolean;
    authorName: string | null;
    timestamp: number;
  } | null;
  unread: number;
  ticketMode: GroupTicketMode;
  satisfactionPoll: GroupSatisfactionPoll;
  /** Active tickets (open or in progress) of the group, whatever mode opened them. */
  openTickets: number;
}

interface SummaryRow {
  jid: string;
  name: string;
  session_name: string;
  session_id: string;
  body: string | null;
  message_type: string | null;
  filename: string | null;
  from_me: boolean | null;
  author_name: string | null;
  timestamp: string | number | null;
  unread: string | number;
  ticket_mode: GroupTicketMode;
  satisfaction_poll: GroupSatisfactionPoll;
  open_tickets: string | number;
}

const toSummary = (row: SummaryRow): GroupSummary => ({
  jid: row.jid,
  name: row.name,
  sessionName: row.session_name,
  sessionId: row.session_id,
  lastMessage:
    row.timestamp === null || row.message_type === null
      ? null
      : {
          body: row.body ?? '',
          messageType: row.message_type,
          filename: row.filename,
          fromMe: Boolean(row.from_me),
          authorName: row.author_name,
          timestamp: Number(row.timestamp),
        },
  unread: Number(row.unread),
  ticketMode: row.ticket_mode,
  satisfactionPoll: row.satisfaction_poll,
  openTickets: Number(row.open_tickets),
});

export interface SyncUpdate {
  syncState: string;
  syncFetched: number;
  syncMessage: string | null;
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;

/** wa_groups: the groups of each session, their history state and background sync, scoped by organisation. */
export function createGroupsRepository(db: Db) {
  return {
    /**
     * Every group of the organisation's active sessions with its newest message and unread count, in one
     * query: the group with the newest message first, groups without messages last (by name).
     */
    async listForOrganisation(organisationId: number): Promise<GroupSummary[]> {
      const result = await db.execute(sql`
        select g.jid, g.name, s.name as session_name, s.id as session_id,
          last.body, last.message_type, last.filename, last.from_me, last.author_name, last.timestamp,
          (select count(*) from wa_messages u
            where u.organisation_id = g.organisation_id and u.session_id = g.session_id
              and u.group_jid = g.jid and not u.from_me and u.message_type <> 'gp2'
              -- WhatsApp's times are whole seconds: a message of the second the group was read in is
              -- unread when it was stored after the read.
              and (u.timestamp > extract(epoch from g.last_read_at)
                or (u.timestamp >= floor(extract(epoch from g.last_read_at))
                  and u.created_at > g.last_read_at))) as unread,
          g.ticket_mode, g.satisfaction_poll,
          -- Two counts, so that each is answered by its partial unique index (one active ticket per group,
          -- one per customer: docs/decisions/0017) instead of a scan of the group's tickets.
          (select count(*) from tickets t
            where t.organisation_id = g.organisation_id and t.session_id = g.session_id
              and t.group_jid = g.jid and t.status in ('open', 'in_progress', 'pending') and t.customer_key is null)
          + (select count(*) from tickets t
            where t.organisation_id = g.organisation_id and t.session_id = g.session_id
              and t.group_jid = g.jid and t.status in ('open', 'in_progress', 'pending') and t.customer_key is not null)
            as open_tickets
        from wa_groups g
        join wa_sessions s on s.id = g.session_id
        left join lateral (
          select m.body, m.message_type, m.filename, m.from_me, m.author_name, m.timestamp
          from wa_messages m
          where m.organisation_id = g.organisation_id and m.session_id = g.session_id and m.group_jid = g.jid
          order by m.timestamp desc, m.seq desc
          limit 1
        ) last on true
        where g.organisation_id = ${organisationId} and s.organisation_id = ${organisationId}
          and s.is_active
        order by last.timestamp desc nulls last, lower(g.name), g.jid`);
      return (result as unknown as { rows: SummaryRow[] }).rows.map(toSummary);
    },

    /**
     * The group was opened: its messages up to now (or up to its newest stored one, should a phone's clock
     * run ahead) are read. Answers whether the organisation has the group.
     */
    async markRead(organisationId: number, sessionId: string, groupJid: string): Promise<boolean> {
      const newest = sql`(select to_timestamp(max(m.timestamp)) from wa_messages m
        where m.session_id = ${sessionId} and m.group_jid = ${groupJid})`;
      const rows = await db
        .update(waGroups)
        .set({ lastReadAt: sql`greatest(now(), ${newest})` })
        .where(
          and(
            eq(waGroups.organisationId, organisationId),
            eq(waGroups.sessionId, sessionId),
            eq(waGroups.jid, groupJid),
          ),
        )
        .returning({ jid: waGroups.jid });
      return rows.length > 0;
    },

    /** A group's settings (its ticket mode, its satisfaction poll). Answers whether the organisation has the group. */
    async setGroupSettings(
      organisationId: number,
      sessionId: string,
      groupJid: string,
      settings: Partial<{ ticketMode: GroupTicketMode; satisfactionPoll: GroupSatisfactionPoll }>,
    ): Promise<boolean> {
      const rows = await db
        .update(waGroups)
        .set(settings)
        .where(
          and(
            eq(waGroups.organisationId, organisationId),
            eq(waGroups.sessionId, sessionId),
            eq(waGroups.jid, groupJid),
          ),
        )
        .returning({ jid: waGroups.jid });
      return rows.length > 0;
    },

    async findGroup(organisationId: number, sessionId: string, groupJid: string): Promise<GroupRow | null> {
      const [row] = await db
        .select()
        .from(waGroups)
        .where(
          and(
            eq(waGroups.organisationId, organisationId),
            eq(waGroups.sessionId, sessionId),
            eq(waGroups.jid, groupJid),
          ),
        );
      return row ?? null;
    },

    async groupsToResume(sessionId: string): Promise<GroupRow[]> {
      return db
        .select()
        .from(waGroups)
        .where(and(eq(waGroups.sessionId, sessionId), eq(waGroups.syncState, 'running')));
    },

    async saveSync(sessionId: string, groupJid: string, update: SyncUpdate): Promise<void> {
      await db
        .update(waGroups)
        .set({ ...update, updatedAt: sql`now()` })
        .where(and(eq(waGroups.sessionId, sessionId), eq(waGroups.jid, groupJid)));
    },

    /** `complete` lists are the phone's whole group list: groups missing from it were left. */
    async saveGroups(sessionId: string, organisationId: number, groups: GroupInfo[], complete: boolean) {
      if (groups.length > 0) {
        await db
          .insert(waGroups)
          .values(
            groups.map((g) => ({
              sessionId,
              organisationId,
              jid: g.jid,
              // Subjects come from the phone and may hold U+0000, which PostgreSQL cannot store.
              name: storableText(g.name),
              addressingMode: g.addressingMode,
              size: g.size,
            })),
          )
          .onConflictDoUpdate({
            target: [waGroups.sessionId, waGroups.jid],
            set: {
              name: sql`excluded.name`,
              addressingMode: sql`excluded.addressing_mode`,
              size: sql`excluded.size`,
              updatedAt: sql`now()`,
            },
          });
      }
      if (complete) {
        const keep = groups.map((g) => g.jid);
        await db
          .delete(waGroups)
          .where(
            and(
              eq(waGroups.sessionId, sessionId),
              ...(keep.length > 0 ? [notInArray(waGroups.jid, keep)] : []),
            ),
          );
      }
    },

    /**
     * The phone answered a request for messages older than `oldestWaId` with nothing for the group. One
     * empty answer proves nothing (decision 0015: the event buffer drops keys it already delivered), so
     * the chat's start is decided on evidence: `needed` empty answers for the same oldest message, each
     * at least `gapMs` after the last one counted. Answers whether the history is now complete.
     */
    async recordEmptyAnswer(
      sessionId: string,
      groupJid: string,
      oldestWaId: string,
      evidence: { needed: number; gapMs: number },
    ): Promise<{ complete: boolean; empty: number }> {
      const same = sql`${waGroups.historyProbeOldest} is not distinct from ${oldestWaId}`;
      const counts = sql`(not ${same} or ${waGroups.historyProbeAt} is null
        or ${waGroups.historyProbeAt} <= now() - make_interval(secs => ${evidence.gapMs / 1000}))`;
      const empty = sql`case when not ${same} then 1 when ${counts} then ${waGroups.historyProbeEmpty} + 1
        else ${waGroups.historyProbeEmpty} end`;
      const [row] = await db
        .update(waGroups)
        .set({
          historyProbeEmpty: empty,
          historyProbeAt: sql`case when ${counts} then now() else ${waGroups.historyProbeAt} end`,
          historyProbeOldest: oldestWaId,
          historyComplete: sql`${waGroups.historyComplete} or ${empty} >= ${evidence.needed}`,
        })
        .where(and(eq(waGroups.sessionId, sessionId), eq(waGroups.jid, groupJid)))
        .returning({ complete: waGroups.historyComplete, empty: waGroups.historyProbeEmpty });
      return row ?? { complete: false, empty: 0 };
    },

    async groupCount(sessionId: string): Promise<number> {
      return db.$count(waGroups, eq(waGroups.sessionId, sessionId));
    },

    /** The session's linked account (phone digits and JIDs), to recognise its own messages when quoted. */
    async linkedAccount(sessionId: string): Promise<LinkedAccount> {
      const [row] = await db
        .select({ phone: waSessions.phone, jid: waSessions.meJid, lid: waSessions.meLid })
        .from(waSessions)
        .where(eq(waSessions.id, sessionId));
      return row ?? { phone: null, jid: null, lid: null };
    },

    async groupName(sessionId: string, jid: string): Promise<string | null> {
      const [row] = await db
        .select({ name: waGroups.name })
        .from(waGroups)
        .where(and(eq(waGroups.sessionId, sessionId), eq(waGroups.jid, jid)));
      return row?.name ?? null;
    },
  };
}
