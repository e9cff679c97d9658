import type { GroupMessageType } from '@wadesk/contract';
import { normalizeMessageContent, type proto } from 'baileys';

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

/** What a linked device shows for a kind it cannot display: the phone can. */
export const UNSUPPORTED_BODY = 'Unsupported message — open it on the phone';

const MEDIA_TYPES: Partial<Record<string, GroupMessageType>> = {
  imageMessage: 'image',
  videoMessage: 'video',
  ptvMessage: 'ptv',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
};

/** Content that is not a bubble of its own: reactions, votes, protocol and key messages, pins. */
const NOT_A_BUBBLE = new Set([
  'reactionMessage',
  'encReactionMessage',
  'protocolMessage',
  'pollUpdateMessage',
  'keepInChatMessage',
  'pinInChatMessage',
  'senderKeyDistributionMessage',
  'fastRatchetKeySenderKeyDistributionMessage',
  'stickerSyncRmrMessage',
  'encEventResponseMessage',
  'encCommentMessage',
  'secretEncryptedMessage',
  'messageHistoryBundle',
  'messageHistoryNotice',
  'limitSharingMessage',
]);

/** Wrappers around another message that Baileys' normalizeMessageContent leaves in place. */
const MORE_WRAPPERS = [
  'groupMentionedMessage',
  'botInvokeMessage',
  'botForwardedMessage',
  'pollCreationMessageV4',
  'questionMessage',
  'questionReplyMessage',
] as const;

const VIEW_ONCE_WRAPPERS = ['viewOnceMessage', 'viewOnceMessageV2', 'viewOnceMessageV2Extension'] as const;
const ALL_WRAPPERS = [
  ...VIEW_ONCE_WRAPPERS,
  'ephemeralMessage',
  'documentWithCaptionMessage',
  'editedMessage',
  'associatedChildMessage',
  'groupStatusMessage',
  'groupStatusMessageV2',
  ...MORE_WRAPPERS,
] as const;

type Wrapped = Partial<Record<(typeof ALL_WRAPPERS)[number], proto.Message.IFutureProofMessage | null>>;

/**
 * The message and every message wrapped inside it (ephemeral, view-once, edited, mention, question…),
 * outermost first. One list of wrappers serves everything that looks inside a message: what it shows here,
 * and the poll or vote it carries (polls.ts).
 */
export function messageLayers(message: proto.IMessage | null | undefined): proto.IMessage[] {
  const found: proto.IMessage[] = [];
  let current = message ?? null;
  for (let depth = 0; current && depth < 8; depth++) {
    found.push(current);
    const wrapped = current as Wrapped;
    const wrapper = ALL_WRAPPERS.find((name) => wrapped[name]);
    current = wrapper ? (wrapped[wrapper]?.message ?? {}) : null;
  }
  return found;
}

/**
 * The message inside every wrapper, and whether one of them was a view-once wrapper (normalizeMessageContent
 * unwraps those silently).
 */
function unwrap(message: proto.IMessage): { content: proto.IMessage; viewOnce: boolean } {
  const layers = messageLayers(message);
  const content = layers.at(-1) ?? message;
  const viewOnce = layers.some((layer) => VIEW_ONCE_WRAPPERS.some((name) => (layer as Wrapped)[name]));
  return { content: normalizeMessageContent(content) ?? content, viewOnce };
}

/** The field that holds the content, as Baileys' getContentType names it, skipping sender-key fields. */
function contentKey(content: proto.IMessage): string | undefined {
  const keys = Object.keys(content).filter(
    (key) => (key === 'conversation' || key.includes('Message')) && (content as Record<string, unknown>)[key],
  );
  return keys.find((key) => !NOT_A_BUBBLE.has(key)) ?? keys[0];
}

const EMPTY = { hasMedia: false, mimetype: null, filename: null, thumbnail: null };

/**
 * What a message content shows, in whatsapp-web.js' vocabulary (decision 0015 §5). Wrappers (ephemeral,
 * view-once, document-with-caption, …) are unwrapped first. View-once content becomes a `view_once` notice
 * without its media: a linked device is not meant to keep it. Any kind not known here is an `unknown`
 * message that says so, never an empty bubble. null for content that is not a chat bubble (reactions,
 * protocol messages, key distribution) and for no content at all, which callers skip or handle themselves.
 */
export function summariseContent(message: proto.IMessage | null | undefined): ContentSummary | null {
  if (!message) return null;
  const { content, viewOnce } = unwrap(message);
  const key = contentKey(content);
  if (key && NOT_A_BUBBLE.has(key)) return null;
  if (!key) {
    if (viewOnce) return viewOnceSummary(null, null);
    // Sender keys alone are no message; anything else the schema could not name (a newer kind whose
    // fields were dropped while decoding leaves only messageContextInfo, decision 0015 §10) is one we
    // cannot show.
    const fields = Object.keys(content).filter((field) => (content as Record<string, unknown>)[field]);
    if (fields.length === 0 || fields.some((field) => NOT_A_BUBBLE.has(field))) return null;
    return unsupported();
  }
  const mediaType = MEDIA_TYPES[key];
  if (mediaType) {
    const media = (content as Record<string, MediaFields | null | undefined>)[key] ?? {};
    if (viewOnce || media.viewOnce) return viewOnceSummary(mediaType, media);
    return summariseMedia(media, mediaType);
  }
  if (viewOnce) return viewOnceSummary(null, null);
  return summariseOther(content, key);
}

function summariseOther(content: proto.IMessage, key: string): ContentSummary {
  switch (key) {
    case 'conversation':
      return { ...EMPTY, type: 'chat', body: content.conversation ?? '', contextInfo: null };
    case 'extendedTextMessage':
      return text('chat', content.extendedTextMessage?.text, content.extendedTextMessage?.contextInfo);
    case 'locationMessage':
    case 'liveLocationMessage': {
      const location = content.locationMessage ?? content.liveLocationMessage;
      const named = [content.locationMessage?.name, content.locationMessage?.address]
        .filter(Boolean)
        .join('\n');
      const body = named || `${location?.degreesLatitude ?? 0}, ${location?.degreesLongitude ?? 0}`;
      return text('location', body, location?.contextInfo);
    }
    case 'contactMessage':
      return text('vcard', content.contactMessage?.displayName, content.contactMessage?.contextInfo);
    case 'contactsArrayMessage': {
      const contacts = content.contactsArrayMessage;
      const names = contacts?.displayName ?? (contacts?.contacts ?? []).map((c) => c.displayName).join(', ');
      return text('multi_vcard', names, contacts?.contextInfo);
    }
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3':
    case 'pollCreationMessageV5': {
      const poll =
        content.pollCreationMessage ??
        content.pollCreationMessageV2 ??
        content.pollCreationMessageV3 ??
        content.pollCreationMessageV5;
      return text('poll_creation', poll?.name, poll?.contextInfo);
    }
    case 'lottieStickerMessage': {
      // An animated sticker: a sticker message inside a wrapper (decision 0015 §10).
      const sticker = content.lottieStickerMessage?.message?.stickerMessage;
      return sticker ? summariseMedia(sticker, 'sticker') : unsupported();
    }
    case 'albumMessage': {
      const album = content.albumMessage;
      const parts = [
        count(album?.expectedImageCount, 'photo', 'photos'),
        count(album?.expectedVideoCount, 'video', 'videos'),
      ].filter(Boolean);
      // The album's photos and videos follow as messages of their own.
      return text('album', parts.length ? `Album: ${parts.join(', ')}` : 'Album', album?.contextInfo);
    }
    case 'eventMessage': {
      const event = content.eventMessage;
      const lines = [
        event?.isCanceled ? 'Cancelled event' : null,
        event?.name,
        event?.description,
        event?.location?.name ?? event?.location?.address,
        event?.joinLink,
      ];
      return text('event', lines.filter(Boolean).join('\n'), event?.contextInfo);
    }
    case 'groupInviteMessage': {
      const invite = content.groupInviteMessage;
      const title = invite?.groupName
        ? `Invitation to join the group "${invite.groupName}"`
        : 'Group invitation';
      return text(
        'groups_v4_invite',
        [title, invite?.caption].filter(Boolean).join('\n'),
        invite?.contextInfo,
      );
    }
    case 'buttonsResponseMessage': {
      const reply = content.buttonsResponseMessage;
      return text(
        'buttons_response',
        reply?.selectedDisplayText ?? reply?.selectedButtonId,
        reply?.contextInfo,
      );
    }
    case 'templateButtonReplyMessage': {
      const reply = content.templateButtonReplyMessage;
      return text(
        'template_button_reply',
        reply?.selectedDisplayText ?? reply?.selectedId,
        reply?.contextInfo,
      );
    }
    case 'listResponseMessage': {
      const reply = content.listResponseMessage;
      const body = [reply?.title ?? reply?.singleSelectReply?.selectedRowId, reply?.description];
      return text('list_response', body.filter(Boolean).join('\n'), reply?.contextInfo);
    }
    case 'interactiveResponseMessage': {
      const reply = content.interactiveResponseMessage;
      const body = reply?.body?.text || reply?.nativeFlowResponseMessage?.name;
      return text('interactive_response', body, reply?.contextInfo);
    }
    case 'buttonsMessage': {
      const buttons = content.buttonsMessage;
      const labels = (buttons?.buttons ?? []).map((b) => b.buttonText?.displayText);
      return text(
        'interactive',
        lines(buttons?.text, buttons?.contentText, buttons?.footerText, choices(labels)),
        buttons?.contextInfo,
      );
    }
    case 'templateMessage': {
      const template = content.templateMessage;
      const hydrated = template?.hydratedTemplate ?? template?.hydratedFourRowTemplate;
      const labels = (hydrated?.hydratedButtons ?? []).map(
        (b) => b.quickReplyButton?.displayText ?? b.urlButton?.displayText ?? b.callButton?.displayText,
      );
      return text(
        'interactive',
        lines(
          hydrated?.hydratedTitleText,
          hydrated?.hydratedContentText,
          hydrated?.hydratedFooterText,
          choices(labels),
        ),
        template?.contextInfo,
      );
    }
    case 'interactiveMessage': {
      const interactive = content.interactiveMessage;
      const labels = (interactive?.nativeFlowMessage?.buttons ?? []).map((b) =>
        buttonTitle(b.buttonParamsJson),
      );
      return text(
        'interactive',
        lines(
          interactive?.header?.title,
          interactive?.body?.text,
          interactive?.footer?.text,
          choices(labels),
        ),
        interactive?.contextInfo,
      );
    }
    case 'listMessage': {
      const list = content.listMessage;
      const rows = (list?.sections ?? []).flatMap((section) => (section.rows ?? []).map((row) => row.title));
      return text(
        'list',
        lines(list?.title, list?.description, list?.footerText, choices(rows)),
        list?.contextInfo,
      );
    }
    default:
      return unsupported();
  }
}

function text(
  type: GroupMessageType,
  body: string | null | undefined,
  contextInfo: proto.IContextInfo | null | undefined,
): ContentSummary {
  return { ...EMPTY, type, body: body ?? '', contextInfo: contextInfo ?? null };
}

function unsupported(): ContentSummary {
  return { ...EMPTY, type: 'unknown', body: UNSUPPORTED_BODY, contextInfo: null };
}

const lines = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join('\n');

function choices(labels: (string | null | undefined)[]): string | null {
  const shown = labels.filter(Boolean);
  return shown.length ? shown.map((label) => `• ${label}`).join('\n') : null;
}

function count(value: number | null | undefined, one: string, many: string): string | null {
  return value ? `${value} ${value === 1 ? one : many}` : null;
}

/** A native-flow button's label, from its JSON parameters ({"display_text": …}). */
function buttonTitle(paramsJson: string | null | undefined): string | null {
  try {
    const params = JSON.parse(paramsJson ?? '{}') as { display_text?: unknown };
    return typeof params.display_text === 'string' ? params.display_text : null;
  } catch {
    return null;
  }
}

const VIEW_ONCE_KINDS: Partial<Record<GroupMessageType, string>> = {
  image: 'photo',
  video: 'video',
  ptv: 'video',
  audio: 'voice message',
};

/**
 * A view-once photo, video or voice message. Linked devices receive it without its content (a key-only
 * stub) or wrapped with `viewOnce` (decision 0015 §10); either way only the phone may open it, so nothing of
 * it is kept.
 */
export function viewOnceSummary(
  mediaType: GroupMessageType | null,
  media: MediaFields | null,
): ContentSummary {
  const kind = (mediaType && VIEW_ONCE_KINDS[mediaType]) ?? 'message';
  return {
    ...EMPTY,
    type: 'view_once',
    body: `View-once ${kind} — open it on the phone`,
    contextInfo: media?.contextInfo ?? null,
  };
}

interface MediaFields {
  caption?: string | null;
  mimetype?: string | null;
  fileName?: string | null;
  jpegThumbnail?: Uint8Array | null;
  ptt?: boolean | null;
  viewOnce?: boolean | null;
  contextInfo?: proto.IContextInfo | null;
}

function summariseMedia(media: MediaFields, type: GroupMessageType): ContentSummary {
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

/**
 * The field that holds what a message shows (`imageMessage`, `locationMessage`, `pollCreationMessageV3` …)
 * and its value, inside every wrapper; null when it shows nothing. What a quote of the message carries.
 */
export function shownContent(
  message: proto.IMessage,
): { field: keyof proto.IMessage; value: Record<string, unknown> | string } | null {
  const { content } = unwrap(message);
  const field = contentKey(content) as keyof proto.IMessage | undefined;
  const value = field ? content[field] : undefined;
  if (!field || NOT_A_BUBBLE.has(field) || !value || (typeof value !== 'object' && typeof value !== 'string'))
    return null;
  return { field, value: value as Record<string, unknown> | string };
}
