import { ChatExportError, type ChatMessage, listExportMedia, type MediaEntry } from '@wadesk/chat-export';
import type { ChatData } from '@wadesk/contract';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import type { AttachmentsRepository, NewAttachment, Owner } from './attachments.repository';
import { formatSize } from './multipart-upload';
import { newObjectName } from './object-names';
import type { ParsePool } from './parse-pool';
import { exportRefusal, parseUpload } from './parse-upload';
import { shareBytes } from './read-media';
import { uploadKind } from './upload-kind';

export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Where failures that must not fail the request (clean-up) are reported: pino's `warn` fits. */
export interface WarnLog {
  warn(details: object, message: string): void;
}

export interface ImportServiceDeps {
  storage: ObjectStorage;
  attachments: AttachmentsRepository;
  /** Most bytes the entries of one zip may unpack to (checked before unpacking). */
  maxUnpackedBytes: number;
  /** Media bytes one organisation may store (STORAGE_QUOTA_BYTES). */
  quotaBytes: number;
  /** Worker threads for the parse; without one it runs on the calling thread (tests of the service). */
  parsePool?: ParsePool;
  log: WarnLog;
}

const PUT_CONCURRENCY = 4;

/** The upload toast when the organisation's media would outgrow its quota. */
export const storageFull = (used: number, quota: number) =>
  `Your organisation's storage is full: ${formatSize(used)} of ${formatSize(quota)} used. Delete saved chats to make room, or upload the chat text without its media.`;

export type ImportService = ReturnType<typeof createImportService>;

export function createImportService({
  storage,
  attachments,
  maxUnpackedBytes,
  quotaBytes,
  parsePool,
  log,
}: ImportServiceDeps) {
  /** The media a zip offers, listed without inflating (the parse worker checked the zip already). */
  function mediaOf(zip: Uint8Array): Map<string, MediaEntry> {
    try {
      return listExportMedia(zip, { maxTotalBytes: maxUnpackedBytes });
    } catch (error) {
      throw asClientError(error);
    }
  }

  /**
   * Puts every file a message references into storage and records it. On any failure the objects
   * already written are removed again, so a failed upload leaves nothing behind.
   */
  async function storeMedia(
    owner: Owner,
    zip: Uint8Array,
    wanted: MediaEntry[],
  ): Promise<Map<string, string>> {
    const attempted: NewAttachment[] = [];
    let failure: unknown = null;
    let next = 0;
    const worker = async () => {
      while (failure === null && next < wanted.length) {
        const entry = wanted[next++] as MediaEntry;
        try {
          const bytes = parsePool
            ? await parsePool.readMedia({ zip, name: entry.name, maxUnpackedBytes })
            : entry.bytes();
          if (!(bytes instanceof Uint8Array)) throw new AppError(bytes.status, bytes.message);
          const row = {
            organisationId: owner.organisationId,
            userId: owner.userId,
            objectName: newObjectName(owner.userId, entry.name),
            fileName: entry.name,
            mime: entry.mime,
            size: bytes.length,
          };
          attempted.push(row); // before put: a put that fails halfway may still have left an object
          await storage.put(row.objectName, bytes, { contentType: row.mime, size: row.size });
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, wanted.length) }, worker));
    try {
      if (failure !== null) throw failure;
      await attachments.insertMany(attempted);
    } catch (error) {
      await removeQuietly(attempted.map((row) => row.objectName));
      throw asClientError(error);
    }
    return new Map(attempted.map((row) => [row.fileName, row.objectName]));
  }

  async function removeQuietly(objectNames: string[]): Promise<void> {
    try {
      await storage.delete(objectNames);
    } catch (error) {
      log.warn({ err: error, objectNames }, 'could not remove the files of a failed upload');
    }
  }

  return {
    /** Parses an uploaded export, stores the media its messages reference, and answers the chat. */
    async importExport(owner: Owner, file: UploadedFile): Promise<ChatData> {
      const isZip = uploadKind(file.fileName, file.bytes) === 'zip';
      // A zip is put in shared memory once: the parse and every media read use it without a copy.
      const bytes = parsePool && isZip ? shareBytes(file.bytes) : file.bytes;
      const input = { fileName: file.fileName, bytes, maxUnpackedBytes };
      const parsed = parsePool ? await parsePool.parse(input) : parseUpload(input);
      if (!parsed.ok) throw new AppError(parsed.status, parsed.message);
      const { chat } = parsed;
      const media = isZip ? mediaOf(bytes) : new Map<string, MediaEntry>();
      const wanted = new Map<string, MediaEntry>();
      for (const message of chat.messages) {
        const entry = message.attachment && media.get(message.attachment.file_name);
        if (entry) wanted.set(entry.name, entry);
      }
      const incoming = [...wanted.values()].reduce((total, entry) => total + entry.size, 0);
      if (incoming > 0) {
        // Checked before anything is stored; two uploads at the same moment may pass it together.
        const used = await attachments.bytesUsed(owner.organisationId);
        if (used + incoming > quotaBytes) throw new AppError(413, storageFull(used, quotaBytes));
      }
      const stored = await storeMedia(owner, bytes, [...wanted.values()]);
      return {
        total_msgs: chat.total_msgs,
        unique_authors: chat.unique_authors,
        data: chat.messages.map((message) => withObjectName(message, stored)),
      };
    },
  };
}

/**
 * An attachment message's content becomes `<object name>[ <caption>]`. A message whose
 * file was not in the upload (any .txt upload, or a zip exported without that file) keeps the export's
 * reference text and `attachment`, but has_attachment false and no media_type: there is nothing to show.
 */
function withObjectName(message: ChatMessage, stored: Map<string, string>): ChatMessage {
  if (!message.attachment) return message;
  const objectName = stored.get(message.attachment.file_name);
  if (!objectName) return { ...message, has_attachment: false, media_type: null };
  return { ...message, content: message.captions ? `${objectName} ${message.captions}` : objectName };
}

function asClientError(error: unknown): unknown {
  if (!(error instanceof ChatExportError)) return error;
  const { status, message } = exportRefusal(error);
  return new AppError(status, message);
}
