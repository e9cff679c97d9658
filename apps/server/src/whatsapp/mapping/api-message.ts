import type { GroupMessage, GroupMessageType } from '@wadesk/contract';
import type { MappedMessage } from './to-group-message';

/** What we know about a sender: a display name and, for a LID, its phone-number JID (or the reverse). */
export interface ContactName {
  name: string | null;
  altJid: string | null;
}

export type StoredMessageFields = Omit<MappedMessage, 'raw' | 'groupJid' | 'messageType' | 'quotedType'> & {
  messageType: string;
  quotedType: string | null;
};

/** The API's group-message shape from a stored (or just mapped) message and the session's contacts. */
export function toApiMessage(
  row: StoredMessageFields,
  contacts: ReadonlyMap<string, ContactName>,
): GroupMessage {
  const contact = row.author ? contacts.get(row.author) : undefined;
  const quotedContact = row.quotedParticipant ? contacts.get(row.quotedParticipant) : undefined;
  return {
    msg_id: row.msgId,
    id: row.waId,
    author: row.author,
    author_name: row.authorName ?? contact?.name ?? null,
    author_number: phoneOf(row.author) ?? phoneOf(row.authorAlt) ?? phoneOf(contact?.altJid ?? null),
    from_me: row.fromMe,
    body: row.body,
    has_media: row.hasMedia,
    message_type: row.messageType as GroupMessageType,
    media_base64: row.thumbnail,
    mimetype: row.mimetype,
    filename: row.filename,
    has_quoted_msg: row.quotedId !== null,
    quoted_msg_id: row.quotedId,
    quoted_msg:
      row.quotedId === null
        ? null
        : {
            type: (row.quotedType ?? 'unknown') as GroupMessageType,
            body: row.quotedBody ?? '',
            media_base64: row.quotedThumbnail,
          },
    quoted_participant_name:
      quotedContact?.name ?? (row.quotedParticipant ? phoneOf(row.quotedParticipant) : null),
    timestamp: row.timestamp,
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
