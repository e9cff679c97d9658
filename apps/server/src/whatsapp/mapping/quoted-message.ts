import { proto, type WAMessage } from 'baileys';
import { shownContent } from './message-content';

/** What the store keeps of a message that a reply quotes (a row of wa_messages). */
export interface QuotableMessage {
  groupJid: string;
  waId: string;
  fromMe: boolean;
  author: string | null;
  body: string;
  hasMedia: boolean;
  /** Base64 JPEG preview of a media message, kept apart from `raw` (to-group-message.ts storedRaw). */
  thumbnail: string | null;
  /** Proto JSON of every message but plain text; null for plain text and older rows of other kinds. */
  raw: unknown;
}

/**
 * Media kinds with a JPEG preview (kept in `thumbnail`) and a caption, which is the message's `body` (an edit
 * changes the body, never `raw`).
 */
const PREVIEWED = new Set(['imageMessage', 'videoMessage', 'ptvMessage', 'documentMessage']);

/**
 * The quoted message as Baileys' `quoted` option takes it: Baileys quotes its key and participant and the
 * content's one field, without that field's own contextInfo (Utils/messages.js:560-584). The content is the
 * message's as stored — a photo with its preview and caption, a location, a contact, a poll — so phones
 * show the quote as they show the original; a text, and a row stored without its content, as its text.
 */
export function quotedMessage(stored: QuotableMessage): WAMessage {
  return {
    key: {
      remoteJid: stored.groupJid,
      fromMe: stored.fromMe,
      id: stored.waId,
      ...(stored.author ? { participant: stored.author } : {}),
    },
    message: storedContent(stored) ?? { conversation: stored.body },
  };
}

function storedContent(stored: QuotableMessage): proto.IMessage | null {
  const json = (stored.raw as { message?: object } | null)?.message;
  if (!json) return null;
  const shown = shownContent(proto.Message.fromObject(json));
  if (!shown || typeof shown.value === 'string') return null;
  const content = shown.value;
  if (stored.hasMedia && PREVIEWED.has(shown.field)) {
    if (stored.thumbnail) content.jpegThumbnail = Buffer.from(stored.thumbnail, 'base64');
    if (stored.body) content.caption = stored.body;
    else delete content.caption;
  }
  return proto.Message.fromObject({ [shown.field]: content });
}
