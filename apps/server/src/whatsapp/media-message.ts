import type { AnyMessageContent } from 'baileys';
import type { OutgoingMedia } from './driver';

/**
 * The composer's attachment as Baileys' content (Utils/messages.js prepareWAMessageMedia), for both drivers:
 * read from the stream once; a photo's thumbnail is made from the copy Baileys keeps for it (sharp), a
 * video's needs ffmpeg and is left out without it.
 */
export function mediaMessage({ kind, file, mimetype, fileName, caption }: OutgoingMedia): AnyMessageContent {
  const media = { stream: file };
  const withCaption = caption ? { caption } : {};
  if (kind === 'image') return { image: media, mimetype, ...withCaption };
  if (kind === 'video') return { video: media, mimetype, ...withCaption };
  return { document: media, mimetype, fileName, ...withCaption };
}
