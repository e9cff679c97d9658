import { BufferJSON, proto, type WAMessageKey } from 'baileys';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { deskReplies } from './replies.schema';

export interface DeskReplyRow {
  organisationId: number;
  sessionId: string;
  groupJid: string;
  waId: string;
  ticketId: number;
  userId: number;
  body: string;
  /** The sent proto.IMessage, as Baileys will need it for a retry. */
  content: proto.IMessage;
}

export type DeskRepliesRepository = ReturnType<typeof createDeskRepliesRepository>;

/** Messages sent from the desk (decision 0018): who sent them, and their content for getMessage. */
export function createDeskRepliesRepository(db: Db) {
  return {
    async insert(row: DeskReplyRow): Promise<void> {
      await db
        .insert(deskReplies)
        .values({ ...row, content: JSON.stringify(row.content, BufferJSON.replacer) });
    },

    /** The send failed: nothing was sent under this id. */
    async remove(sessionId: string, waId: string): Promise<void> {
      await db
        .delete(deskReplies)
        .where(and(eq(deskReplies.sessionId, sessionId), eq(deskReplies.waId, waId)));
    },

    /**
     * Desk replies follow their messages when the desk merges or splits tickets (the port
     * `TicketReplies` of modules/tickets/ticket-merge.repository.ts), inside the caller's transaction so that
     * the tickets stay locked: every reply of `fromTicketId`, or only those sent as `waIds`.
     */
    async moveToTicket(
      tx: DbTransaction,
      fromTicketId: number,
      intoTicketId: number,
      waIds?: readonly string[],
    ): Promise<void> {
      const ofTicket = eq(deskReplies.ticketId, fromTicketId);
      await tx
        .update(deskReplies)
        .set({ ticketId: intoTicketId })
        .where(waIds ? and(ofTicket, inArray(deskReplies.waId, [...waIds])) : ofTicket);
    },

    /** Baileys' getMessage for the session: the content of a message it sent from the desk, or undefined. */
    async content(sessionId: string, key: WAMessageKey): Promise<proto.IMessage | undefined> {
      if (!key.id) return undefined;
      const [row] = await db
        .select({ content: deskReplies.content, groupJid: deskReplies.groupJid })
        .from(deskReplies)
        .where(and(eq(deskReplies.sessionId, sessionId), eq(deskReplies.waId, key.id)));
      if (!row || (key.remoteJid && key.remoteJid !== row.groupJid)) return undefined;
      return proto.Message.fromObject(JSON.parse(row.content, BufferJSON.reviver));
    },
  };
}
