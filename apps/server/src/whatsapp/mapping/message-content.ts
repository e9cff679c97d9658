import type { GroupMessageType } from '@wadesk/contract';
import { getContentType, normalizeMessageContent, type proto } from 'baileys';

export interface ContentSummary {
  type: GroupMessageType;
  body: string;
  hasMedia: boolean;
  mimetype: string | null;
  filename: string | null;
  /** Base64 JPEG preview (images and videos carry one inline). */
  thumbnail: string | null;
  contextInfo: proto.IContextInfo | null;
}

const MEDIA_TYPES: Partial<Record<string, GroupMessageType>> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
};

/**
 * What a message content shows, in whatsapp-web.js' vocabulary (decision 0015 §5). Ephemeral, view-once and
 * document-with-caption wrappers are unwrapped first. null for content that is not a chat bubble
 * (reactions, protocol messages, key distribution), which callers skip or handle themselves.
 */
export function summariseContent(message: proto.IMessage | null | undefined): ContentSummary | null {
  const content = normalizeMessageContent(message);
  const key = getContentType(content ?? undefined);
  if (!content || !key) return null;
  const mediaType = MEDIA_TYPES[key];
  if (mediaType) return summariseMedia(content, key, mediaType);

  const empty = { hasMedia: false, mimetype: null, filename: null, thumbnail: null };
  switch (key) {
    case 'conversation':
      return { ...empty, type: 'chat', body: content.conversation ?? '', contextInfo: null };
    case 'extendedTextMessage':
      return chat(content.extendedTextMessage?.text, content.extendedTextMessage?.contextInfo);
    case 'locationMessage':
    case 'liveLocationMessage': {
      const location = content.locationMessage ?? content.liveLocationMessage;
      const named = [content.locationMessage?.name, content.locationMessage?.address]
        .filter(Boolean)
        .join('\n');
      const body = named || `${location?.degreesLatitude ?? 0}, ${location?.degreesLongitude ?? 0}`;
      return { ...empty, type: 'location', body, contextInfo: location?.contextInfo ?? null };
    }
    case 'contactMessage':
      return {
        ...empty,
        type: 'vcard',
        body: content.contactMessage?.displayName ?? '',
        contextInfo: content.contactMessage?.contextInfo ?? null,
      };
    case 'contactsArrayMessage':
      return {
        ...empty,
        type: 'multi_vcard',
        body:
          content.contactsArrayMessage?.displayName ??
          (content.contactsArrayMessage?.contacts ?? []).map((c) => c.displayName).join(', '),
        contextInfo: content.contactsArrayMessage?.contextInfo ?? null,
      };
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3': {
      const poll =
        content.pollCreationMessage ?? content.pollCreationMessageV2 ?? content.pollCreationMessageV3;
      return {
        ...empty,
        type: 'poll_creation',
        body: poll?.name ?? '',
        contextInfo: poll?.contextInfo ?? null,
      };
    }
    case 'reactionMessage':
    case 'protocolMessage':
    case 'pollUpdateMessage':
    case 'keepInChatMessage':
    case 'pinInChatMessage':
      return null;
    default:
      return { ...empty, type: 'unknown', body: '', contextInfo: null };
  }
}

function chat(
  text: string | null | undefined,
  contextInfo: proto.IContextInfo | null | undefined,
): ContentSummary {
  return {
    type: 'chat',
    body: text ?? '',
    hasMedia: false,
    mimetype: null,
    filename: null,
    thumbnail: null,
    contextInfo: contextInfo ?? null,
  };
}

interface MediaFields {
  caption?: string | null;
  mimetype?: string | null;
  fileName?: string | null;
  jpegThumbnail?: Uint8Array | null;
  ptt?: boolean | null;
  contextInfo?: proto.IContextInfo | null;
}

function summariseMedia(content: proto.IMessage, key: string, type: GroupMessageType): ContentSummary {
  const media = (content as Record<string, MediaFields | null | undefined>)[key] ?? {};
  return {
    type: type === 'audio' && media.ptt ? 'ptt' : type,
    body: media.caption ?? '',
    hasMedia: true,
    mimetype: media.mimetype ?? null,
    filename: media.fileName ?? null,
    thumbnail: media.jpegThumbnail?.length ? Buffer.from(media.jpegThumbnail).toString('base64') : null,
    contextInfo: media.contextInfo ?? null,
  };
}
