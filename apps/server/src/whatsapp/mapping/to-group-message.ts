import type { GroupMessageType } from '@wadesk/contract';
import { isJidGroup, jidNormalizedUser, normalizeMessageContent, proto, type WAMessage } from 'baileys';
import { storableDeep, storableText } from '../../text';
import { type PollContent, pollContent } from '../polls';
import { type ContentSummary, summariseContent, viewOnceSummary } from './message-content';

/** One stored group message: the API's group-message fields (packages/contract/src/groups.ts) plus what paging and download need. */
export interface MappedMessage {
  groupJid: string;
  msgId: string;
  waId: string;
  fromMe: boolean;
  author: string | null;
  authorAlt: string | null;
  authorName: string | null;
  body: string;
  messageType: GroupMessageType;
  hasMedia: boolean;
  mimetype: string | null;
  filename: string | null;
  thumbnail: string | null;
  quotedId: string | null;
  quotedParticipant: string | null;
  quotedType: GroupMessageType | null;
  quotedBody: string | null;
  quotedThumbnail: string | null;
  /** Seconds since the epoch. */
  timestamp: number;
  /**
   * Proto JSON of every message but plain text (what a download needs of media, and what a reply quoting
   * it carries: storedRaw); null for plain text and for what a linked device does not keep.
   */
  raw: unknown;
}

/** A poll's options as stored (texts cleaned), and its secret (never shown, never logged). */
export interface MappedPoll {
  options: string[];
  selectableCount: number;
  secret: Uint8Array | null;
}

export type MappingResult =
  /** `poll`: what a `poll_creation` message asks, kept beside the message (never in the row or its events). */
  | { kind: 'message'; message: MappedMessage; poll: MappedPoll | null }
  /**
   * "Delete for everyone" of an earlier message, sent by `fromMe` / `author`: its author, or an admin. `at`:
   * when (the delete's own WhatsApp time, seconds).
   */
  | ({ kind: 'revoke'; groupJid: string; targetId: string; at: number } & EditSender)
  /** A new text for an earlier message, sent by `fromMe` / `author` (`authorAlt`: its other address) at `at`. */
  | ({ kind: 'edit'; groupJid: string; targetId: string; body: string; at: number } & EditSender)
  /** A reaction to a message (`emoji` empty: the sender took theirs back); never a message of its own. */
  | ({ kind: 'reaction' } & MappedReaction)
  | { kind: 'skip' };

/** One person's reaction to the message `targetId`, as they sent it. */
export interface MappedReaction extends EditSender {
  groupJid: string;
  targetId: string;
  /** The emoji; '' takes the sender's reaction back. */
  emoji: string;
  /** The sender's push name, when the reaction carried one. */
  senderName: string | null;
  /** When the sender reacted (senderTimestampMs, else the envelope's time), milliseconds since the epoch. */
  at: number;
}

/** Longer "emoji" are not reactions WhatsApp's clients send; cut so a crafted one cannot fill the page. */
const EMOJI_MAX = 32;

/** Who sent an edit or a revoke: only the author of a message may change it (an admin may delete it). */
export interface EditSender {
  fromMe: boolean;
  author: string | null;
  authorAlt: string | null;
}

const SKIP = { kind: 'skip' } as const;
const { Type } = proto.Message.ProtocolMessage;

/**
 * Maps one Baileys message (history or live) to what we store; only group chats are kept.
 *
 * U+0000 and unpaired surrogates cannot be stored (src/text.ts), and every string here is what a sender or
 * the phone wrote: texts, names, ids and JIDs alike (a quote's stanzaId and participant, the key a revoke or
 * an edit names, are chosen freely inside the encrypted content). All of them are cleaned here, at the
 * source, before a lookup, a published event or the insert uses them; ids the same way on both sides, so a
 * cleaned target still names the cleaned message.
 */
export function mapGroupMessage(message: WAMessage): MappingResult {
  const key = message.key;
  const groupJid = storableText(key?.remoteJid);
  const id = storableText(key?.id);
  if (!key || !id || !groupJid || !isJidGroup(groupJid)) return SKIP;

  const fromMe = Boolean(key.fromMe);
  const participant = key.participant || message.participant || null;
  const author = fromMe || !participant ? null : jidOf(participant);
  const alt = (key as { participantAlt?: string | null }).participantAlt;
  const authorAlt = alt && !fromMe ? jidOf(alt) : null;

  const content = normalizeMessageContent(message.message);
  const at = toSeconds(message.messageTimestamp);
  const protocol = content?.protocolMessage;
  if (protocol) return mapProtocol(protocol, groupJid, at, { fromMe, author, authorAlt });
  if (content?.reactionMessage)
    return mapReaction(content.reactionMessage, groupJid, at, storableText(message.pushName || null), {
      fromMe,
      author,
      authorAlt,
    });

  const revokedStub = !message.message && message.messageStubType === proto.WebMessageInfo.StubType.REVOKE;
  // A view-once message reaches a linked device as its key alone, marked isViewOnce (decision 0015 §10).
  const viewOnceStub = Boolean((key as { isViewOnce?: boolean | null }).isViewOnce);
  const summary = revokedStub
    ? null
    : (summariseContent(message.message) ?? (viewOnceStub ? viewOnceSummary(null, null) : null));
  if (!summary && !revokedStub) return SKIP;
  const quote = quoted(summary?.contextInfo ?? null);
  const poll = summary?.type === 'poll_creation' ? pollContent(message.message) : null;

  return {
    kind: 'message',
    poll: poll ? mappedPoll(poll) : null,
    message: {
      groupJid,
      msgId: [String(fromMe), groupJid, id, ...(author ? [author] : [])].join('_'),
      waId: id,
      fromMe,
      author,
      authorAlt,
      authorName: storableText(message.pushName || null),
      body: storableText(summary?.body ?? ''),
      messageType: summary?.type ?? 'revoked',
      hasMedia: summary?.hasMedia ?? false,
      mimetype: storableText(summary?.mimetype ?? null),
      filename: storableText(summary?.filename ?? null),
      thumbnail: summary?.thumbnail ?? null,
      ...quote,
      timestamp: toSeconds(message.messageTimestamp),
      raw: summary && keepsContent(summary) ? storableDeep(storedRaw(message, summary.hasMedia)) : null,
    },
  };
}

function mappedPoll(poll: PollContent): MappedPoll {
  return {
    options: poll.options.map((option) => storableText(option)),
    selectableCount: poll.selectableCount,
    secret: poll.secret,
  };
}

function mapProtocol(
  protocol: proto.Message.IProtocolMessage,
  groupJid: string,
  at: number,
  sender: EditSender,
): MappingResult {
  const targetId = storableText(protocol.key?.id);
  if (!targetId) return SKIP;
  // The sender is the envelope's (who sent this protocol message), never the target key's participant,
  // which is whatever the sender wrote there (decision 0015 §10).
  if (protocol.type === Type.REVOKE) return { kind: 'revoke', groupJid, targetId, at, ...sender };
  if (protocol.type === Type.MESSAGE_EDIT) {
    const edited = summariseContent(protocol.editedMessage);
    if (edited) return { kind: 'edit', groupJid, targetId, body: storableText(edited.body), at, ...sender };
  }
  return SKIP;
}

/**
 * A reactionMessage: `key` names the message reacted to, `text` the emoji (empty: taken back),
 * `senderTimestampMs` when (decision 0026). The reactor is the envelope's sender, as for edits.
 */
function mapReaction(
  reaction: proto.Message.IReactionMessage,
  groupJid: string,
  at: number,
  senderName: string | null,
  sender: EditSender,
): MappingResult {
  const targetId = storableText(reaction.key?.id);
  if (!targetId || (!sender.fromMe && !sender.author)) return SKIP;
  const sentAt = reaction.senderTimestampMs ? Number(reaction.senderTimestampMs) : 0;
  return {
    kind: 'reaction',
    groupJid,
    targetId,
    emoji: [...storableText(reaction.text ?? '')].slice(0, EMOJI_MAX).join(''),
    senderName,
    at: sentAt > 0 ? sentAt : at * 1000,
    ...sender,
  };
}

function quoted(context: proto.IContextInfo | null) {
  const content = context?.quotedMessage ? summariseContent(context.quotedMessage) : null;
  if (!context?.stanzaId || !content) {
    return {
      quotedId: null,
      quotedParticipant: null,
      quotedType: null,
      quotedBody: null,
      quotedThumbnail: null,
    };
  }
  return {
    quotedId: storableText(context.stanzaId),
    quotedParticipant: context.participant ? jidOf(context.participant) : null,
    quotedType: content.type,
    quotedBody: storableText(content.body),
    quotedThumbnail: content.thumbnail,
  };
}

/** A JID as stored: normalised (no device), and storable. */
function jidOf(jid: string): string {
  return storableText(jidNormalizedUser(jid));
}

/** Protobuf timestamps arrive as number, Long, or (from JSON) a decimal string. */
export function toSeconds(value: WAMessage['messageTimestamp'] | string): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  return value.toNumber();
}

/** Kinds whose text is all there is to them, or whose content a linked device does not keep. */
const TEXT_ONLY = new Set<GroupMessageType>(['chat', 'view_once', 'unknown', 'revoked']);

/** Whether a message's content is stored (`raw`): media, and kinds such as a location, contact or poll. */
function keepsContent(summary: ContentSummary): boolean {
  return summary.hasMedia || !TEXT_ONLY.has(summary.type);
}

/**
 * The proto JSON a media download needs (keys, hashes, URLs) and a quote of the message carries (its
 * content as sent: a location with its map preview, a contact's vCard, a poll's options). Left out: the
 * message's own quote (in its own columns), a media message's preview (in `thumbnail`; a quote puts it back,
 * quoted-message.ts), and `messageContextInfo`, which no download or quote reads and which holds the
 * message's secret (a poll's, kept by the polls store only).
 */
function storedRaw(message: WAMessage, media: boolean): unknown {
  const json = proto.WebMessageInfo.fromObject(message).toJSON() as { message?: Record<string, unknown> };
  // An animated sticker downloads as the sticker message it wraps (decision 0015 §10).
  const lottie = json.message?.lottieStickerMessage as { message?: Record<string, unknown> } | undefined;
  if (lottie?.message) json.message = lottie.message;
  // A message's own secret may also sit beside its content (WebMessageInfo.messageSecret): kept only in wa_polls.
  delete (json as { messageSecret?: unknown }).messageSecret;
  stripUnstored(json.message, media);
  return json;
}

/**
 * Drops what `raw` must not keep, at any depth (wrappers such as ephemeralMessage nest the content): quotes,
 * a media message's preview (kept in `thumbnail`), and messageContextInfo, whose messageSecret decrypts a
 * poll's votes and is kept only in wa_polls.
 */
function stripUnstored(node: unknown, media: boolean): void {
  if (!node || typeof node !== 'object') return;
  for (const [field, value] of Object.entries(node)) {
    if (field === 'quotedMessage' || field === 'messageContextInfo' || (media && field === 'jpegThumbnail'))
      delete (node as Record<string, unknown>)[field];
    else stripUnstored(value, media);
  }
}
