import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waGroups, waSessions } from '../../db/schema';
import { storableText } from '../../text';
import type { GroupInfo } from '../../whatsapp/driver';
import type { LinkedAccount } from './group-message';

export type GroupRow = typeof waGroups.$inferSelect;

export interface SyncUpdate {
  syncState: string;
  syncFetched: number;
  syncMessage: string | null;
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;

/** wa_groups: the groups of each session, their history state and background sync, scoped by organisation. */
export function createGroupsRepository(db: Db) {
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
