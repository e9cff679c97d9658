import type { MediaEntry } from '@wadesk/chat-export';
import type { UploadRefusal } from './parse-upload';

/**
 * Types that are compressed already: a zip takes a few percent off them (1.0–1.1 to 1 for real photos,
 * videos and voice notes). 4 to 1 leaves room for odd files (a large metadata block, a video with free
 * space in it) and still refuses a zero-filled "photo" (1,000 to 1).
 */
const COMPRESSED_MEDIA = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'video/mp4',
  'video/3gpp',
  'video/quicktime',
  'video/x-matroska',
  'video/webm',
  'video/x-msvideo',
  'audio/ogg',
  'audio/mpeg',
  'audio/aac',
  'audio/mp4',
  'audio/amr',
]);

/** The most a file may unpack to, as a multiple of the bytes it takes in the zip (documented in the README). */
export const MAX_UNPACK_RATIO = {
  /** Photos, stickers, videos and compressed audio (COMPRESSED_MEDIA). */
  compressedMedia: 4,
  /**
   * Everything else (documents, text, BMP, WAV, unknown types): text deflates 3–10 to 1 and sparse office
   * files or flat bitmaps more; past 100 to 1 a file is padding, not content.
   */
  other: 100,
} as const;

export const mediaRatioMessages = {
  implausible: (fileName: string, ratio: number, compressed: boolean) =>
    `"${fileName}" unpacks to ${Math.round(ratio).toLocaleString('en')} times its size in the zip. ` +
    (compressed
      ? `Photos, videos and voice notes are already compressed and shrink very little in a zip (at most ${MAX_UNPACK_RATIO.compressedMedia} times is accepted), so this is not a real media file.`
      : `No real file shrinks that much in a zip (at most ${MAX_UNPACK_RATIO.other} times is accepted).`) +
    ' Nothing from this upload was stored.',
  overlapping:
    'The files in this zip share their packed bytes, which no WhatsApp export does. Export the chat again and upload that zip. Nothing from this upload was stored.',
} as const;

/**
 * Refuses media whose size in the zip is implausible for their type, before anything is inflated or
 * stored: a few KB of zeros named `.jpg` would otherwise become megabytes in storage. Sizes are the ones
 * the zip declares; inflating never reads more than the declared packed bytes nor writes more than the
 * declared size (chat-export's zip-inflate.ts), and entries that claim the same packed bytes twice are
 * refused by their sum, so a file cannot look less compressed than it is.
 */
export function implausibleMedia(entries: readonly MediaEntry[], zipBytes: number): UploadRefusal | null {
  let packed = 0;
  for (const entry of entries) {
    const compressed = COMPRESSED_MEDIA.has(entry.mime);
    const limit = compressed ? MAX_UNPACK_RATIO.compressedMedia : MAX_UNPACK_RATIO.other;
    if (entry.size > entry.packedSize * limit) {
      const ratio = entry.packedSize === 0 ? entry.size : entry.size / entry.packedSize;
      return refused(mediaRatioMessages.implausible(entry.name, ratio, compressed));
    }
    packed += entry.packedSize;
  }
  return packed > zipBytes ? refused(mediaRatioMessages.overlapping) : null;
}

const refused = (message: string): UploadRefusal => ({ ok: false, status: 413, message });
