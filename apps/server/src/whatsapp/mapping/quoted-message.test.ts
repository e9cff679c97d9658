import type { proto } from 'baileys';
import { describe, expect, it } from 'vitest';
import { fixture, GROUP, image, THUMB } from '../../../test-support/whatsapp/mapping-fixtures';
import { type QuotableMessage, quotedMessage } from './quoted-message';
import { mapGroupMessage } from './to-group-message';

/** A message as the store keeps it: what the mapping made of it. */
function stored(message: proto.IMessage): QuotableMessage {
  const result = mapGroupMessage(fixture(message));
  if (result.kind !== 'message') throw new Error(`expected a message, got ${result.kind}`);
  // The store's round trip: jsonb gives back plain JSON.
  return { ...result.message, raw: JSON.parse(JSON.stringify(result.message.raw)) };
}

describe('quotedMessage', () => {
  it('quotes a photo as stored: its preview put back, its caption as the body says (after an edit)', () => {
    const row = stored({ ...image(), messageContextInfo: { messageSecret: Buffer.alloc(32, 9) } });
    const quote = quotedMessage({ ...row, body: 'the receipt, page 2' });
    expect(quote.key).toEqual({ remoteJid: GROUP, fromMe: false, id: row.waId, participant: row.author });
    expect(Object.keys(quote.message ?? {})).toEqual(['imageMessage']);
    const photo = quote.message?.imageMessage;
    expect(Buffer.from(photo?.jpegThumbnail ?? []).equals(THUMB)).toBe(true);
    expect(photo).toMatchObject({ caption: 'the receipt, page 2', directPath: '/v/t62/abc' });
  });

  it('quotes content inside a wrapper by the content itself', () => {
    const row = stored({
      documentWithCaptionMessage: {
        message: { documentMessage: { fileName: 'a.pdf', caption: 'invoice', jpegThumbnail: THUMB } },
      },
    });
    expect(quotedMessage(row).message?.documentMessage).toMatchObject({
      fileName: 'a.pdf',
      caption: 'invoice',
    });
  });

  it('quotes text, and rows stored before their content was kept, as their text', () => {
    expect(quotedMessage(stored({ conversation: 'Hello' })).message).toEqual({ conversation: 'Hello' });
    const older = { ...stored({ contactMessage: { displayName: 'Dave' } }), raw: null };
    expect(quotedMessage(older).message).toEqual({ conversation: 'Dave' });
  });
});
