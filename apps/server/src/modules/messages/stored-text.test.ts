import { proto, type WAMessage } from 'baileys';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi, textMessage } from '../../../test/helpers/chat-api';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { internalsOf } from '../../app-internals';
import { chats, ticketMessages, tickets, waContacts, waGroups, waMessages } from '../../db/schema';
import { createTicketLedgerRepository } from '../tickets/ticket-ledger.repository';
import { createMessagesRepository } from './messages.repository';

const GROUP = '120363000000000777@g.us';
const NUL = '\u0000';

let counter = 0;
function wire(message: proto.IMessage, pushName = 'Carla', participant = '4915112345678@s.whatsapp.net') {
  counter += 1;
  return proto.WebMessageInfo.fromObject({
    key: { remoteJid: GROUP, fromMe: false, id: `3EB0NUL${String(counter).padStart(10, '0')}`, participant },
    messageTimestamp: 1_700_000_000 + counter,
    pushName,
    message,
  }) as WAMessage;
}

const hasNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');

/**
 * PostgreSQL refuses U+0000 in text and jsonb ("unsupported Unicode escape sequence"): one such character
 * used to fail the whole JSON batch insert and lose a history chunk, or drop a live message silently.
 */
describeWithDatabase('text holding NUL characters', (ctx) => {
  it('stores a whole history chunk with NUL in a body, a quote, a media proto, a subject and names', async () => {
    const desk = await deskFixture(ctx);
    const ref = { id: desk.sessionId, organisationId: desk.organisationId };
    await internalsOf(ctx.app).messageStore.saveGroups(
      ref,
      [{ jid: GROUP, name: `Sup${NUL}port`, addressingMode: 'pn', size: 3, participants: null }],
      true,
    );
    const batch = Array.from({ length: 120 }, (_, n) => wire({ conversation: `message ${n}` }));
    batch[17] = wire({
      extendedTextMessage: {
        text: `is it${NUL} paid?`,
        contextInfo: {
          stanzaId: 'QUOTED',
          participant: '4917000000001@s.whatsapp.net',
          quotedMessage: { conversation: `the ${NUL}order` },
        },
      },
    });
    batch[42] = wire({
      documentWithCaptionMessage: {
        message: {
          documentMessage: {
            mimetype: 'application/pdf',
            fileName: `in${NUL}voice.pdf`,
            title: `in${NUL}voice`,
            caption: `see${NUL} attached`,
            url: 'https://mmg.whatsapp.net/v/t62/doc',
            directPath: '/v/t62/doc',
            mediaKey: Buffer.alloc(32, 1),
          },
        },
      },
    });
    batch[99] = wire({ conversation: 'from a strange name' }, `Ca${NUL}rla`, '4917000000002@s.whatsapp.net');

    const result = await internalsOf(ctx.app).messageStore.ingest(ref, batch, 'history', [
      { jid: '4917000000003@s.whatsapp.net', name: `Da${NUL}vid`, altJid: null },
    ]);

    expect(result.inserted).toHaveLength(120);
    const rows = await ctx.db.select().from(waMessages).where(eq(waMessages.sessionId, desk.sessionId));
    expect(rows).toHaveLength(120);
    expect(hasNul(rows)).toBe(false);
    const byId = new Map(rows.map((row) => [row.waId, row]));
    expect(byId.get(batch[17]?.key.id ?? '')).toMatchObject({ body: 'is it paid?', quotedBody: 'the order' });
    const document = byId.get(batch[42]?.key.id ?? '');
    expect(document).toMatchObject({
      body: 'see attached',
      filename: 'invoice.pdf',
      messageType: 'document',
    });
    const raw = document?.raw as { message: Record<string, { message: { documentMessage: object } }> };
    expect(raw.message.documentWithCaptionMessage?.message.documentMessage).toMatchObject({
      fileName: 'invoice.pdf',
      title: 'invoice',
      directPath: '/v/t62/doc',
    });
    expect(byId.get(batch[99]?.key.id ?? '')?.authorName).toBe('Carla');

    const [group] = await ctx.db.select().from(waGroups).where(eq(waGroups.jid, GROUP));
    expect(group?.name).toBe('Support');
    const contacts = await ctx.db.select().from(waContacts).where(eq(waContacts.sessionId, desk.sessionId));
    expect(hasNul(contacts)).toBe(false);
    expect(contacts.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['Carla', 'David']));
  });

  it('stores a live message with NUL, opens its ticket, and applies an edit holding NUL', async () => {
    const desk = await deskFixture(ctx);
    const waId = await desk.say({
      body: `my order${NUL} is late`,
      name: `Ca${NUL}rla`,
      groupName: `Cus${NUL}tomers`,
    });
    const [row] = await ctx.db.select().from(waMessages).where(eq(waMessages.waId, waId));
    expect(row).toMatchObject({ body: 'my order is late', authorName: 'Carla' });
    const [ticket] = await ctx.db.select().from(tickets);
    expect(ticket).toMatchObject({
      lastMessage: 'my order is late',
      customer: 'Carla',
      groupName: 'Customers',
    });
    const [joined] = await ctx.db.select().from(ticketMessages);
    expect(joined).toMatchObject({ message: 'my order is late', senderName: 'Carla' });

    const edit = proto.WebMessageInfo.fromObject({
      key: {
        remoteJid: '120363000000000001@g.us',
        fromMe: false,
        id: 'EDIT0001',
        participant: '4915112345678@s.whatsapp.net',
      },
      messageTimestamp: Math.floor(Date.now() / 1000),
      message: {
        protocolMessage: {
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          key: { id: waId },
          editedMessage: { conversation: `my order${NUL} is very late` },
        },
      },
    }) as WAMessage;
    await internalsOf(ctx.app).messageStore.ingest(
      { id: desk.sessionId, organisationId: desk.organisationId },
      [edit],
      'live',
    );
    const [edited] = await ctx.db.select().from(waMessages).where(eq(waMessages.waId, waId));
    expect(edited?.body).toBe('my order is very late');
  });

  it('lets the repositories clean what they are given themselves (messages, raw JSON, tickets)', async () => {
    const desk = await deskFixture(ctx);
    const [inserted] = await createMessagesRepository(ctx.db).insertMessages([
      {
        sessionId: desk.sessionId,
        organisationId: desk.organisationId,
        origin: 'live',
        groupJid: GROUP,
        msgId: `false_${GROUP}_RAW1_4915112345678@s.whatsapp.net`,
        waId: 'RAW1',
        fromMe: false,
        author: '4915112345678@s.whatsapp.net',
        authorAlt: null,
        authorName: `Ca${NUL}rla`,
        body: `cap${NUL}tion`,
        messageType: 'document',
        hasMedia: true,
        mimetype: 'application/pdf',
        filename: `a${NUL}.pdf`,
        thumbnail: null,
        quotedId: null,
        quotedParticipant: null,
        quotedType: null,
        quotedBody: null,
        quotedThumbnail: null,
        timestamp: 1_700_000_000,
        raw: { message: { documentMessage: { fileName: `a${NUL}.pdf`, [`odd${NUL}key`]: [`x${NUL}`] } } },
      },
    ]);
    expect(inserted?.waId).toBe('RAW1');
    const [row] = await ctx.db.select().from(waMessages).where(eq(waMessages.waId, 'RAW1'));
    expect(row).toMatchObject({ authorName: 'Carla', body: 'caption', filename: 'a.pdf' });
    expect(row?.raw).toEqual({ message: { documentMessage: { fileName: 'a.pdf', oddkey: ['x'] } } });

    const engine = createTicketLedgerRepository(ctx.db);
    const watchReply = {
      perCustomer: false,
      customerKey: null,
      agentNumber: null,
      sentByUserId: null,
      deskTicketId: null,
      automatic: false,
    };
    const key = { organisationId: desk.organisationId, sessionId: desk.sessionId, groupJid: GROUP };
    const at = new Date();
    await engine.transaction(async (tx) => {
      await tx.open({
        ...key,
        groupName: `G${NUL}1`,
        customer: `Ca${NUL}rla`,
        customerNumber: null,
        customerKey: null,
        lastMessage: `a${NUL}b`,
        at,
      });
      await tx.join({
        key,
        waId: 'RAW1',
        sender: null,
        senderName: `Ca${NUL}rla`,
        isBusiness: false,
        still: false,
        message: `a${NUL}b`,
        at,
        groupName: `G${NUL}1`,
        ...watchReply,
      });
    });
    const [next] = await engine.join([
      {
        key,
        waId: 'RAW2',
        sender: null,
        senderName: `Da${NUL}vid`,
        isBusiness: true,
        still: false,
        message: `c${NUL}d`,
        at,
        groupName: null,
        ...watchReply,
      },
    ]);
    expect(next?.kind).toBe('joined');
    expect(hasNul(await ctx.db.select().from(tickets))).toBe(false);
    expect(
      (await ctx.db.select().from(ticketMessages).orderBy(ticketMessages.id)).map((m) => [
        m.senderName,
        m.message,
      ]),
    ).toEqual([
      ['Carla', 'ab'],
      ['David', 'cd'],
    ]);
  });

  it('saves an exported chat whose author names hold NUL (its jsonb author list)', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const data = [textMessage(1, `Bo${NUL}b`), textMessage(2, 'Alice')];
    const saved = await api.save({ data, chat_name: 'x', total_msgs: 2, unique_authors: [] });
    expect(saved.statusCode).toBe(201);
    const [chat] = await ctx.db.select({ authors: chats.uniqueAuthors }).from(chats);
    expect(chat?.authors).toEqual(['Bob', 'Alice']);
  });
});
