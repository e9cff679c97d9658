import { proto, type WAMessage } from 'baileys';

// Wire-shaped fixtures: every message goes through proto.WebMessageInfo.fromObject, so a field that does
// not exist in WhatsApp's schema is dropped exactly as it would be on the wire (decision 0015 §5).

export const GROUP = '120363025246125888@g.us';
export const ALICE = '4917012345678@s.whatsapp.net';
export const BOB_LID = '219876543210123@lid';
export const BOB_PN = '4915198765432@s.whatsapp.net';
export const THUMB = Buffer.from('ffd8ffe000104a464946', 'hex'); // the start of a JPEG is enough here

let counter = 0;

export function fixture(
  message: proto.IMessage | null,
  overrides: Partial<proto.IWebMessageInfo> & { participant?: string; fromMe?: boolean } = {},
): WAMessage {
  counter += 1;
  const { participant = ALICE, fromMe = false, ...rest } = overrides;
  return proto.WebMessageInfo.fromObject({
    key: { remoteJid: GROUP, fromMe, id: `3EB0${String(counter).padStart(16, '0')}`, participant },
    messageTimestamp: 1_700_000_000 + counter,
    pushName: 'Alice',
    ...(message ? { message } : {}),
    ...rest,
  }) as WAMessage; // fromObject's type marks `key` optional; it is always set here
}

export const image = (extra: Partial<proto.Message.IImageMessage> = {}): proto.IMessage => ({
  imageMessage: {
    mimetype: 'image/jpeg',
    caption: 'the receipt',
    jpegThumbnail: THUMB,
    url: 'https://mmg.whatsapp.net/v/t62/abc',
    directPath: '/v/t62/abc',
    mediaKey: Buffer.alloc(32, 1),
    fileSha256: Buffer.alloc(32, 2),
    fileEncSha256: Buffer.alloc(32, 3),
    fileLength: 3744,
    ...extra,
  },
});

/**
 * A view-once message as a linked device receives it: the key alone, which Baileys' decoder marks
 * `isViewOnce` (a field the proto schema does not have, so it is added after fromObject, as Baileys does).
 */
export function viewOnceStub(overrides: Parameters<typeof fixture>[1] = {}): WAMessage {
  const message = fixture(null, overrides);
  Object.assign(message.key, { isViewOnce: true });
  return message;
}

/** Content built with Baileys' own type: a field WhatsApp's schema lacks is dropped here too. */
export const content = (message: proto.IMessage): proto.IMessage => proto.Message.fromObject(message);
