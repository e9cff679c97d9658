import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waContacts, waGroups, waMessages, waSessions } from '../../db/schema';
import type { ContactName } from '../../whatsapp/mapping/api-message';

const { raw: _raw, ...listColumns } = getTableColumns(waMessages);
export type MessageRow = Omit<typeof waMessages.$inferSelect, 'raw'>;
export type GroupRow = typeof waGroups.$inferSelect;

export interface Cursor {
  timestamp: number;
  msgId: string;
}

export interface SyncUpdate {
  syncState: string;
  syncFetched: number;
  syncMessage: string | null;
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;

/** Reads of groups and their stored messages (ordered by time, then msg_id), scoped by organisation. */
export function createGroupsRepository(db: Db) {
  const inGroup = (sessionId: string, groupJid: string) =>
    and(eq(waMessages.sessionId, sessionId), eq(waMessages.groupJid, groupJid));
  const position = sql`(${waMessages.timestamp}, ${waMessages.msgId})`;

  return {
    /** Every group of the organisation's active sessions, by name. */
    async listForOrganisation(organisationId: number) {
      return db
        .select({
          group_id: waGroups.jid,
          name: waGroups.name,
          session_name: waSessions.name,
          session_id: waSessions.id,
        })
        .from(waGroups)
        .innerJoin(waSessions, eq(waSessions.id, waGroups.sessionId))
        .where(and(eq(waSessions.organisationId, organisationId), eq(waSessions.isActive, true)))
        .orderBy(asc(sql`lower(${waGroups.name})`), asc(waGroups.jid));
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

    async newest(sessionId: string, groupJid: string, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .select(listColumns)
        .from(waMessages)
        .where(inGroup(sessionId, groupJid))
        .orderBy(desc(waMessages.timestamp), desc(waMessages.msgId))
        .limit(limit);
      return rows.reverse();
    },

    async before(sessionId: string, groupJid: string, cursor: Cursor, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .select(listColumns)
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} < (${cursor.timestamp}, ${cursor.msgId})`))
        .orderBy(desc(waMessages.timestamp), desc(waMessages.msgId))
        .limit(limit);
      return rows.reverse();
    },

    async after(sessionId: string, groupJid: string, cursor: Cursor, limit: number): Promise<MessageRow[]> {
      return db
        .select(listColumns)
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} > (${cursor.timestamp}, ${cursor.msgId})`))
        .orderBy(asc(waMessages.timestamp), asc(waMessages.msgId))
        .limit(limit);
    },

    async existsBefore(sessionId: string, groupJid: string, cursor: Cursor): Promise<boolean> {
      const rows = await db
        .select({ seq: waMessages.seq })
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} < (${cursor.timestamp}, ${cursor.msgId})`))
        .limit(1);
      return rows.length > 0;
    },

    async existsAfter(sessionId: string, groupJid: string, cursor: Cursor): Promise<boolean> {
      const rows = await db
        .select({ seq: waMessages.seq })
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} > (${cursor.timestamp}, ${cursor.msgId})`))
        .limit(1);
      return rows.length > 0;
    },

    async oldest(sessionId: string, groupJid: string) {
      const [row] = await db
        .select({
          waId: waMessages.waId,
          fromMe: waMessages.fromMe,
          author: waMessages.author,
          timestamp: waMessages.timestamp,
        })
        .from(waMessages)
        .where(inGroup(sessionId, groupJid))
        .orderBy(asc(waMessages.timestamp), asc(waMessages.msgId))
        .limit(1);
      return row ?? null;
    },

    /** A message by its WhatsApp id, with the proto JSON a download needs. */
    async findMessage(sessionId: string, groupJid: string, waId: string) {
      const [row] = await db
        .select()
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), eq(waMessages.waId, waId)));
      return row ?? null;
    },

    async contactNames(sessionId: string, jids: string[]): Promise<Map<string, ContactName>> {
      if (jids.length === 0) return new Map();
      const rows = await db
        .select({ jid: waContacts.jid, name: waContacts.name, altJid: waContacts.altJid })
        .from(waContacts)
        .where(and(eq(waContacts.sessionId, sessionId), inArray(waContacts.jid, jids)));
      return new Map(rows.map((r) => [r.jid, { name: r.name, altJid: r.altJid }]));
    },

    async setMediaObject(sessionId: string, groupJid: string, waId: string, name: string): Promise<void> {
      await db
        .update(waMessages)
        .set({ mediaObject: name })
        .where(and(inGroup(sessionId, groupJid), eq(waMessages.waId, waId)));
    },

    async saveSync(sessionId: string, groupJid: string, update: SyncUpdate): Promise<void> {
      await db
        .update(waGroups)
        .set({ ...update, updatedAt: sql`now()` })
        .where(and(eq(waGroups.sessionId, sessionId), eq(waGroups.jid, groupJid)));
    },
  };
}
