import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storableDeep } from '../../text';
import type { Owner } from './attachments.repository';
import { attachments, chatAttachments, chats } from './chats.schema';

export interface NewChat {
  name: string;
  totalMsgs: number;
  uniqueAuthors: string[];
  /** gzip of the chat's whole JSON answer (see message-codec.ts). */
  answer: Uint8Array;
  /** Object names of the caller's attachments that the messages show. */
  attachmentNames: readonly string[];
}

/** Some named attachments are missing or not the caller's; the save was rolled back. */
export class ForeignAttachmentsError extends Error {
  constructor() {
    super('attachments not owned by the caller');
    this.name = 'ForeignAttachmentsError';
  }
}

const LINK_CHUNK = 5000;

// bytea travels as base64 text: PGlite binds and reads a Uint8Array parameter byte by byte in
// JavaScript (1.6 MB took ~500 ms), while decode()/encode() run inside the database (~60 ms).
const toBytea = (bytes: Uint8Array) => sql`decode(${Buffer.from(bytes).toString('base64')}, 'base64')`;

export type ChatsRepository = ReturnType<typeof createChatsRepository>;

export function createChatsRepository(db: Db) {
  const ownChat = (owner: Owner, chatId: number) =>
    and(eq(chats.id, chatId), eq(chats.userId, owner.userId), eq(chats.organisationId, owner.organisationId));

  return {
    /**
     * Stores the chat and links its attachments in one transaction: either all of it is saved or
     * nothing. Attachment rows are share-locked so a concurrent delete cannot remove them meanwhile.
     */
    create(owner: Owner, chat: NewChat): Promise<{ id: number; name: string }> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(chats)
          .values({
            organisationId: owner.organisationId,
            userId: owner.userId,
            name: chat.name,
            totalMsgs: chat.totalMsgs,
            // A jsonb value cannot hold U+0000, which an exported chat's names may carry.
            uniqueAuthors: storableDeep(chat.uniqueAuthors),
            messages: toBytea(chat.answer),
          })
          .returning({ id: chats.id, name: chats.name });
        if (!created) throw new Error('chat insert returned no row');
        for (let at = 0; at < chat.attachmentNames.length; at += LINK_CHUNK) {
          const names = chat.attachmentNames.slice(at, at + LINK_CHUNK);
          const found = await tx
            .select({ id: attachments.id })
            .from(attachments)
            .where(
              and(
                eq(attachments.userId, owner.userId),
                eq(attachments.organisationId, owner.organisationId),
                inArray(attachments.objectName, names),
              ),
            )
            .for('share');
          if (found.length !== names.length) throw new ForeignAttachmentsError();
          await tx
            .insert(chatAttachments)
            .values(found.map(({ id }) => ({ chatId: created.id, attachmentId: id })));
        }
        return created;
      });
    },

    /** The caller's chats, newest first. */
    list(owner: Owner): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: chats.id, name: chats.name })
        .from(chats)
        .where(and(eq(chats.userId, owner.userId), eq(chats.organisationId, owner.organisationId)))
        .orderBy(desc(chats.createdAt), desc(chats.id));
    },

    /** The stored gzip answer of the caller's chat, or null. */
    async findAnswer(owner: Owner, chatId: number): Promise<Buffer | null> {
      const [row] = await db
        .select({ answer: sql<string>`encode(${chats.messages}, 'base64')` })
        .from(chats)
        .where(ownChat(owner, chatId));
      return row ? Buffer.from(row.answer, 'base64') : null;
    },

    async rename(
      owner: Owner,
      chatId: number,
      name: string,
      now: Date,
    ): Promise<{ id: number; name: string } | null> {
      const [row] = await db
        .update(chats)
        .set({ name, updatedAt: now })
        .where(ownChat(owner, chatId))
        .returning({ id: chats.id, name: chats.name });
      return row ?? null;
    },

    /**
     * Deletes the chat and those of its attachments no other chat shows; returns their object names
     * (null when there was no such chat) so the caller can remove the files after the commit.
     */
    remove(owner: Owner, chatId: number): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [chat] = await tx
          .select({ id: chats.id })
          .from(chats)
          .where(ownChat(owner, chatId))
          .for('update');
        if (!chat) return null;
        // Locking the attachments first makes a concurrent save that links one of them wait or fail.
        const linked = await tx
          .select({ id: attachments.id })
          .from(attachments)
          .innerJoin(chatAttachments, eq(chatAttachments.attachmentId, attachments.id))
          .where(eq(chatAttachments.chatId, chatId))
          .for('update', { of: attachments });
        await tx.delete(chats).where(eq(chats.id, chatId));
        if (linked.length === 0) return [];
        const unused = await tx
          .delete(attachments)
          .where(
            and(
              inArray(
                attachments.id,
                linked.map(({ id }) => id),
              ),
              notExists(
                tx.select().from(chatAttachments).where(eq(chatAttachments.attachmentId, attachments.id)),
              ),
            ),
          )
          .returning({ objectName: attachments.objectName });
        return unused.map(({ objectName }) => objectName);
      });
    },
  };
}
