import { chatMessages, type SavedChatList, type SavedChatRef, type SuccessMessage } from '@wadesk/contract';
import type { Clock } from '../../clock';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import { authenticationErrors } from '../auth/authenticate';
import type { Owner } from './attachments.repository';
import { checkChatName } from './chat-name';
import { type ChatsRepository, ForeignAttachmentsError } from './chats.repository';
import type { WarnLog } from './import.service';
import { decodeChatAnswer } from './message-codec';
import type { PreparedSave } from './prepare-save';

export interface ChatsServiceDeps {
  repo: ChatsRepository;
  storage: ObjectStorage;
  clock: Clock;
  log: WarnLog;
}

/** A save request that prepare-save.ts accepted. */
export type SaveReady = Extract<PreparedSave, { ok: true }>;

function validName(raw: string): string {
  const checked = checkChatName(raw);
  if ('message' in checked) throw new AppError(400, checked.message);
  return checked.name;
}

const notFound = () => new AppError(404, chatMessages.chatNotFound);

export type ChatsService = ReturnType<typeof createChatsService>;

export function createChatsService({ repo, storage, clock, log }: ChatsServiceDeps) {
  return {
    /**
     * Saves a chat in one transaction. Totals and authors are recomputed from the messages; every
     * object name the messages show must be one of the caller's uploads, else nothing is saved.
     */
    /** Stores a save that prepareSave checked and encoded (off the event loop). */
    async save(owner: Owner, prepared: SaveReady): Promise<SavedChatRef> {
      try {
        const chat = await repo.create(owner, {
          name: prepared.name,
          totalMsgs: prepared.totalMsgs,
          uniqueAuthors: prepared.uniqueAuthors,
          answer: Buffer.from(prepared.answer.buffer, prepared.answer.byteOffset, prepared.answer.byteLength),
          attachmentNames: prepared.attachmentNames,
        });
        return { chat_id: chat.id, chat_name: chat.name };
      } catch (error) {
        if (error instanceof ForeignAttachmentsError)
          throw new AppError(400, chatMessages.foreignAttachments);
        // The account went while the chat was prepared (an accepted invitation replaced it): signed out.
        if (isForeignKeyViolation(error)) throw new AppError(401, authenticationErrors.invalid);
        throw error;
      }
    },

    async list(owner: Owner): Promise<SavedChatList> {
      const chats = await repo.list(owner);
      return {
        chat_count: chats.length,
        chat_list: chats.map(({ id, name }) => ({ chat_id: id, chat_name: name })),
      };
    },

    /**
     * The saved chat's answer as stored: gzip-compressed JSON when the client takes gzip (every browser
     * does), else the JSON itself. The messages were validated when saved, so nothing is re-checked.
     */
    async loadAnswer(
      owner: Owner,
      chatId: number,
      gzipOk: boolean,
    ): Promise<{ body: Buffer; gzip: boolean }> {
      const chat = await repo.findAnswer(owner, chatId);
      if (!chat) throw notFound();
      return gzipOk ? { body: chat, gzip: true } : { body: await decodeChatAnswer(chat), gzip: false };
    },

    async rename(owner: Owner, chatId: number, rawName: string): Promise<SavedChatRef> {
      const renamed = await repo.rename(owner, chatId, validName(rawName), clock());
      if (!renamed) throw notFound();
      return { chat_id: renamed.id, chat_name: renamed.name };
    },

    /** Deletes the chat, then (after the commit) the files no other saved chat shows. */
    async remove(owner: Owner, chatId: number): Promise<SuccessMessage> {
      const orphans = await repo.remove(owner, chatId);
      if (orphans === null) throw notFound();
      try {
        await storage.delete(orphans);
      } catch (error) {
        // The chat is gone either way; an unremoved file is only wasted space, never reachable again.
        log.warn({ err: error, objectNames: orphans }, 'could not remove the files of a deleted chat');
      }
      return { success: true, message: 'Chat deleted.' };
    },
  };
}
