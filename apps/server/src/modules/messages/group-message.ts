import type { GroupMessage, GroupMessageType, RevokedBy } from '@wadesk/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { MappedMessage } from '../../whatsapp/mapping/to-group-message';
import type { QuotedAuthor } from './messages.repository';
import type { PollView } from './poll-state';

/** The session's linked WhatsApp account: phone digits, phone-number JID and LID (any may be unknown). */
export interface LinkedAccount {
  phone: string | null;
  jid: string | null;
  lid: string | null;
}

/** What we know about a sender: a display name and, for a LID, its phone-number JID (or the reverse). */
export interface ContactName {
  name: string | null;
  altJid: string | null;
}

/** A message as stored (a row of wa_messages, or one just mapped), without the proto JSON. */
export type StoredMessageFields = Omit<MappedMessage, 'raw' | 'groupJid' | 'messageType' | 'quotedType'> & {
  messageType: string;
  quotedType: string | null;
  /** The admin who deleted it, when not its author (wa_messages.revoked_by); never set on a new message. */
  revokedBy?: string | null;
  /** When it was deleted for everyone, and when its author last edited it (seconds); absent on a new message. */
  revokedAt?: number | null;
  editedAt?: number | null;
};

/** A stored message with its people named from the session's contacts: what pages and events show. */
export interface ResolvedMessage extends StoredMessageFields {
  /** Digits of the author's phone number, when known (a LID author needs its contact's other address). */
  authorNumber: string | null;
  /** The quoted message's author: contact name, else the number in international format, else null. */
  quotedParticipantName: string | null;
  /** Digits of the quoted author's phone number, when known (a LID's from its contact pair). */
  quotedParticipantNumber: string | null;
  /** The quoted message is the linked account's own (the web says "You"). */
  quotedFromMe: boolean;
  /** The admin who deleted the message, named; null when nobody but its author did. */
  revokedByAdmin: RevokedBy | null;
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
  /** A poll's question and options (no votes yet); absent for other messages. */
  poll?: PollView;
}

/**
 * Names a stored message's people from the session's contacts (stored both ways, so a LID the driver
 * paired with a number has that number and name: docs/decisions/0013, LID senders). `me` is the session's
 * linked account, to mark a quoted message of its own.
 */
export function resolveMessage(
  row: StoredMessageFields,
  contacts: ReadonlyMap<string, ContactName>,
  me: LinkedAccount | null = null,
  /** The quoted message as stored, when it is: its author when the quote names none (own messages). */
  quotedRow?: QuotedAuthor,
): ResolvedMessage {
  const contact = row.author ? contacts.get(row.author) : undefined;
  const quoted = row.quotedParticipant ?? quotedRow?.author ?? null;
  const quotedContact = quoted ? contacts.get(quoted) : undefined;
  const quotedNumber =
    phoneOf(quoted) ?? phoneOf(quotedRow?.authorAlt ?? null) ?? phoneOf(quotedContact?.altJid ?? null);
  const quotedFromMe = quotedRow?.fromMe === true || isMine(quoted, quotedNumber, me);
  const quotedName = quotedContact?.name ?? (quotedFromMe ? null : (quotedRow?.authorName ?? null));
  const ownNumber = quotedFromMe && !quotedNumber ? (me?.phone ?? null) : quotedNumber;
  return {
    ...row,
    authorName: row.authorName ?? contact?.name ?? null,
    authorNumber: phoneOf(row.author) ?? phoneOf(row.authorAlt) ?? phoneOf(contact?.altJid ?? null),
    quotedParticipantName: quotedName ?? (ownNumber ? formatNumber(ownNumber) : null),
    quotedParticipantNumber: ownNumber,
    quotedFromMe,
    revokedByAdmin: row.revokedBy ? admin(row.revokedBy, contacts, me) : null,
  };
}

/**
 * A deleting admin named as authors are, from the session's contacts under either of their addresses; the
 * linked account as itself.
 */
function admin(jid: string, contacts: ReadonlyMap<string, ContactName>, me: LinkedAccount | null): RevokedBy {
  const contact = contacts.get(jid);
  const number = phoneOf(jid) ?? phoneOf(contact?.altJid ?? null);
  const fromMe = isMine(jid, number, me);
  return {
    name: fromMe
      ? null
      : (contact?.name ?? (contact?.altJid ? contacts.get(contact.altJid)?.name : null) ?? null),
    number: number ?? (fromMe ? (me?.phone ?? null) : null),
    from_me: fromMe,
  };
}

/** Whether a JID (or the number behind it) is the linked account's: devices (":7") do not count. */
function isMine(jid: string | null, number: string | null, me: LinkedAccount | null): boolean {
  if (!jid || !me) return false;
  const user = userOf(jid);
  return (
    (me.jid !== null && userOf(me.jid) === user) ||
    (me.lid !== null && userOf(me.lid) === user) ||
    (me.phone !== null && number === me.phone)
  );
}

/** "4917012345678:7@s.whatsapp.net" → "4917012345678@s.whatsapp.net". */
const userOf = (jid: string) => jid.replace(/:\d+@/, '@');

/** Digits as the one phone format of the UI: international, with spaces ("+91 98765 43210"). */
export function formatNumber(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
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
    quoted_participant_number: message.quotedParticipantNumber,
    quoted_from_me: message.quotedFromMe,
    timestamp: message.timestamp,
    revoked_by: message.revokedByAdmin,
    deleted_at: message.revokedAt ?? null,
    edited_at: message.editedAt ?? null,
  };
}

/** Every JID whose name or other address a page of messages needs. */
export function jidsToResolve(rows: readonly StoredMessageFields[]): string[] {
  const jids = new Set<string>();
  for (const row of rows) {
    if (row.author) jids.add(row.author);
    if (row.quotedParticipant) jids.add(row.quotedParticipant);
    if (row.revokedBy) jids.add(row.revokedBy);
  }
  return [...jids];
}

/** "4917012345678@s.whatsapp.net" → "4917012345678"; LIDs and group JIDs carry no phone number. */
export function phoneOf(jid: string | null): string | null {
  const match = jid?.match(/^(\d+)(?::\d+)?@s\.whatsapp\.net$/);
  return match?.[1] ?? null;
}
