import { proto, type WAMessage } from 'baileys';
import Long from 'long';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB_LID, BOB_PN, fixture, GROUP, image, THUMB } from './fixtures';
import { type MappedMessage, mapGroupMessage } from './to-group-message';

function mapped(message: ReturnType<typeof fixture>): MappedMessage {
  const result = mapGroupMessage(message);
  if (result.kind !== 'message') throw new Error(`expected a message, got ${result.kind}`);
  return result.message;
}

describe('mapGroupMessage', () => {
  it('maps a plain text message field by field', () => {
    const message = fixture({ conversation: 'Hello, my order has not arrived' });
    expect(mapped(message)).toEqual({
      groupJid: GROUP,
      msgId: `false_${GROUP}_${message.key.id}_${ALICE}`,
      waId: message.key.id,
      fromMe: false,
      author: ALICE,
      authorAlt: null,
      authorName: 'Alice',
      body: 'Hello, my order has not arrived',
      messageType: 'chat',
      hasMedia: false,
      mimetype: null,
      filename: null,
      thumbnail: null,
      quotedId: null,
      quotedParticipant: null,
      quotedType: null,
      quotedBody: null,
      quotedThumbnail: null,
      timestamp: Number(message.messageTimestamp),
      raw: null,
    });
  });

  it('reads extended text, and leaves author empty for our own messages', () => {
    const own = fixture({ extendedTextMessage: { text: 'see https://example.com' } }, { fromMe: true });
    expect(mapped(own)).toMatchObject({
      body: 'see https://example.com',
      messageType: 'chat',
      fromMe: true,
      author: null,
    });
    expect(mapped(own).msgId).toBe(`true_${GROUP}_${own.key.id}`);
  });

  it('keeps an image caption, its inline preview and the proto JSON needed to download it', () => {
    const row = mapped(fixture(image()));
    expect(row).toMatchObject({
      messageType: 'image',
      body: 'the receipt',
      hasMedia: true,
      mimetype: 'image/jpeg',
      thumbnail: THUMB.toString('base64'),
    });
    const raw = row.raw as { message: { imageMessage: Record<string, unknown> } };
    expect(raw.message.imageMessage.directPath).toBe('/v/t62/abc');
    expect(raw.message.imageMessage.jpegThumbnail).toBeUndefined(); // already in its own column
    const revived = proto.WebMessageInfo.fromObject(raw);
    expect(Buffer.from(revived.message?.imageMessage?.mediaKey ?? []).equals(Buffer.alloc(32, 1))).toBe(true);
  });

  it('names video, audio, voice notes, documents and stickers in whatsapp-web.js terms', () => {
    const cases: [proto.IMessage, string, string][] = [
      [{ videoMessage: { mimetype: 'video/mp4', caption: 'clip', jpegThumbnail: THUMB } }, 'video', 'clip'],
      [{ audioMessage: { mimetype: 'audio/mpeg', seconds: 12 } }, 'audio', ''],
      [{ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }, 'ptt', ''],
      [{ stickerMessage: { mimetype: 'image/webp' } }, 'sticker', ''],
    ];
    for (const [content, type, body] of cases) {
      expect(mapped(fixture(content))).toMatchObject({ messageType: type, body, hasMedia: true });
    }
    expect(mapped(fixture(cases[0]?.[0] ?? null)).thumbnail).toBe(THUMB.toString('base64'));
    const document = fixture({
      documentWithCaptionMessage: {
        message: {
          documentMessage: { mimetype: 'application/pdf', fileName: 'invoice.pdf', caption: 'invoice' },
        },
      },
    });
    expect(mapped(document)).toMatchObject({
      messageType: 'document',
      body: 'invoice',
      filename: 'invoice.pdf',
      mimetype: 'application/pdf',
      hasMedia: true,
    });
  });

  it('unwraps ephemeral and view-once messages', () => {
    const ephemeral = fixture({
      ephemeralMessage: { message: { extendedTextMessage: { text: 'vanishing' } } },
    });
    expect(mapped(ephemeral)).toMatchObject({ messageType: 'chat', body: 'vanishing' });
    const viewOnce = fixture({ viewOnceMessageV2: { message: image({ caption: 'once' }) } });
    expect(mapped(viewOnce)).toMatchObject({ messageType: 'image', body: 'once', hasMedia: true });
  });

  it('carries a quoted text message with its author', () => {
    const reply = fixture({
      extendedTextMessage: {
        text: 'yes',
        contextInfo: {
          stanzaId: 'QUOTED1',
          participant: BOB_PN,
          quotedMessage: { conversation: 'is it paid?' },
        },
      },
    });
    expect(mapped(reply)).toMatchObject({
      quotedId: 'QUOTED1',
      quotedParticipant: BOB_PN,
      quotedType: 'chat',
      quotedBody: 'is it paid?',
      quotedThumbnail: null,
    });
  });

  it('carries a quoted image with its type, caption and preview', () => {
    const reply = fixture({
      extendedTextMessage: {
        text: 'this one?',
        contextInfo: { stanzaId: 'QUOTED2', participant: ALICE, quotedMessage: image() },
      },
    });
    expect(mapped(reply)).toMatchObject({
      quotedType: 'image',
      quotedBody: 'the receipt',
      quotedThumbnail: THUMB.toString('base64'),
      raw: null,
    });
  });

  it('turns "delete for everyone" into a revoke of the target, and keeps a revoked stub from history', () => {
    const revoke = fixture({
      protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'GONE' } },
    });
    expect(mapGroupMessage(revoke)).toEqual({ kind: 'revoke', groupJid: GROUP, targetId: 'GONE' });
    const stub = fixture(null, { messageStubType: proto.WebMessageInfo.StubType.REVOKE });
    expect(mapped(stub)).toMatchObject({ messageType: 'revoked', body: '', hasMedia: false });
  });

  it('turns an edit into a new body for the target', () => {
    const edit = fixture({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { id: 'OLD' },
        editedMessage: { conversation: 'fixed typo' },
      },
    });
    expect(mapGroupMessage(edit)).toEqual({
      kind: 'edit',
      groupJid: GROUP,
      targetId: 'OLD',
      body: 'fixed typo',
    });
  });

  it('keeps both addresses of a LID participant', () => {
    const message = fixture({ conversation: 'from a lid group' }, { participant: BOB_LID });
    // Baileys adds participantAlt while decoding; it is not part of the proto schema.
    Object.assign(message.key, { participantAlt: `4915198765432:12@s.whatsapp.net` });
    expect(mapped(message)).toMatchObject({ author: BOB_LID, authorAlt: BOB_PN });
    expect(mapped(message).msgId).toBe(`false_${GROUP}_${message.key.id}_${BOB_LID}`);
  });

  it('accepts Long timestamps, as protobufjs decodes them', () => {
    const message = fixture(
      { conversation: 'x' },
      { messageTimestamp: Long.fromNumber(1_712_345_678, true) },
    );
    expect(mapped(message).timestamp).toBe(1_712_345_678);
  });

  it('skips chats that are not groups, reactions and messages without content', () => {
    const direct = proto.WebMessageInfo.fromObject({
      key: { remoteJid: ALICE, id: 'D1', fromMe: false },
      message: { conversation: 'hi' },
    }) as WAMessage;
    expect(mapGroupMessage(direct).kind).toBe('skip');
    expect(mapGroupMessage(fixture({ reactionMessage: { text: '👍', key: { id: 'X' } } })).kind).toBe('skip');
    expect(mapGroupMessage(fixture(null)).kind).toBe('skip');
  });
});
