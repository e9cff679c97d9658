import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { formatSize } from '../../sizes';
import type { UploadedFile } from './import.service';

export const FILE_FIELD = 'file_uploaded';

export const multipartMessages = {
  notMultipart: `Send the chat export as multipart/form-data in the ${FILE_FIELD} field.`,
  missingFile: `Attach the chat export (.txt or .zip) as the ${FILE_FIELD} field.`,
  malformed: 'The upload is not a valid multipart/form-data request.',
  tooLarge: (limit: number) => `The file is larger than the ${formatSize(limit)} limit.`,
} as const;

/**
 * The file of the `file_uploaded` field, read into memory (the multipart limits cap it at the upload
 * limit). Only the first file is used, as the upload card does.
 */
export async function readUploadedFile(request: FastifyRequest, limitBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError(415, multipartMessages.notMultipart);
  let bytes: Buffer;
  let fileName: string;
  try {
    const part = await request.file();
    if (!part || part.fieldname !== FILE_FIELD) throw new AppError(400, multipartMessages.missingFile);
    fileName = part.filename;
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, multipartMessages.tooLarge(limitBytes));
    }
    // Everything else here is the body's fault: a missing boundary, a truncated part, too many parts.
    throw new AppError(400, multipartMessages.malformed);
  }
  return { fileName, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
