import type { GroupMessage } from '@wadesk/contract';
import type { LiveMessageEvent } from '../../src/whatsapp/events';

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

/** A live group message event as the gateway hands it to the ticket engine. */
export function liveMessage(input: LiveInput): LiveMessageEvent {
  const id = input.id ?? `3EB0TEST${String(++sequence).padStart(8, '0')}`;
  const groupId = input.groupId ?? '120363000000000001@g.us';
  const from = input.fromMe ? null : input.from === undefined ? '4915112345678' : input.from;
  const author = input.fromMe ? null : `${from ?? '123456789012345'}@${from ? 's.whatsapp.net' : 'lid'}`;
  return {
    origin: 'live',
    organisationId: input.organisationId,
    sessionId: input.sessionId,
    groupId,
    groupName: input.groupName === undefined ? 'Customers' : input.groupName,
    message: {
      msg_id: `${Boolean(input.fromMe)}_${groupId}_${id}${author ? `_${author}` : ''}`,
      id,
      author,
      author_name: input.name === undefined ? (input.fromMe ? null : 'Carla') : input.name,
      author_number: from,
      from_me: Boolean(input.fromMe),
      body: input.body ?? 'hello',
      has_media: input.type === 'image',
      message_type: input.type ?? 'chat',
      media_base64: null,
      mimetype: null,
      filename: null,
      has_quoted_msg: false,
      quoted_msg_id: null,
      quoted_msg: null,
      quoted_participant_name: null,
      timestamp: input.timestamp ?? Math.floor(Date.now() / 1000),
    },
  };
}
