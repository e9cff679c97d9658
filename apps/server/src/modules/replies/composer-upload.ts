import { pipeline } from 'node:stream';
import { attachmentKindOf, COMPOSER_FILE_FIELD, COMPOSER_LIMITS, composerMessages } from '@wadesk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { unstorableText } from '../../http/unstorable-text';
import type { ObjectStorage } from '../../storage/storage';
import { unstorablePath } from '../../text';
import { byteCap, MediaTooLargeError } from '../../whatsapp/media-size';
import { outgoingObjectName } from './outgoing-object-name';
import type { AttachmentToSend } from './replies.service';

class StorageFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('The attachment could not be stored');
  }
}

/** The composer's request as read: its text fields, and the attachment stored in object storage. */
export interface ComposerRequest {
  fields: Record<string, unknown>;
  attachment: AttachmentToSend | null;
}

/** A document's name as WhatsApp shows it: no path, no control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

/**
 * Reads POST /api/sendGroupMessage/ (docs/decisions/0024-group-composer.md): JSON with text only, or
 * multipart/form-data whose one file is streamed to object storage, cut off past its kind's limit (photo and
 * video 16 MB, document 100 MB: 413, nothing kept). Never holds a file in memory. The caller deletes the
 * stored attachment once it is sent or refused.
 */
export async function readComposerRequest(
  request: FastifyRequest,
  storage: ObjectStorage,
): Promise<ComposerRequest> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
      attachment: null,
    };
  }
  const fields: Record<string, unknown> = {};
  let attachment: AttachmentToSend | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // The JSON bodies' guard (http/unstorable-text.ts) does not see a form's fields: the same check here.
        const path = unstorablePath({ [part.fieldname]: part.value });
        if (path !== null) throw new AppError(400, unstorableText(path));
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== COMPOSER_FILE_FIELD || attachment) {
        part.file.destroy();
        throw new AppError(400, composerMessages.oneFile);
      }
      const kind = attachmentKindOf(part.mimetype);
      const objectName = outgoingObjectName();
      let bodyFailed = false;
      part.file.on('error', () => {
        bodyFailed = true;
      });
      // pipeline: an error of either stream (the cap, the body) destroys the other and reaches the put.
      const capped = pipeline(part.file, byteCap(COMPOSER_LIMITS[kind]), () => {});
      try {
        await storage.put(objectName, capped, { contentType: part.mimetype });
      } catch (error) {
        part.file.destroy(); // busboy stops reading the rest of the body
        if (error instanceof MediaTooLargeError) throw new AppError(413, composerMessages.tooLarge(kind));
        if (bodyFailed) throw new AppError(400, composerMessages.malformed);
        throw new StorageFailure(error); // the server's fault: a 500, logged
      }
      attachment = { objectName, kind, mimetype: part.mimetype, fileName: cleanFileName(part.filename) };
    }
  } catch (error) {
    if (attachment) await storage.delete([attachment.objectName]).catch(() => {});
    if (error instanceof AppError) throw error;
    if (error instanceof StorageFailure) throw error.cause;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, composerMessages.tooLarge('document'));
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, composerMessages.oneFile);
    // Everything else here is the body's fault: a missing boundary, a truncated part, too many parts.
    throw new AppError(400, composerMessages.malformed);
  }
  return { fields, attachment };
}
