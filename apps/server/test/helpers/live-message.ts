import type { GroupMessage } from '@wadesk/contract';
import { proto, type WAMessage } from 'baileys';
import type { LiveMessage } from '../../src/modules/groups/group-message';

let sequence = 0;

export interface LiveInput {
  organisationId: number;
  sessionId: string;
  groupId?: string;
  groupName?: string | null;
  body?: string;
  /** Sender digits; null for a hidden number. */
  from?: string | null;
  /**
   * The sender's LID, as a LID-addressed group gives it: the message then carries only the LID (its
   * number, `from`, is what ingest must resolve from the session's pairs).
   */
  lid?: string;
  name?: string | null;
  fromMe?: boolean;
  /** WhatsApp message id; a fresh one when absent. */
  id?: string;
  /** Seconds since the epoch. */
  timestamp?: number;
  type?: GroupMessage['message_type'];
  /** The session's linked phone (digits), as the queue carries it; the desk fixture's by default. */
  linkedPhone?: string | null;
}

/** A live group message as the queue hands it to the ticket engine. */
export function liveMessage(input: LiveInput): LiveMessage & { linkedPhone: string | null } {
  const id = input.id ?? `3EB0TEST${String(++sequence).padStart(8, '0')}`;
  const groupId = input.groupId ?? '120363000000000001@g.us';
  const from = input.fromMe ? null : input.from === undefined ? '4915112345678' : input.from;
  const author = input.fromMe
    ? null
    : (input.lid ?? `${from ?? '123456789012345'}@${from ? 's.whatsapp.net' : 'lid'}`);
  return {
    organisationId: input.organisationId,
    sessionId: input.sessionId,
    groupJid: groupId,
    linkedPhone: input.linkedPhone === undefined ? '4930000000000' : input.linkedPhone,
    groupName: input.groupName === undefined ? 'Customers' : input.groupName,
    message: {
      msgId: `${Boolean(input.fromMe)}_${groupId}_${id}${author ? `_${author}` : ''}`,
      waId: id,
      fromMe: Boolean(input.fromMe),
      author,
      authorAlt: null,
      authorName: input.name === undefined ? (input.fromMe ? null : 'Carla') : input.name,
      authorNumber: from,
      body: input.body ?? 'hello',
      messageType: input.type ?? 'chat',
      hasMedia: input.type === 'image',
      mimetype: null,
      filename: null,
      thumbnail: null,
      quotedId: null,
      quotedParticipant: null,
      quotedType: null,
      quotedBody: null,
      quotedThumbnail: null,
      quotedParticipantName: null,
      quotedParticipantNumber: null,
      quotedFromMe: false,
      timestamp: input.timestamp ?? Math.floor(Date.now() / 1000),
    },
  };
}

/**
 * The same message as Baileys hands it to ingest (wire-shaped through proto.WebMessageInfo.fromObject):
 * what the desk fixture stores through the real live path.
 */
export function liveWaMessage(input: Omit<LiveInput, 'organisationId' | 'sessionId'>): WAMessage {
  const id = input.id ?? `3EB0TEST${String(++sequence).padStart(8, '0')}`;
  const from = input.fromMe ? null : input.from === undefined ? '4915112345678' : input.from;
  const participant = input.fromMe
    ? undefined
    : (input.lid ?? (from ? `${from}@s.whatsapp.net` : '123456789012345@lid'));
  const type = input.type ?? 'chat';
  const body = input.body ?? 'hello';
  const message: proto.IMessage =
    type === 'chat'
      ? { conversation: body }
      : type === 'image'
        ? { imageMessage: { mimetype: 'image/jpeg', caption: body } }
        : (() => {
            throw new Error(`liveWaMessage: no ${type} messages`);
          })();
  const name = input.name === undefined ? (input.fromMe ? null : 'Carla') : input.name;
  return proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: input.groupId ?? '120363000000000001@g.us',
      fromMe: Boolean(input.fromMe),
      id,
      participant,
    },
    messageTimestamp: input.timestamp ?? Math.floor(Date.now() / 1000),
    ...(name ? { pushName: name } : {}),
    message,
  }) as WAMessage; // fromObject's type marks `key` optional; it is always set here
}
