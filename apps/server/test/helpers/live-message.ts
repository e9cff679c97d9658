import type { GroupMessage, TicketMode } from '@wadesk/contract';
import { proto, type WAMessage } from 'baileys';
import type { EngineMessage } from '../../src/modules/ticket-engine/ticket-engine';

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
  /** The group's ticket mode, as the queue reads it with the message; watch by default. */
  ticketMode?: TicketMode;
  /** The organisation's acknowledgement phrases; null (the default list) by default. */
  ackPhrases?: string[] | null;
  /** The member who sent this own message from the desk. */
  deskReply?: { userId: number; name: string; ticketId?: number | null } | null;
  /** The quoted message's author: their JID and number digits (a LID's number when known). */
  quoted?: { participant: string; number: string | null; fromMe?: boolean };
}

/** A live group message as the queue hands it to the ticket engine. */
export function liveMessage(input: LiveInput): EngineMessage {
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
    ticketMode: input.ticketMode ?? 'watch',
    ackPhrases: input.ackPhrases ?? null,
    deskReply: input.deskReply ?? null,
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
      quotedId: input.quoted ? 'QUOTED0000000001' : null,
      quotedParticipant: input.quoted?.participant ?? null,
      quotedType: input.quoted ? 'chat' : null,
      quotedBody: input.quoted ? 'the question' : null,
      quotedThumbnail: null,
      quotedParticipantName: null,
      quotedParticipantNumber: input.quoted?.number ?? null,
      quotedFromMe: input.quoted?.fromMe ?? false,
      revokedByAdmin: null,
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
