import { describe, expect, it } from 'vitest';
import { liveMessage } from '../../../test/helpers/live-message';
import { formatNumber, resolveMessage } from './group-message';

const me = { phone: '4930000000000', jid: '4930000000000:7@s.whatsapp.net', lid: '99887766554433:7@lid' };
const quoting = (quotedParticipant: string | null) => ({
  ...liveMessage({ organisationId: 1, sessionId: 's' }).message,
  quotedId: 'Q1',
  quotedParticipant,
  quotedBody: 'hi',
  quotedType: 'chat',
});

describe('resolveMessage: quoted authors', () => {
  it('names a quoted LID author from its contact, or by the number its pair gives, formatted', () => {
    const contacts = new Map([
      ['111@lid', { name: 'Priya Shah', altJid: '919876543210@s.whatsapp.net' }],
      ['222@lid', { name: null, altJid: '14155552671@s.whatsapp.net' }],
    ]);
    expect(resolveMessage(quoting('111@lid'), contacts)).toMatchObject({
      quotedParticipantName: 'Priya Shah',
      quotedParticipantNumber: '919876543210',
      quotedFromMe: false,
    });
    expect(resolveMessage(quoting('222@lid'), contacts)).toMatchObject({
      quotedParticipantName: '+1 415 555 2671',
      quotedParticipantNumber: '14155552671',
    });
    // A LID the driver has not paired yet: nothing to show but no made-up name either.
    expect(resolveMessage(quoting('333@lid'), contacts)).toMatchObject({
      quotedParticipantName: null,
      quotedParticipantNumber: null,
    });
    expect(resolveMessage(quoting('919876543210@s.whatsapp.net'), new Map()).quotedParticipantName).toBe(
      '+91 98765 43210',
    );
  });

  it("marks a quote of the linked account's own message, by JID, LID or number (any device)", () => {
    for (const jid of [
      '4930000000000@s.whatsapp.net',
      '4930000000000:3@s.whatsapp.net',
      '99887766554433@lid',
    ])
      expect(resolveMessage(quoting(jid), new Map(), me).quotedFromMe).toBe(true);
    expect(resolveMessage(quoting('919876543210@s.whatsapp.net'), new Map(), me).quotedFromMe).toBe(false);
    // WhatsApp may name no participant for a quote of our own message: the stored quoted message says so.
    const stored = { fromMe: true, author: null, authorAlt: null, authorName: null };
    expect(resolveMessage(quoting(null), new Map(), me, stored)).toMatchObject({
      quotedFromMe: true,
      quotedParticipantNumber: '4930000000000',
    });
    // Nothing quoted: nothing marked.
    const plain = liveMessage({ organisationId: 1, sessionId: 's' }).message;
    expect(resolveMessage(plain, new Map(), me)).toMatchObject({
      quotedFromMe: false,
      quotedParticipantName: null,
    });
  });

  it('formats numbers internationally, and keeps unknown ranges readable', () => {
    expect(formatNumber('919876543210')).toBe('+91 98765 43210');
    expect(formatNumber('99912345')).toBe('+99912345');
  });
});
