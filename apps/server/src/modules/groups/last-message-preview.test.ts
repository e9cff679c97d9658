import { describe, expect, it } from 'vitest';
import { lastMessagePreview } from './last-message-preview';

const preview = (messageType: string, body = '', filename: string | null = null) =>
  lastMessagePreview({ messageType, body, filename });

describe('lastMessagePreview', () => {
  it('is the text of a text message, on one line', () => {
    expect(preview('chat', 'Order 42\n  is late')).toBe('Order 42 is late');
  });

  it('labels media, with the caption after the label', () => {
    expect(preview('image')).toBe('📷 Photo');
    expect(preview('image', 'the broken box')).toBe('📷 Photo: the broken box');
    expect(preview('ptt')).toBe('🎤 Voice message');
    expect(preview('video')).toBe('🎥 Video');
  });

  it('names a document by its file name, else says Document', () => {
    expect(preview('document', '', 'invoice-march.pdf')).toBe('📄 invoice-march.pdf');
    expect(preview('document')).toBe('📄 Document');
  });

  it('says a deleted message was deleted, and never gives an empty line', () => {
    expect(preview('revoked', 'old text')).toBe('🚫 This message was deleted');
    expect(preview('unknown')).toBe('Message');
    expect(preview('gp2', 'Ravi added Asha')).toBe('Ravi added Asha');
  });

  it('cuts a long text', () => {
    const long = preview('chat', 'x'.repeat(500));
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
