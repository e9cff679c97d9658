import { proto, type WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, linkScripted, scriptedWhatsApp } from '../../../test/helpers/whatsapp';
import { groupMessage } from '../../../test-support/whatsapp/scripted-whatsapp';
import { waMessages } from '../../db/schema';

// Fields a sender chooses freely inside the encrypted content (a quote's stanzaId and participant, the key
// a revoke or an edit names) reach the store through the whole server and the real Baileys driver over the
// scripted socket. PostgreSQL refuses U+0000 and unpaired surrogates in any text it is given (src/text.ts):
// one such field must not cost the messages it arrived with.
const SUPPORT = '120363000000000001@g.us';
const CARLA = '4915112345678@s.whatsapp.net';
const MALLORY = '4915199999999@s.whatsapp.net';
const NUL = '\u0000';
const LONE = '\ud800';

let counter = 0;
function crafted(content: proto.IMessage): WAMessage {
  counter += 1;
  return proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: SUPPORT,
      fromMe: false,
      id: `3EB0CRAFT${String(counter).padStart(8, '0')}`,
      participant: MALLORY,
    },
    messageTimestamp: 1_700_000_500 + counter,
    pushName: 'Mallory',
    message: content,
  }) as WAMessage;
}

describeWithDatabase('fields a sender chooses (Baileys driver)', (ctx) => {
  it('stores a live batch whose quote, revoke and edit name keys PostgreSQL cannot store', async () => {
    const { wa, whatsapp } = scriptedWhatsApp();
    const app = await ctx.buildApp({ whatsappDriver: 'baileys' }, { whatsapp });
    const owner = await signUpVerified(app);
    const { sessionId, socket } = await linkScripted(app, owner, wa);
    await socket.history({ messages: [] }); // the first sync after linking ends (chats.js:977-1002)

    const hello = groupMessage(SUPPORT, CARLA, 'Where is my parcel?', { pushName: 'Carla' });
    const mine = crafted({ conversation: 'oops, wrong group' });
    await socket.live([hello, mine]);
    await eventually(async () => (await rows(sessionId)).length === 2, 5_000, 'the first messages');

    const quote = crafted({
      extendedTextMessage: {
        text: 'see above',
        contextInfo: {
          stanzaId: `${hello.key.id}${NUL}`,
          participant: `4915112345678${NUL}${LONE}@s.whatsapp.net`,
          quotedMessage: { conversation: 'Where is my parcel?' },
        },
      },
    });
    const revoke = crafted({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.REVOKE,
        key: { remoteJid: SUPPORT, id: `${mine.key.id}${NUL}`, fromMe: false, participant: MALLORY },
      },
    });
    const edit = crafted({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { remoteJid: SUPPORT, id: `${NUL}${quote.key.id}`, fromMe: false, participant: MALLORY },
        editedMessage: { conversation: 'see my first message' },
      },
    });
    const after = groupMessage(SUPPORT, CARLA, 'Anyone?', { pushName: 'Carla' });
    // One flush of Baileys' buffer: they reach the driver as one messages.upsert (event-buffer.js:141-168).
    await socket.live([quote, revoke, edit, after]);

    const stored = await eventually(
      async () => {
        await app.whatsapp.gateway.settled(sessionId);
        const all = await rows(sessionId);
        return all.length === 4 ? all : null;
      },
      5_000,
      'the quote and the message after it',
    );
    // Cleaned the same way as the ids they name, the revoke and the edit still reach their messages.
    expect(stored.find((row) => row.waId === mine.key.id)).toMatchObject({
      messageType: 'revoked',
      body: '',
    });
    expect(stored.find((row) => row.waId === quote.key.id)).toMatchObject({
      body: 'see my first message',
      quotedId: hello.key.id,
      quotedParticipant: '4915112345678\ufffd@s.whatsapp.net',
    });
    expect(stored.find((row) => row.waId === after.key.id)?.body).toBe('Anyone?');
  });

  const rows = (sessionId: string) =>
    ctx.db
      .select()
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.groupJid, SUPPORT)));
});
