import { Transform } from 'node:stream';
import { getContentType, normalizeMessageContent, type WAMessage } from 'baileys';
import { toSeconds } from './mapping/to-group-message';

/**
 * A media file larger than the server downloads (MEDIA_MAX_BYTES). `size` is what the message says it is
 * (its `fileLength`), or null when only the download found it larger: the sender chooses `fileLength`.
 */
export class MediaTooLargeError extends Error {
  constructor(
    readonly size: number | null,
    readonly maxBytes: number,
  ) {
    super(`The media is larger than ${maxBytes} bytes`);
    this.name = 'MediaTooLargeError';
  }
}

/** The media's size as its message declares it (`fileLength`, bytes of the decrypted file); null: none. */
export function declaredMediaSize(message: WAMessage): number | null {
  const content = normalizeMessageContent(message.message);
  const type = getContentType(content ?? undefined);
  const media = type ? (content as Record<string, { fileLength?: unknown } | undefined>)[type] : undefined;
  const length = media?.fileLength as WAMessage['messageTimestamp'] | string | undefined;
  if (length === null || length === undefined) return null;
  const bytes = toSeconds(length); // a Long, number or string, as the timestamp is
  return Number.isFinite(bytes) && bytes >= 0 ? bytes : null;
}

/**
 * Refuses media its message declares larger than `maxBytes`, before anything is downloaded.
 * @throws MediaTooLargeError
 */
export function assertMediaWithin(message: WAMessage, maxBytes: number): void {
  const size = declaredMediaSize(message);
  if (size !== null && size > maxBytes) throw new MediaTooLargeError(size, maxBytes);
}

/**
 * Passes the bytes on until more than `maxBytes` have come, then fails with MediaTooLargeError (a piped
 * source is destroyed with it, which ends the download): `fileLength` may lie.
 */
export function byteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new MediaTooLargeError(null, maxBytes));
      else done(null, chunk);
    },
  });
}
