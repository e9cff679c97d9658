import { ChatExportError, listExportMedia, type MediaEntry } from '@wadesk/chat-export';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import type { AttachmentsRepository, NewAttachment, Owner } from './attachments.repository';
import { decodeChatAnswer } from './message-codec';
import type { ParsePool } from './parse-pool';
import { exportRefusal } from './parse-upload';
import { type PreparedUpload, prepareUpload, type UploadMedia } from './prepare-upload';
import { shareBytes } from './read-media';
import { quotaInForce, type StorageQuotaRule } from './storage-quota';
import { uploadKind } from './upload-kind';

export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

/** The upload's answer as it goes out: gzip-compressed JSON when the client takes gzip, else the JSON. */
export interface UploadAnswer {
  body: Buffer;
  gzip: boolean;
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
  /** Media bytes one organisation may store, by whether its owner has verified an address. */
  quota: StorageQuotaRule;
  /** Worker threads for the parse; without one it runs on the calling thread (tests of the service). */
  parsePool?: ParsePool;
  log: WarnLog;
}

const PUT_CONCURRENCY = 4;

export type ImportService = ReturnType<typeof createImportService>;

export function createImportService({
  storage,
  attachments,
  maxUnpackedBytes,
  quota,
  parsePool,
  log,
}: ImportServiceDeps) {
  /** One media file, inflated (in a worker when there is a pool). */
  async function mediaBytes(zip: Uint8Array, name: string): Promise<Uint8Array> {
    const bytes = parsePool
      ? await parsePool.readMedia({ zip, name, maxUnpackedBytes })
      : entryOf(zip, name).bytes();
    if (!(bytes instanceof Uint8Array)) throw new AppError(bytes.status, bytes.message);
    return bytes;
  }

  function entryOf(zip: Uint8Array, name: string): MediaEntry {
    try {
      const entry = listExportMedia(zip, { maxTotalBytes: maxUnpackedBytes }).get(name);
      if (!entry) throw new Error(`The zip has no media file named ${name}`);
      return entry;
    } catch (error) {
      throw asClientError(error);
    }
  }

  /**
   * Puts every file a message references into storage, then records them, if the organisation's quota
   * still has room for them by then. On any failure (or no room) the objects already written are removed
   * again, so a failed upload leaves nothing behind.
   */
  async function storeMedia(owner: Owner, zip: Uint8Array, wanted: UploadMedia[]): Promise<void> {
    const limit = await quotaInForce(quota, owner.organisationId);
    const incoming = wanted.reduce((total, media) => total + media.size, 0);
    // A first look before anything is written: most uploads that cannot fit are refused here.
    const usedBefore = await attachments.bytesUsed(owner.organisationId);
    if (usedBefore + incoming > limit.bytes) throw new AppError(413, limit.refusal(usedBefore));

    const attempted: NewAttachment[] = [];
    let failure: unknown = null;
    let next = 0;
    const worker = async () => {
      while (failure === null && next < wanted.length) {
        const media = wanted[next++] as UploadMedia;
        try {
          const bytes = await mediaBytes(zip, media.name);
          const row = {
            organisationId: owner.organisationId,
            userId: owner.userId,
            objectName: media.objectName,
            fileName: media.name,
            mime: media.mime,
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
      // The deciding check: under the organisation's lock, with the insert (attachments.repository.ts).
      const used = await attachments.insertWithinQuota(owner.organisationId, attempted, limit.bytes);
      if (used !== null) throw new AppError(413, limit.refusal(used));
    } catch (error) {
      await removeQuietly(attempted.map((row) => row.objectName));
      throw asClientError(error);
    }
  }

  async function removeQuietly(objectNames: string[]): Promise<void> {
    try {
      await storage.delete(objectNames);
    } catch (error) {
      log.warn({ err: error, objectNames }, 'could not remove the files of a failed upload');
    }
  }

  return {
    /**
     * Parses an uploaded export, stores the media its messages reference, and answers the chat: as
     * gzip-compressed JSON when `gzipOk` (every browser), else as the JSON itself. The answer is encoded
     * in a worker thread (prepare-upload.ts); this thread only stores the media and sends the bytes.
     */
    async importExport(owner: Owner, file: UploadedFile, gzipOk: boolean): Promise<UploadAnswer> {
      const isZip = uploadKind(file.fileName, file.bytes) === 'zip';
      // A zip is put in shared memory once: the parse and every media read use it without a copy.
      const bytes = parsePool && isZip ? shareBytes(file.bytes) : file.bytes;
      const input = { fileName: file.fileName, bytes, maxUnpackedBytes, userId: owner.userId };
      const prepared: PreparedUpload = parsePool
        ? await parsePool.prepareUpload(input)
        : await prepareUpload(input);
      if (!prepared.ok) throw new AppError(prepared.status, prepared.message);
      if (prepared.media.length > 0) await storeMedia(owner, bytes, prepared.media);
      const answer = Buffer.from(prepared.answer.buffer, prepared.answer.byteOffset, prepared.answer.length);
      return gzipOk ? { body: answer, gzip: true } : { body: await decodeChatAnswer(answer), gzip: false };
    },
  };
}

function asClientError(error: unknown): unknown {
  if (!(error instanceof ChatExportError)) return error;
  const { status, message } = exportRefusal(error);
  return new AppError(status, message);
}
