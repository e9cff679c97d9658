import { randomBytes } from 'node:crypto';
import { composerMessages, type SendGroupMessageResponse } from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/helpers/auth';
import { describeEachDatabase, describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { simulatedCustomerTicket } from '../../../test/helpers/desk';
import { teammate } from '../../../test/helpers/team';
import { testLocalStorage } from '../../../test/helpers/test-config';
import { eventually, FAST_WHATSAPP, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { systemClock } from '../../clock';
import type { Config } from '../../config';
import { auditLog, deskReplies, ticketMessages, tickets, users, waMessages } from '../../db/schema';
import { png } from '../../whatsapp/simulator/sample-media';
import { OUTGOING_PREFIX } from './outgoing-object-name';

interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A real multipart/form-data body, as a browser's FormData sends it. */
function formData(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----wadesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

async function send(
  app: FastifyInstance,
  user: SignedIn,
  fields: Record<string, string>,
  files: FilePart[] = [],
) {
  const body = formData(fields, files);
  const response = await app.inject({
    method: 'POST',
    url: '/api/sendGroupMessage/',
    headers: { ...user.headers, 'content-type': body.type },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as SendGroupMessageResponse & { message?: string },
    raw: response,
  };
}

describeWithDatabase('the group composer (POST /api/sendGroupMessage/)', (ctx) => {
  /** A linked simulated session whose first group has one customer ticket, open. */
  const desk = async (overrides: Partial<Config> = {}) => {
    const app = await ctx.buildApp(overrides, { whatsapp: FAST_WHATSAPP });
    const { owner, sessionId, group, ticket } = await simulatedCustomerTicket(app);
    const fields = { session_id: sessionId, group_id: group.group_id };
    return { app, owner, sessionId, group, ticket, fields };
  };

  const storedEcho = (app: FastifyInstance, sessionId: string, waId: string) =>
    eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      const rows = await ctx.db
        .select()
        .from(waMessages)
        .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.waId, waId)));
      return rows[0] ?? null;
    });

  const leftInStorage = async () => {
    const names: string[] = [];
    for await (const object of testLocalStorage(ctx.dataDir, systemClock).list(OUTGOING_PREFIX))
      names.push(object.name);
    return names;
  };

  it('sends a text as the member, recorded with the desk replies, and its echo joins the open ticket as a staff reply', async () => {
    const { app, owner, sessionId, group, ticket, fields } = await desk();
    const res = await send(app, owner, { ...fields, text: '  On its way today.  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ session_id: sessionId, group_id: group.group_id, kind: 'text' });

    // Sent as a message of its own: a plain text, quoting nothing.
    const sent = app.whatsapp.simulator?.sent(sessionId) ?? [];
    expect(sent.map((m) => m.key.id)).toEqual([res.body.wa_id]);
    const content = sent[0]?.message;
    expect(content?.extendedTextMessage?.text ?? content?.conversation).toBe('On its way today.');
    expect(content?.extendedTextMessage?.contextInfo?.stanzaId ?? null).toBeNull();

    const [me] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const [row] = await ctx.db.select().from(deskReplies);
    expect(row).toMatchObject({
      sessionId,
      groupJid: group.group_id,
      waId: res.body.wa_id,
      ticketId: null,
      userId: me?.id,
      body: 'On its way today.',
    });
    expect(await storedEcho(app, sessionId, res.body.wa_id)).toMatchObject({ fromMe: true });

    // Decision 0017's routing of business messages, as for a message typed on the phone: the open ticket
    // is now in progress, and the message is the member's.
    await eventually(async () => {
      await internalsOf(app).ticketProcessor.settled();
      const [now] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      return now?.status === 'in_progress';
    });
    const [joined] = await ctx.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.waId, res.body.wa_id));
    expect(joined).toMatchObject({ ticketId: ticket.id, sentByUserId: me?.id });

    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'group.message_sent'));
    expect(entry).toMatchObject({ actorId: me?.id, target: group.name });
    expect(entry?.details).toMatchObject({ wa_id: res.body.wa_id, kind: 'text', length: 17 });
    // The reply's state follows: WhatsApp's server took it.
    await eventually(async () => {
      const [now] = await ctx.db.select().from(deskReplies);
      return now?.status === 'sent';
    });
  });

  it('sends a photo with its caption and a document with its name, and keeps no copy of either', async () => {
    const { app, owner, sessionId, fields } = await desk();
    const photo = png(64, 48, [200, 40, 40]);
    const image = await send(app, owner, { ...fields, text: 'The damaged box' }, [
      { name: 'box.png', type: 'image/png', bytes: photo },
    ]);
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    expect(image.body.kind).toBe('image');
    const pdf = Buffer.from('%PDF-1.4\n% an invoice\n%%EOF\n');
    const doc = await send(app, owner, { ...fields }, [
      { name: '../../Invoice 42.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    expect(doc.body.kind).toBe('document');

    const [sentImage, sentDoc] = app.whatsapp.simulator?.sent(sessionId) ?? [];
    expect(sentImage?.message?.imageMessage).toMatchObject({
      caption: 'The damaged box',
      mimetype: 'image/png',
      fileLength: expect.anything(),
    });
    expect(Number(sentImage?.message?.imageMessage?.fileLength)).toBe(photo.length);
    expect(sentDoc?.message?.documentMessage).toMatchObject({
      fileName: 'Invoice 42.pdf',
      mimetype: 'application/pdf',
    });

    // Their echoes are stored as the account's own photo and document, and open as the very bytes sent.
    const storedImage = await storedEcho(app, sessionId, image.body.wa_id);
    expect(storedImage).toMatchObject({ fromMe: true, messageType: 'image', body: 'The damaged box' });
    const storedDoc = await storedEcho(app, sessionId, doc.body.wa_id);
    expect(storedDoc).toMatchObject({ fromMe: true, messageType: 'document', filename: 'Invoice 42.pdf' });
    const download = await post<{ success: boolean; messageMedia: { data: string } }>(
      app,
      owner,
      '/api/downloadMedia/',
      { session_id: sessionId, chat_id: fields.group_id, message_id: image.body.wa_id },
    );
    expect(download.status, JSON.stringify(download.body)).toBe(200);
    expect(Buffer.from(download.body.messageMedia.data, 'base64')).toEqual(photo);

    expect(await ctx.count(deskReplies)).toBe(2);
    expect(await leftInStorage()).toEqual([]);
  });

  it('refuses a photo over 16 MB with 413 in words, sending and keeping nothing', async () => {
    const { app, owner, sessionId, fields } = await desk();
    const res = await send(app, owner, { ...fields, text: 'Too big' }, [
      { name: 'huge.jpg', type: 'image/jpeg', bytes: Buffer.alloc(16 * 1024 * 1024 + 1, 1) },
    ]);
    expect(res).toMatchObject({ status: 413, body: { message: composerMessages.tooLarge('image') } });
    expect(res.body.message).toBe('A photo can be at most 16 MB on WhatsApp. Choose a smaller file.');
    expect(app.whatsapp.simulator?.sent(sessionId)).toEqual([]);
    expect(await ctx.count(deskReplies)).toBe(0);
    expect(await leftInStorage()).toEqual([]);
  });

  it('refuses bad input with 400 in words and changes nothing', async () => {
    const { app, owner, sessionId, fields } = await desk();
    expect(await send(app, owner, { ...fields, text: '   ' })).toMatchObject({
      status: 400,
      body: { message: composerMessages.empty },
    });
    expect(await send(app, owner, { group_id: fields.group_id, text: 'Hi' })).toMatchObject({
      status: 400,
      body: { message: composerMessages.noSessionId },
    });
    expect(await send(app, owner, { ...fields, text: 'x'.repeat(4097) })).toMatchObject({
      status: 400,
      body: { message: composerMessages.textTooLong },
    });
    const two = await send(app, owner, { ...fields }, [
      { name: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('a') },
      { name: 'b.pdf', type: 'application/pdf', bytes: Buffer.from('b') },
    ]);
    expect(two).toMatchObject({ status: 400, body: { message: composerMessages.oneFile } });
    // JSON without a file works as well as a form.
    const json = await post<{ message: string }>(app, owner, '/api/sendGroupMessage/', { ...fields });
    expect(json).toMatchObject({ status: 400, body: { message: composerMessages.empty } });
    expect(app.whatsapp.simulator?.sent(sessionId)).toEqual([]);
    expect(await ctx.count(deskReplies)).toBe(0);
    expect(await leftInStorage()).toEqual([]);
  });

  it("lets any member send (the desk replies' rule), and no one outside the organisation", async () => {
    const { app, owner, sessionId, fields } = await desk();
    const [ann] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const bob = await teammate(app, ctx.db, ann?.organisationId ?? 0, 'bob@example.com', 'member');
    const res = await send(app, bob, { ...fields, text: 'Bob here' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await ctx.db.select().from(deskReplies);
    expect(row?.userId).toBe(bob.id);

    const zoe = await signUpVerified(app, { email: 'zoe@example.com' });
    expect(await send(app, zoe, { ...fields, text: 'Not mine' })).toMatchObject({ status: 404 });
    expect(
      await send(app, owner, { ...fields, group_id: '120363999999999999@g.us', text: 'x' }),
    ).toMatchObject({
      status: 404,
    });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/sendGroupMessage/',
      payload: { ...fields, text: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(app.whatsapp.simulator?.sent(sessionId)).toHaveLength(1);
  });

  it('says when the session is not connected, and spends the reply limit only on sends', async () => {
    const { app, owner, sessionId, fields } = await desk({ replyRateLimit: 2 });
    await post(app, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    await eventually(() => app.whatsapp.gateway.state(sessionId)?.status !== 'connected');
    for (const text of ['one', 'two', 'three'])
      expect(await send(app, owner, { ...fields, text })).toMatchObject({
        status: 409,
        body: { message: composerMessages.notConnected },
      });
    const doc = await send(app, owner, { ...fields }, [
      { name: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF') },
    ]);
    expect(doc.status).toBe(409);
    expect(await leftInStorage()).toEqual([]);

    await post(app, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await eventually(() => app.whatsapp.gateway.state(sessionId)?.status === 'connected');
    expect((await send(app, owner, { ...fields, text: 'first' })).status).toBe(200);
    // The composer and the desk's replies share one limit per session.
    const [ticket] = await ctx.db.select().from(tickets);
    const reply = await post(app, owner, '/org/replyToTicket/', { ticket_id: ticket?.id, text: 'second' });
    expect(reply.status).toBe(200);
    const third = await send(app, owner, { ...fields, text: 'third' });
    expect(third).toMatchObject({ status: 429, body: { message: composerMessages.tooMany } });
    expect(third.raw.headers['retry-after']).toBeDefined();
    expect(app.whatsapp.simulator?.sent(sessionId)).toHaveLength(2);
  });

  it("sends a refused photo again with Retry, from WhatsApp's media servers, once", async () => {
    const { app, owner, sessionId, fields } = await desk();
    const photo = png(32, 24, [20, 160, 60]);
    const first = await send(app, owner, { ...fields, text: 'Receipt' }, [
      { name: 'receipt.png', type: 'image/png', bytes: photo },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = () =>
      post<SendGroupMessageResponse>(app, owner, '/api/retryGroupMessage/', { wa_id: first.body.wa_id });
    expect(await retry()).toMatchObject({ status: 409 }); // not refused
    expect(
      (await post(app, owner, `/sim/sessions/${sessionId}/reply-status`, { status: 'failed' })).status,
    ).toBe(200);
    await eventually(async () => {
      const [row] = await ctx.db.select().from(deskReplies).where(eq(deskReplies.waId, first.body.wa_id));
      return row?.status === 'failed';
    });

    const again = await retry();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ kind: 'image', group_id: fields.group_id });
    const [original, copy] = app.whatsapp.simulator?.sent(sessionId) ?? [];
    expect(copy?.key.id).toBe(again.body.wa_id);
    // The same photo by reference (not uploaded again), not marked as forwarded, with its caption.
    expect(copy?.message?.imageMessage).toMatchObject({
      caption: 'Receipt',
      directPath: original?.message?.imageMessage?.directPath,
    });
    expect(copy?.message?.imageMessage?.contextInfo?.isForwarded ?? false).toBe(false);
    expect(await retry()).toMatchObject({ status: 409 }); // sent again already
    const zoe = await signUpVerified(app, { email: 'zoe@example.com' });
    expect(await post(app, zoe, '/api/retryGroupMessage/', { wa_id: first.body.wa_id })).toMatchObject({
      status: 404,
    });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'group.message_sent'))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.details)).toMatchObject([
      { kind: 'image', wa_id: first.body.wa_id },
      { kind: 'image', wa_id: again.body.wa_id, retry_of: first.body.wa_id },
    ]);
  });
});

describeEachDatabase('the group composer across instances', (ctx) => {
  it('sends a photo that arrived on another instance from the session owner, through object storage', async () => {
    const ownerApp = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const { owner, sessionId, group } = await simulatedCustomerTicket(ownerApp);
    // PGlite is one process: a second app on it would forget the first one's leases (docs/architecture.md).
    const cluster = ctx.kind === 'postgres';
    const other = cluster ? await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP }) : ownerApp;
    if (cluster) expect(other.whatsapp.gateway.state(sessionId)).toBeNull();
    const photo = png(48, 32, [90, 30, 160]);
    const res = await send(
      other,
      owner,
      { session_id: sessionId, group_id: group.group_id, text: 'From afar' },
      [{ name: 'far.png', type: 'image/png', bytes: photo }],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = ownerApp.whatsapp.simulator?.sent(sessionId) ?? [];
    expect(sent.map((m) => m.key.id)).toEqual([res.body.wa_id]);
    if (cluster) expect(other.whatsapp.simulator?.sent(sessionId)).toEqual([]);
    expect(Number(sent[0]?.message?.imageMessage?.fileLength)).toBe(photo.length);
    const names: string[] = [];
    for await (const object of testLocalStorage(ctx.dataDir, systemClock).list(OUTGOING_PREFIX))
      names.push(object.name);
    expect(names).toEqual([]);
  });
});
