import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MappedReaction } from '../../whatsapp/mapping/to-group-message';
import { waMessageReactions } from './messages.schema';

/** Message ids looked up per query (far below PostgreSQL's 65,535 parameters). */
const LOOKUP_SLICE = 1_000;

/** One person's current reaction to a message, as stored. */
export interface StoredReaction {
  targetWaId: string;
  reactor: string;
  reactorAlt: string | null;
  reactorName: string | null;
  fromMe: boolean;
  emoji: string;
  reactedAt: Date;
}

/** A message whose reactions a save changed. */
export interface ReactedMessage {
  groupJid: string;
  waId: string;
}

export type ReactionsRepository = ReturnType<typeof createReactionsRepository>;

/**
 * wa_message_reactions (decision 0026): each person's current reaction per message. A later reaction
 * replaces an earlier one; an empty one deletes theirs, unless a later one is stored (redelivered or
 * out-of-order reactions never undo a newer one).
 */
export function createReactionsRepository(db: Db) {
  return {
    /** Applies reactions in order; answers the messages whose reactions changed (each once). */
    async save(
      session: { id: string; organisationId: number },
      reactions: readonly MappedReaction[],
    ): Promise<ReactedMessage[]> {
      const changed = new Map<string, ReactedMessage>();
      for (const r of reactions) {
        // The linked account's own reactions (from any of its devices) are one reactor: ''.
        const reactor = r.fromMe ? '' : (r.author ?? '');
        if (!r.fromMe && !reactor) continue;
        const at = new Date(r.at);
        const key = and(
          eq(waMessageReactions.sessionId, session.id),
          eq(waMessageReactions.groupJid, r.groupJid),
          eq(waMessageReactions.targetWaId, r.targetId),
          eq(waMessageReactions.reactor, reactor),
        );
        const rows = r.emoji
          ? await db
              .insert(waMessageReactions)
              .values({
                sessionId: session.id,
                organisationId: session.organisationId,
                groupJid: r.groupJid,
                targetWaId: r.targetId,
                reactor,
                reactorAlt: r.fromMe ? null : r.authorAlt,
                reactorName: r.fromMe ? null : r.senderName,
                fromMe: r.fromMe,
                emoji: r.emoji,
                reactedAt: at,
              })
              .onConflictDoUpdate({
                target: [
                  waMessageReactions.sessionId,
                  waMessageReactions.groupJid,
                  waMessageReactions.targetWaId,
                  waMessageReactions.reactor,
                ],
                set: {
                  emoji: sql`excluded.emoji`,
                  reactedAt: sql`excluded.reacted_at`,
                  reactorAlt: sql`coalesce(excluded.reactor_alt, ${waMessageReactions.reactorAlt})`,
                  reactorName: sql`coalesce(excluded.reactor_name, ${waMessageReactions.reactorName})`,
                },
                setWhere: sql`${waMessageReactions.reactedAt} < excluded.reacted_at`,
              })
              .returning({ emoji: waMessageReactions.emoji })
          : await db
              .delete(waMessageReactions)
              .where(and(key, lte(waMessageReactions.reactedAt, at)))
              .returning({ emoji: waMessageReactions.emoji });
        if (rows.length > 0)
          changed.set(`${r.groupJid}\u0000${r.targetId}`, { groupJid: r.groupJid, waId: r.targetId });
      }
      return [...changed.values()];
    },

    /** The current reactions to the group's messages `waIds`, earliest first. */
    async list(sessionId: string, groupJid: string, waIds: readonly string[]): Promise<StoredReaction[]> {
      const ids = [...new Set(waIds)];
      const found: StoredReaction[] = [];
      for (let start = 0; start < ids.length; start += LOOKUP_SLICE) {
        const rows = await db
          .select({
            targetWaId: waMessageReactions.targetWaId,
            reactor: waMessageReactions.reactor,
            reactorAlt: waMessageReactions.reactorAlt,
            reactorName: waMessageReactions.reactorName,
            fromMe: waMessageReactions.fromMe,
            emoji: waMessageReactions.emoji,
            reactedAt: waMessageReactions.reactedAt,
          })
          .from(waMessageReactions)
          .where(
            and(
              eq(waMessageReactions.sessionId, sessionId),
              eq(waMessageReactions.groupJid, groupJid),
              inArray(waMessageReactions.targetWaId, ids.slice(start, start + LOOKUP_SLICE)),
            ),
          )
          .orderBy(asc(waMessageReactions.reactedAt), asc(waMessageReactions.reactor));
        found.push(...rows);
      }
      return found;
    },

    /** A deleted message's reactions go with it (a delete for everyone). */
    async clear(sessionId: string, groupJid: string, waId: string): Promise<void> {
      await db
        .delete(waMessageReactions)
        .where(
          and(
            eq(waMessageReactions.sessionId, sessionId),
            eq(waMessageReactions.groupJid, groupJid),
            eq(waMessageReactions.targetWaId, waId),
          ),
        );
    },
  };
}
