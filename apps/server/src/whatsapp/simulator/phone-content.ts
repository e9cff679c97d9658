import { createHash } from 'node:crypto';
import { proto, type WAMessage } from 'baileys';
import { THUMBNAILS_JPEG_BASE64 } from './sample-previews';

// The simulated phone's groups and messages. Everything is a pure function of the session id and the
// message's index, so nothing is held in memory per session and a restarted server sees the same phone.

export interface SimPerson {
  name: string;
  /** Phone-number JID. */
  jid: string;
  lid: string;
  phone: string;
}

export interface SimGroup {
  jid: string;
  name: string;
  addressingMode: 'pn' | 'lid';
  members: SimPerson[];
  /** Number of messages in the group's history. */
  count: number;
  /** Timestamp (seconds) of message `index`; strictly increasing. */
  timestamp(index: number): number;
  message(index: number): WAMessage;
}

export interface PhoneContent {
  /** What every message of the phone is derived from (the session id). */
  seed: string;
  owner: SimPerson;
  groups: SimGroup[];
}

const GROUPS = [
  { name: 'Acme Support', addressingMode: 'pn' },
  { name: 'Delivery Partners', addressingMode: 'pn' },
  { name: 'Store Managers', addressingMode: 'lid' },
  { name: 'Weekend Sale Customers', addressingMode: 'pn' },
] as const;

const NAMES = [
  'Priya Shah',
  'Rahul Mehta',
  'Anita Rao',
  'Vikram Das',
  'Meera Iyer',
  'Arjun Nair',
  'Sara Khan',
  'Tom Becker',
  'Lena Vogel',
  'Omar Haddad',
];

const TEXTS = [
  'Hi, my order has not arrived yet',
  'Can someone check the status of order #4821?',
  'The payment went through twice, please refund one',
  'Thanks, that worked!',
  'Is the store open on Sunday?',
  'I sent the invoice yesterday',
  'Delivery is scheduled for tomorrow morning',
  'Please share the tracking link',
  'We are looking into it and will get back to you shortly',
  'The parcel was damaged when it arrived',
  'Can I change the delivery address?',
  'Good morning everyone',
  'Stock for the blue model is back',
  'Noted, thank you',
  'Could you send a photo of the label?',
  'Refund processed, it takes 3-5 working days',
];

const COLOURS: readonly (readonly [number, number, number])[] = [
  [37, 99, 235],
  [22, 163, 74],
  [234, 88, 12],
  [147, 51, 234],
];

export const MEDIA_URL_PREFIX = 'https://simulator.invalid/media/';

const digest = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('|')).digest();
const digits = (bytes: Buffer, length: number) =>
  [...bytes]
    .map((b) => String(b % 10))
    .join('')
    .slice(0, length);

function person(seed: string, index: number, name: string): SimPerson {
  // An Indian mobile number (10 digits starting 6–9), so it is a valid number everywhere we check
  // one — e.g. the owner agent added when a session links.
  const bytes = digest(seed, 'phone', index);
  const phone = `91${6 + ((bytes[31] ?? 0) % 4)}${digits(bytes, 9)}`;
  return {
    name,
    phone,
    jid: `${phone}@s.whatsapp.net`,
    lid: `${digits(digest(seed, 'lid', index), 15)}@lid`,
  };
}

/** The extra group SIMULATOR_BIG_GROUP adds: a long history to scroll through (decision 0025). */
export const BIG_GROUP_NAME = 'Big History';

/**
 * The phone of one simulated session; `anchor` (seconds) is when its newest seeded message was sent.
 * `bigGroup` > 0 adds a fifth group, "Big History", with that many messages.
 */
export function createPhoneContent(seed: string, anchor: number, bigGroup = 0): PhoneContent {
  const owner = person(seed, 0, 'Demo Phone');
  const templates = [
    ...GROUPS,
    ...(bigGroup > 0 ? [{ name: BIG_GROUP_NAME, addressingMode: 'pn' as const }] : []),
  ];
  const groups = templates.map((template, g) => {
    const hash = digest(seed, 'group', g);
    const members = [0, 1, 2, 3, 4].map((m) => {
      const index = 1 + ((hash[m] ?? 0) % NAMES.length);
      return person(seed, 100 * (g + 1) + m, NAMES[(index + m) % NAMES.length] ?? 'Member');
    });
    const count = g < GROUPS.length ? 250 + ((hash[8] ?? 0) % 150) : bigGroup;
    const group: SimGroup = {
      jid: `1203630${digits(hash, 11)}@g.us`,
      name: template.name,
      addressingMode: template.addressingMode,
      members,
      count,
      // 30-minute steps with up to 20 minutes of jitter: increasing, and spread over the last week or so.
      timestamp: (i) => anchor - (count - 1 - i) * 1800 - ((digest(seed, g, i, 't')[0] ?? 0) % 1200),
      message: (i) => seededMessage(seed, owner, group, i),
    };
    return group;
  });
  return { seed, owner, groups };
}

function seededMessage(seed: string, owner: SimPerson, group: SimGroup, index: number): WAMessage {
  const hash = digest(seed, group.jid, index);
  const fromMe = (hash[0] ?? 0) % 7 === 0;
  const author = fromMe ? owner : (group.members[(hash[1] ?? 0) % group.members.length] ?? owner);
  const content = seededContent(seed, group, index, hash);
  return buildMessage(group, author, fromMe, {
    id: `3EB0${hash.subarray(2, 10).toString('hex').toUpperCase()}`,
    timestamp: group.timestamp(index),
    content,
  });
}

/**
 * A message as Baileys hands it over. In a LID group the sender is its LID; `participantAlt` adds its
 * phone-number JID, as live traffic does when WhatsApp sends it (history keeps the LID only).
 */
export function buildMessage(
  group: SimGroup,
  author: SimPerson,
  fromMe: boolean,
  {
    id,
    timestamp,
    content,
    participantAlt = false,
  }: { id: string; timestamp: number; content: proto.IMessage; participantAlt?: boolean },
): WAMessage {
  const lid = group.addressingMode === 'lid';
  return {
    key: {
      remoteJid: group.jid,
      fromMe,
      id,
      participant: lid ? author.lid : author.jid,
      ...(lid && participantAlt ? { participantAlt: author.jid } : {}),
    },
    messageTimestamp: timestamp,
    pushName: author.name,
    message: content,
  };
}

// Fixed slots guarantee every kind of message in every group; the rest is mostly text.
const SLOTS: Record<number, string> = {
  7: 'image',
  13: 'video',
  19: 'audio',
  23: 'ptt',
  29: 'document',
  31: 'sticker',
  37: 'quote-media',
  41: 'quote',
  43: 'view-once',
};

function seededContent(seed: string, group: SimGroup, index: number, hash: Buffer): proto.IMessage {
  const roll = (hash[11] ?? 0) / 256;
  const kind = SLOTS[index % 50] ?? (roll < 0.08 ? 'image' : roll < 0.16 ? 'quote' : 'text');
  const text = TEXTS[(hash[12] ?? 0) % TEXTS.length] ?? '';
  const mediaId = `${group.jid}:${index}`;
  if (kind === 'text' || (index < 2 && kind.startsWith('quote'))) return { conversation: text };
  if (kind === 'quote' || kind === 'quote-media') {
    const target = kind === 'quote-media' ? index - 30 : Math.max(0, index - 1 - ((hash[13] ?? 0) % 5));
    const quoted = group.message(target);
    return {
      extendedTextMessage: {
        text,
        contextInfo: {
          stanzaId: quoted.key.id,
          participant: quoted.key.fromMe ? null : quoted.key.participant,
          quotedMessage: withoutQuote(quoted.message ?? {}),
        },
      },
    };
  }
  return mediaContent(kind, mediaId, text, hash[14] ?? 0, seed);
}

function withoutQuote(message: proto.IMessage): proto.IMessage {
  const text = message.extendedTextMessage?.text;
  return text !== undefined && text !== null ? { conversation: text } : message;
}

export function mediaContent(
  kind: string,
  mediaId: string,
  caption: string,
  pick: number,
  seed = '',
): proto.IMessage {
  const common = {
    url: `${MEDIA_URL_PREFIX}${encodeURIComponent(mediaId)}`,
    directPath: `/simulator/${encodeURIComponent(mediaId)}`,
    mediaKey: digest(seed, mediaId, 'key'),
    fileSha256: digest(seed, mediaId, 'sha'),
  };
  const thumbnail = Buffer.from(THUMBNAILS_JPEG_BASE64[pick % THUMBNAILS_JPEG_BASE64.length] ?? '', 'base64');
  switch (kind) {
    case 'image':
      return {
        imageMessage: {
          ...common,
          mimetype: 'image/png',
          caption,
          jpegThumbnail: thumbnail,
          width: 96,
          height: 72,
        },
      };
    case 'video':
      return {
        videoMessage: { ...common, mimetype: 'video/mp4', caption, jpegThumbnail: thumbnail, seconds: 1 },
      };
    case 'audio':
      return { audioMessage: { ...common, mimetype: 'audio/wav', seconds: 1 } };
    case 'ptt':
      return { audioMessage: { ...common, mimetype: 'audio/wav', seconds: 1, ptt: true } };
    case 'view-once':
      // What a linked device gets of a view-once photo when it comes wrapped (decision 0015 §10).
      return {
        viewOnceMessageV2: {
          message: { imageMessage: { ...common, mimetype: 'image/jpeg', caption, viewOnce: true } },
        },
      };
    case 'document':
      return {
        documentMessage: { ...common, mimetype: 'application/pdf', fileName: `invoice-${pick}.pdf`, caption },
      };
    default:
      return { stickerMessage: { ...common, mimetype: 'image/webp' } };
  }
}

export function colourFor(mediaId: string): readonly [number, number, number] {
  return COLOURS[(digest(mediaId)[0] ?? 0) % COLOURS.length] ?? [37, 99, 235];
}

const REACTIONS = ['👍', '❤️', '🙏', '😂', '😮'];

/**
 * What the group's members did afterwards to its messages `from`…`end - 1` (decision 0026): about one in
 * six gets reactions (one to three people, sometimes the phone's owner), and of each fifty one text is
 * edited by its author, one deleted by its author and one deleted by the owner as an admin. Built as
 * Baileys hands them over (reactionMessage, protocolMessage MESSAGE_EDIT / REVOKE), so the real mapping reads
 * them. Deterministic like the history; `now` (seconds) caps their times.
 */
export function seededChanges(
  seed: string,
  owner: SimPerson,
  group: SimGroup,
  from: number,
  end: number,
  now: number,
): WAMessage[] {
  const changes: WAMessage[] = [];
  for (let i = Math.max(0, from); i < end; i++) {
    const hash = digest(seed, group.jid, i, 'changes');
    const target = group.message(i);
    const key = { ...target.key, fromMe: Boolean(target.key.fromMe) };
    const at = (offset: number) => Math.min(now, group.timestamp(i) + offset);
    const id = (n: number) =>
      `3EB1${digest(seed, group.jid, i, 'change', n).subarray(0, 8).toString('hex').toUpperCase()}`;
    const text = target.message?.conversation;
    const author = group.members.find(
      (m) => m.jid === target.key.participant || m.lid === target.key.participant,
    );
    if ((hash[0] ?? 0) % 6 === 0) {
      const count = 1 + ((hash[1] ?? 0) % 3);
      for (let k = 0; k < count; k++) {
        const own = k === 0 && (hash[2] ?? 0) % 5 === 0;
        const reactor = own ? owner : (group.members[((hash[3] ?? 0) + k) % group.members.length] ?? owner);
        const emoji = REACTIONS[((hash[4] ?? 0) + (k === 2 ? 1 : 0)) % REACTIONS.length] ?? '👍';
        const sent = at(60 + k * 45);
        changes.push(
          buildMessage(group, reactor, own, {
            id: id(k),
            timestamp: sent,
            content: { reactionMessage: { key, text: emoji, senderTimestampMs: sent * 1000 } },
          }),
        );
      }
    }
    const slot = i % 50;
    if (slot === 45 && text && author && !target.key.fromMe) {
      changes.push(
        buildMessage(group, author, false, {
          id: id(10),
          timestamp: at(120),
          content: {
            protocolMessage: {
              type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
              key,
              editedMessage: { conversation: `${text} (sorry, order #4822)` },
            },
          },
        }),
      );
    }
    if ((slot === 47 && author && !target.key.fromMe) || slot === 49) {
      const byOwner = slot === 49 || !author;
      changes.push(
        buildMessage(group, byOwner ? owner : author, byOwner, {
          id: id(11),
          timestamp: at(300),
          content: { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key } },
        }),
      );
    }
  }
  return changes;
}
