import type { ReplyToTicketResponse } from '@wadesk/contract';
import { proto } from 'baileys';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import {
  eventually,
  linkScriptedSynced,
  SCRIPTED_PHONE,
  scriptedWhatsApp,
} from '../../../test/helpers/whatsapp';
import { THUMB } from '../../../test-support/whatsapp/mapping-fixtures';
import { groupMessage, groupMetadata } from '../../../test-support/whatsapp/scripted-whatsapp';
import { internalsOf } from '../../app-internals';
import { ticketMessages } from '../../db/schema';

// What a desk reply quotes, through the whole server and the real Baileys driver over the scripted socket:
// the customer's message as it was stored, built into the reply by Baileys' own generateWAMessage
// (Utils/messages.js:560-584 keeps the quoted content's one field and drops its contextInfo). A quote made
// up from the text (`conversation`) shows on phones as something else than the message it names.
const SUPPORT = '120363000000000001@g.us';
const CARLA = { id: '201234567890123@lid', phoneNumber: '4915112345678@s.whatsapp.net' };

const media = {
  url: 'https://mmg.whatsapp.net/v/t62/abc',
  directPath: '/v/t62/abc',
  mediaKey: Buffer.alloc(32, 1),
  fileSha256: Buffer.alloc(32, 2),
  fileEncSha256: Buffer.alloc(32, 3),
  fileLength: 3744,
};
const THUMB64 = THUMB.toString('base64');
// Sent alongside the content by WhatsApp; never part of a quote (and a poll's is its secret).
const messageContextInfo = { messageSecret: Buffer.alloc(32, 9) };

const KINDS: { name: string; content: proto.IMessage; quoted: object }[] = [
  {
    name: 'a photo, with its preview and caption',
    content: {
      imageMessage: { mimetype: 'image/jpeg', caption: 'the receipt', jpegThumbnail: THUMB, ...media },
      messageContextInfo,
    },
    quoted: {
      imageMessage: {
        mimetype: 'image/jpeg',
        caption: 'the receipt',
        jpegThumbnail: THUMB64,
        directPath: '/v/t62/abc',
      },
    },
  },
  {
    name: 'a document, with its preview',
    content: {
      documentMessage: {
        mimetype: 'application/pdf',
        fileName: 'invoice.pdf',
        jpegThumbnail: THUMB,
        ...media,
      },
    },
    quoted: {
      documentMessage: { fileName: 'invoice.pdf', jpegThumbnail: THUMB64 },
    },
  },
  {
    name: 'a location, with its map',
    content: {
      locationMessage: {
        degreesLatitude: 52.52,
        degreesLongitude: 13.405,
        name: 'Main St 5',
        jpegThumbnail: THUMB,
      },
    },
    quoted: {
      locationMessage: {
        degreesLatitude: 52.52,
        degreesLongitude: 13.405,
        name: 'Main St 5',
        jpegThumbnail: THUMB64,
      },
    },
  },
  {
    name: 'a contact',
    content: {
      contactMessage: { displayName: 'Dave', vcard: 'BEGIN:VCARD\nFN:Dave\nTEL:+4915112345679\nEND:VCARD' },
    },
    quoted: {
      contactMessage: { displayName: 'Dave', vcard: 'BEGIN:VCARD\nFN:Dave\nTEL:+4915112345679\nEND:VCARD' },
    },
  },
  {
    name: 'a poll',
    content: {
      pollCreationMessageV3: {
        name: 'Did it arrive?',
        options: [{ optionName: 'Yes' }, { optionName: 'No' }],
        selectableOptionsCount: 1,
      },
      messageContextInfo,
    },
    quoted: {
      pollCreationMessageV3: {
        name: 'Did it arrive?',
        options: [{ optionName: 'Yes' }, { optionName: 'No' }],
        selectableOptionsCount: 1,
      },
    },
  },
];

describeWithDatabase('what a desk reply quotes (Baileys driver)', (ctx) => {
  it("quotes the customer's message as stored: media with its preview, a location, a contact, a poll", async () => {
    const { wa, whatsapp } = scriptedWhatsApp(
      {},
      {
        groups: [
          groupMetadata(SUPPORT, 'Support', [
            { id: SCRIPTED_PHONE.lid, phoneNumber: SCRIPTED_PHONE.pn },
            CARLA,
          ]),
        ],
      },
    );
    const app = await ctx.buildApp({ whatsappDriver: 'baileys' }, { whatsapp });
    const owner = await signUpVerified(app);
    const { sessionId, socket } = await linkScriptedSynced(app, owner, wa);

    for (const kind of KINDS) {
      const customer = groupMessage(SUPPORT, CARLA.id, '', {
        participantAlt: CARLA.phoneNumber,
        pushName: 'Carla',
        content: kind.content,
      });
      await socket.live([customer]);
      // The ticket's newest customer message is this one once the engine has joined it.
      const [joined] = await eventually(async () => {
        await app.whatsapp.gateway.settled(sessionId);
        await internalsOf(app).ticketProcessor.settled();
        const rows = await ctx.db
          .select({ ticketId: ticketMessages.ticketId })
          .from(ticketMessages)
          .where(eq(ticketMessages.waId, customer.key.id ?? ''));
        return rows.length > 0 ? rows : null;
      });
      const ticket = { id: joined?.ticketId ?? 0 };
      const res = await org<ReplyToTicketResponse>(app, owner, 'replyToTicket', {
        ticket_id: ticket.id,
        text: 'Thanks, looking into it.',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.quoted_wa_id, kind.name).toBe(customer.key.id);

      const sent = socket.calls.relayed.find((r) => r.id === res.body.wa_id);
      const context = sent?.message.extendedTextMessage?.contextInfo;
      expect(context?.stanzaId, kind.name).toBe(customer.key.id);
      expect(context?.participant, kind.name).toBe(CARLA.id);
      const quoted = proto.Message.fromObject(context?.quotedMessage ?? {}).toJSON();
      expect(quoted, kind.name).toMatchObject(kind.quoted);
      // The content's one field (messages.js:566-568): no text made up, no secret carried along.
      expect(Object.keys(quoted), kind.name).toEqual(Object.keys(kind.quoted));
    }
  });
});
