import type { GroupMessage } from '@wadesk/contract';
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
  name?: string | null;
  fromMe?: boolean;
  /** WhatsApp message id; a fresh one when absent. */
  id?: string;
  /** Seconds since the epoch. */
  timestamp?: number;
  type?: GroupMessage['message_type'];
}

/** A live group message as ingest publishes it to the ticket engine. */
export function liveMessage(input: LiveInput): LiveMessage {
  const id = input.id ?? `3EB0TEST${String(++sequence).padStart(8, '0')}`;
  const groupId = input.groupId ?? '120363000000000001@g.us';
  const from = input.fromMe ? null : input.from === undefined ? '4915112345678' : input.from;
  const author = input.fromMe ? null : `${from ?? '123456789012345'}@${from ? 's.whatsapp.net' : 'lid'}`;
  return {
    organisationId: input.organisationId,
    sessionId: input.sessionId,
    groupJid: groupId,
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
      timestamp: input.timestamp ?? Math.floor(Date.now() / 1000),
    },
  };
}
