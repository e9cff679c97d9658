import type { GroupMessage, GroupMessageType } from '@wadesk/contract';
import type { MappedMessage } from '../../whatsapp/mapping/to-group-message';

/** What we know about a sender: a display name and, for a LID, its phone-number JID (or the reverse). */
export interface ContactName {
  name: string | null;
  altJid: string | null;
}

/** A message as stored (a row of wa_messages, or one just mapped), without the proto JSON. */
export type StoredMessageFields = Omit<MappedMessage, 'raw' | 'groupJid' | 'messageType' | 'quotedType'> & {
  messageType: string;
  quotedType: string | null;
};

/** A stored message with its people named from the session's contacts: what pages and events show. */
export interface ResolvedMessage extends StoredMessageFields {
  /** Digits of the author's phone number, when known (a LID author needs its contact's other address). */
  authorNumber: string | null;
  quotedParticipantName: string | null;
}

/**
 * A group message stored for the first time from LIVE traffic (never from history sync): what the
 * ticket engine works on and the event stream shows. Built from what ingest wrote, never read back.
 */
export interface LiveMessage {
  organisationId: number;
  sessionId: string;
  groupJid: string;
  groupName: string | null;
  message: ResolvedMessage;
}

export function resolveMessage(
  row: StoredMessageFields,
  contacts: ReadonlyMap<string, ContactName>,
): ResolvedMessage {
  const contact = row.author ? contacts.get(row.author) : undefined;
  const quotedContact = row.quotedParticipant ? contacts.get(row.quotedParticipant) : undefined;
  return {
    ...row,
    authorName: row.authorName ?? contact?.name ?? null,
    authorNumber: phoneOf(row.author) ?? phoneOf(row.authorAlt) ?? phoneOf(contact?.altJid ?? null),
    quotedParticipantName:
      quotedContact?.name ?? (row.quotedParticipant ? phoneOf(row.quotedParticipant) : null),
  };
}

/** The API's group-message shape (pages and the event stream): the only place the wire names appear. */
export function toGroupMessage(message: ResolvedMessage): GroupMessage {
  return {
    msg_id: message.msgId,
    id: message.waId,
    author: message.author,
    author_name: message.authorName,
    author_number: message.authorNumber,
    from_me: message.fromMe,
    body: message.body,
    has_media: message.hasMedia,
    message_type: message.messageType as GroupMessageType,
    media_base64: message.thumbnail,
    mimetype: message.mimetype,
    filename: message.filename,
    has_quoted_msg: message.quotedId !== null,
    quoted_msg_id: message.quotedId,
    quoted_msg:
      message.quotedId === null
        ? null
        : {
            type: (message.quotedType ?? 'unknown') as GroupMessageType,
            body: message.quotedBody ?? '',
            media_base64: message.quotedThumbnail,
          },
    quoted_participant_name: message.quotedParticipantName,
    timestamp: message.timestamp,
  };
}

/** Every JID whose name or other address a page of messages needs. */
export function jidsToResolve(rows: readonly StoredMessageFields[]): string[] {
  const jids = new Set<string>();
  for (const row of rows) {
    if (row.author) jids.add(row.author);
    if (row.quotedParticipant) jids.add(row.quotedParticipant);
  }
  return [...jids];
}

/** "4917012345678@s.whatsapp.net" → "4917012345678"; LIDs and group JIDs carry no phone number. */
export function phoneOf(jid: string | null): string | null {
  const match = jid?.match(/^(\d+)(?::\d+)?@s\.whatsapp\.net$/);
  return match?.[1] ?? null;
}
