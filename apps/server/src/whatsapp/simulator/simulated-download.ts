import { Readable } from 'node:stream';
import { getContentType, normalizeMessageContent, type WAMessage } from 'baileys';
import { type DownloadedMedia, MEDIA_EXPIRED, MediaUnavailableError } from '../driver';
import { toSeconds } from '../mapping/to-group-message';
import { colourFor, MEDIA_URL_PREFIX } from './phone-content';
import { pdf, png, wav } from './sample-media';
import { STICKER_WEBP_BASE64 } from './sample-previews';
import { mp4 } from './sample-video';

interface MediaFields {
  url?: string | null;
  mimetype?: string | null;
  fileName?: string | null;
}

/** How long the simulated CDN keeps a media file; older ones only the phone can upload again. */
export const SIMULATED_CDN_DAYS = 1;

/**
 * The simulated phone's media: what the composer sent (`uploaded`), else real bytes made on the spot from
 * the message's media id. Without the
 * phone (`viaPhone` false: no connection), media older than SIMULATED_CDN_DAYS has expired.
 */
export async function simulatedDownload(
  message: WAMessage,
  { viaPhone, uploaded }: { viaPhone: boolean; uploaded?: (mediaId: string) => Buffer | undefined },
): Promise<DownloadedMedia> {
  const age = Date.now() / 1000 - toSeconds(message.messageTimestamp);
  if (!viaPhone && age > SIMULATED_CDN_DAYS * 86_400) {
    throw new MediaUnavailableError(MEDIA_EXPIRED, 'expired');
  }
  const content = normalizeMessageContent(message.message);
  const type = getContentType(content ?? undefined);
  const media = (type ? (content as Record<string, MediaFields | undefined>)[type] : undefined) ?? {};
  if (!media.url?.startsWith(MEDIA_URL_PREFIX)) throw new Error('Not a simulated media message');
  const mediaId = decodeURIComponent(media.url.slice(MEDIA_URL_PREFIX.length));
  const mimetype = media.mimetype ?? 'application/octet-stream';
  const filename = media.fileName ?? null;
  // Made whole (they are small), handed over as the stream a real download is.
  const bytes = uploaded?.(mediaId) ?? bytesOf(type, mediaId, filename);
  return { mimetype, filename, stream: Readable.from([bytes]) };
}

function bytesOf(type: string | undefined, mediaId: string, filename: string | null): Buffer {
  const colour = colourFor(mediaId);
  switch (type) {
    case 'imageMessage':
      return png(96, 72, colour);
    case 'videoMessage':
      return mp4(colour);
    case 'audioMessage':
      return wav(1, 330 + (colour[0] % 4) * 110);
    case 'documentMessage':
      return pdf(['wadesk demo document', filename ?? 'document', `media ${mediaId}`]);
    default:
      return Buffer.from(STICKER_WEBP_BASE64, 'base64');
  }
}
