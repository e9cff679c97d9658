import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { downloadMediaMessage, getContentType, normalizeMessageContent, type WAMessage } from 'baileys';

type ILogger = NonNullable<Parameters<typeof downloadMediaMessage>[3]>['logger'];

import { type DownloadedMedia, MEDIA_EXPIRED, MediaUnavailableError } from '../driver';

interface MediaFields {
  mimetype?: string | null;
  fileName?: string | null;
  fileSha256?: Uint8Array | null;
}

/** WhatsApp's CDN answers 404 or 410 for media it no longer keeps. */
const EXPIRED_STATUS = new Set([404, 410]);

/**
 * Starts downloading and decrypting a media message with Baileys, as a stream (Baileys' 'stream' download
 * decrypts chunk by chunk as the CDN answers, Utils/messages-media.js:478-515, and throws before it returns
 * when the CDN refuses: Utils/messages.js:869 awaits getHttpStream, messages-media.js:297-305, 461-464). When the CDN copy has expired, `reuploadRequest` (the
 * socket's updateMediaMessage, bounded in time) asks the phone to upload it again and the download is
 * retried once; without a socket the caller gets MEDIA_EXPIRED. Baileys' own retry in downloadMediaMessage
 * never fires in rc14 (decision 0015 §3), so it is done here.
 */
export async function downloadWaMedia(
  message: WAMessage,
  context: { logger: ILogger; reuploadRequest?: (message: WAMessage) => Promise<WAMessage> },
): Promise<DownloadedMedia> {
  let decrypted: Readable;
  try {
    decrypted = await downloadMediaMessage(message, 'stream', {});
  } catch (error) {
    if (!expired(error)) throw error;
    if (!context.reuploadRequest) throw new MediaUnavailableError(MEDIA_EXPIRED, 'expired');
    context.logger.info({ key: message.key }, 'media expired, asking the phone to upload it again');
    const renewed = await context.reuploadRequest(message);
    decrypted = await downloadMediaMessage(renewed, 'stream', {});
  }
  closeSourceWithIt(decrypted);
  const content = normalizeMessageContent(message.message);
  const type = getContentType(content ?? undefined);
  const media = (type ? (content as Record<string, MediaFields | undefined>)[type] : undefined) ?? {};
  const stream = media.fileSha256?.length
    ? pipeline(decrypted, matchingHash(Buffer.from(media.fileSha256)), () => {})
    : decrypted;
  return { stream, mimetype: media.mimetype ?? 'application/octet-stream', filename: media.fileName ?? null };
}

/**
 * Baileys hands back its decrypting Transform with the CDN's response piped into it
 * (Utils/messages-media.js:514, `fetched.pipe(output)`). Destroying the Transform (a download cut off at the
 * size limit, a failed put, a wrong hash) only unpipes the response, which then stays open and paused: the
 * CDN connection would hang, and a later socket error on it would have no listener. When the response is
 * unpiped it is destroyed too, with its errors taken.
 */
function closeSourceWithIt(decrypted: Readable): void {
  decrypted.once('unpipe', (source: Readable) => {
    source.on('error', () => {});
    source.destroy();
  });
}

/**
 * A wrong key passes AES-CBC's padding check about once in 256 tries and yields garbage: the plaintext's
 * hash, which the message carries, tells for certain. The stream fails at its end when the hash differs,
 * so what it was written into is never completed (object storage keeps nothing).
 */
function matchingHash(expected: Buffer): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(
        hash.digest().equals(expected) ? null : new Error('bad decrypt: the media does not match its hash'),
      );
    },
  });
}

/** Baileys' HTTP errors are Booms: the status is `output.statusCode`, not `status` (decision 0015 §3). */
function expired(error: unknown): boolean {
  const status = (error as { output?: { statusCode?: unknown } } | null)?.output?.statusCode;
  return typeof status === 'number' && EXPIRED_STATUS.has(status);
}
