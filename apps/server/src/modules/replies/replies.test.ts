import { type ReplyToTicketResponse, replyMessages } from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org, simulatedCustomerTicket } from '../../../test/helpers/desk';
import { eventually, FAST_WHATSAPP, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import type { Config } from '../../config';
import { auditLog, deskReplies, ticketMessages, tickets, users, waMessages } from '../../db/schema';

describeEachDatabase('replies from the desk', (ctx) => {
  /** A linked simulated session with one customer ticket. */
  const desk = async (overrides: Partial<Config> = {}) => {
    const app = await ctx.buildApp(overrides, { whatsapp: FAST_WHATSAPP });
    const { owner, sessionId, group, ticket } = await simulatedCustomerTicket(app);
    const [customer] = await ctx.db
      .select({ waId: ticketMessages.waId })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id));
    return { app, owner, sessionId, group, ticket, customerWaId: customer?.waId ?? '' };
  };

  const reply = (app: FastifyInstance, user: SignedIn, ticketId: number, text: string) =>
    org<ReplyToTicketResponse & { message?: string }>(app, user, 'replyToTicket', {
      ticket_id: ticketId,
      text,
    });

  it('sends a quoted reply through the linked account, stored once and attributed to the member', async () => {
    const { app, owner, sessionId, group, ticket, customerWaId } = await desk();
    const res = await reply(app, owner, ticket.id, '  It ships today.  ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      ticket_id: ticket.id,
      quoted_wa_id: customerWaId,
      text: 'It ships today.',
    });

    // The simulated group received it as a quoted reply to the customer's message.
    const sent = app.whatsapp.simulator?.sent(sessionId) ?? [];
    expect(sent.map((m) => m.key.id)).toEqual([res.body.wa_id]);
    expect(sent[0]?.message?.extendedTextMessage).toMatchObject({
      text: 'It ships today.',
      contextInfo: { stanzaId: customerWaId, quotedMessage: { conversation: 'Where is my parcel?' } },
    });
    // Recorded against the member who typed it.
    const [me] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const [row] = await ctx.db.select().from(deskReplies);
    expect(row).toMatchObject({
      sessionId,
      groupJid: group.group_id,
      waId: res.body.wa_id,
      ticketId: ticket.id,
      userId: me?.id,
      body: 'It ships today.',
    });
    // It comes back as the linked account's own message: stored once, quoting the customer.
    const stored = await eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      const rows = await ctx.db
        .select()
        .from(waMessages)
        .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.waId, res.body.wa_id)));
      return rows.length > 0 ? rows : null;
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ fromMe: true, body: 'It ships today.', quotedId: customerWaId });
    // A business reply: the ticket is in progress.
    await eventually(async () => {
      await internalsOf(app).ticketProcessor.settled();
      const [now] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      return now?.status === 'in_progress';
    });
    // The audit log says who replied, without the text.
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.reply_sent'));
    expect(entry).toMatchObject({ actorId: me?.id, target: `Ticket #${ticket.id}` });
    expect(entry?.details).toEqual({ ticket_id: ticket.id, wa_id: res.body.wa_id, length: 15 });
  });

  it('refuses closed tickets, other organisations and a disconnected session, and sends nothing', async () => {
    const { app, owner, sessionId, ticket } = await desk();
    const other = await signUpVerified(app, { email: 'zoe@example.com' });
    expect(await reply(app, other, ticket.id, 'Hello')).toMatchObject({
      status: 404,
      body: { message: replyMessages.ticketNotFound },
    });

    await org(app, owner, 'updateTicketStatus', { ticket_id: ticket.id, status: 'close' });
    expect(await reply(app, owner, ticket.id, 'Hello')).toMatchObject({
      status: 409,
      body: { message: replyMessages.ticketClosed },
    });

    await org(app, owner, 'updateTicketStatus', { ticket_id: ticket.id, status: 'open' });
    await post(app, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    await eventually(() => app.whatsapp.gateway.state(sessionId)?.status !== 'connected');
    expect(await reply(app, owner, ticket.id, 'Hello')).toMatchObject({
      status: 409,
      body: { message: replyMessages.notConnected },
    });
    expect(app.whatsapp.simulator?.sent(sessionId)).toEqual([]);
    expect(await ctx.count(deskReplies)).toBe(0);
    expect(await ctx.db.$count(auditLog, eq(auditLog.action, 'ticket.reply_sent'))).toBe(0);
  });

  it('sends on the instance that owns the session, within one limit per session shared by every instance', async () => {
    const limited = { replyRateLimit: 2 };
    const { app: ownerApp, owner, sessionId, ticket } = await desk(limited);
    // PGlite is one process: a second app on it would forget the first one's leases (docs/architecture.md),
    // so there the limit is checked on one instance.
    const cluster = ctx.kind === 'postgres';
    const other = cluster ? await ctx.buildApp(limited, { whatsapp: FAST_WHATSAPP }) : ownerApp;
    if (cluster) expect(other.whatsapp.gateway.state(sessionId)).toBeNull();

    // As long as a reply may be, in two-byte characters: the command to the owner outgrows one NOTIFY.
    const long = 'Réponse '.padEnd(4096, 'é');
    const viaOther = await reply(other, owner, ticket.id, long);
    expect(viaOther.status).toBe(200);
    expect(viaOther.body.text).toBe(long);
    // Sent by the owner's phone connection, not by the instance that took the request.
    expect(ownerApp.whatsapp.simulator?.sent(sessionId).map((m) => m.key.id)).toEqual([viaOther.body.wa_id]);
    if (cluster) expect(other.whatsapp.simulator?.sent(sessionId)).toEqual([]);
    expect((await reply(ownerApp, owner, ticket.id, 'Second, from the owner')).status).toBe(200);

    const third = await reply(other, owner, ticket.id, 'Third is one too many');
    expect(third).toMatchObject({ status: 429, body: { message: replyMessages.tooManyReplies } });
    expect(third.raw.headers['retry-after']).toBeDefined();
    expect(ownerApp.whatsapp.simulator?.sent(sessionId)).toHaveLength(2);
    expect(await ctx.count(deskReplies)).toBe(2);
  });

  it('counts sends against the limit, not attempts that sent nothing', async () => {
    const { app, owner, sessionId, ticket } = await desk({ replyRateLimit: 2 });
    await post(app, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    await eventually(() => app.whatsapp.gateway.state(sessionId)?.status !== 'connected');
    for (const attempt of ['First try', 'Second try', 'Third try']) {
      expect(await reply(app, owner, ticket.id, attempt)).toMatchObject({
        status: 409,
        body: { message: replyMessages.notConnected },
      });
    }

    await post(app, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await eventually(() => app.whatsapp.gateway.state(sessionId)?.status === 'connected');
    // Still the whole minute's two sends: the refused attempts above sent nothing.
    expect((await reply(app, owner, ticket.id, 'Sent once')).status).toBe(200);
    expect((await reply(app, owner, ticket.id, 'Sent twice')).status).toBe(200);
    expect(await reply(app, owner, ticket.id, 'One too many')).toMatchObject({
      status: 429,
      body: { message: replyMessages.tooManyReplies },
    });
    expect(app.whatsapp.simulator?.sent(sessionId)).toHaveLength(2);
  });
});
