import type { ReplyToTicketResponse, ServerEvent, Ticket } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import type { SignedIn } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { eventually, linkScriptedBaileys } from '../../../test/helpers/whatsapp';
import { groupMessage, groupMetadata } from '../../../test-support/whatsapp/scripted-whatsapp';
import { internalsOf } from '../../app-internals';
import { auditLog, deskReplies, deskReplyReceipts, tickets, users } from '../../db/schema';
import { toServerEvent } from '../events/event-hub';

// A desk reply through the whole server with the real Baileys driver over the scripted socket
// (test-support/whatsapp/scripted-whatsapp.ts): WhatsApp refusing it after the socket took it (a NACK, rc14
// messages-recv.js:1494-1566) ends it failed and undoes what its echo did on the ticket; the server's ack and
// members' receipts (1161-1201) move its state (docs/decisions/0018, reply states).
const SUPPORT = '120363000000000001@g.us';
const ME = { pn: '4917000000009@s.whatsapp.net', lid: '99000000000009@lid' };
const CARLA = { id: '201234567890123@lid', phoneNumber: '4915112345678@s.whatsapp.net' };
const DAVE = { id: '201234567890124@lid', phoneNumber: '4915112345679@s.whatsapp.net' };

describeEachDatabase('replies WhatsApp refuses or delivers (Baileys driver)', (ctx) => {
  /** A session linked through the scripted socket, with a ticket Carla opened in the Support group. */
  async function desk() {
    const { app, owner, sessionId, socket } = await linkScriptedBaileys(
      ctx.buildApp,
      [groupMetadata(SUPPORT, 'Support', [{ id: ME.lid, phoneNumber: ME.pn }, CARLA, DAVE])],
      ME,
    );
    await socket.live([
      groupMessage(SUPPORT, CARLA.id, 'Where is my parcel?', {
        participantAlt: CARLA.phoneNumber,
        pushName: 'Carla',
      }),
    ]);
    const ticket = await eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      await internalsOf(app).ticketProcessor.settled();
      return (await org<Ticket[]>(app, owner, 'getTickets')).body[0];
    });
    return { app, owner, sessionId, socket, ticket };
  }

  async function reply(app: FastifyInstance, owner: SignedIn, ticketId: number, text: string) {
    const res = await org<ReplyToTicketResponse>(app, owner, 'replyToTicket', { ticket_id: ticketId, text });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.wa_id;
  }

  const ticketRow = async (id: number) => (await ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];
  const replyRow = async (waId: string) =>
    (await ctx.db.select().from(deskReplies).where(eq(deskReplies.waId, waId)))[0];

  /** Browser events of the organisation, as the event hub would send them. */
  function events(app: FastifyInstance): ServerEvent[] {
    const seen: ServerEvent[] = [];
    internalsOf(app).bus.onCluster((name, event) => seen.push(toServerEvent(name, event as never)));
    return seen;
  }

  it('ends a refused reply failed and undoes what its echo did: first response, In Progress, assignment', async () => {
    const { app, owner, sessionId, socket, ticket } = await desk();
    const seen = events(app);
    const waId = await reply(app, owner, ticket.id, 'It ships today.');
    // The echo made the member's first response: in progress, assigned to them, answered by them.
    const [me] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const answered = await eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      await internalsOf(app).ticketProcessor.settled();
      const row = await ticketRow(ticket.id);
      return row?.status === 'in_progress' ? row : null;
    });
    expect(answered).toMatchObject({ assigneeId: me?.id, answeredBy: expect.any(String) });
    expect(answered.firstResponseAt).not.toBeNull();
    // The customer waits no more (decision 0021)…
    expect(answered.waitingSince).toBeNull();

    // WhatsApp refuses it (479 smax-invalid): messages.update with status ERROR.
    socket.serverAck(SUPPORT, waId, '479');
    const refused = await eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      const row = await replyRow(waId);
      return row?.status === 'failed' ? row : null;
    });
    expect(refused).toMatchObject({ failureCode: '479', refusal: null });
    expect(await ticketRow(ticket.id)).toMatchObject({
      status: 'open',
      assigneeId: null,
      answeredBy: null,
      firstResponseAt: null,
      // …until WhatsApp refuses the reply: waiting again since their question.
      waitingSince: answered.lastCustomerAt,
    });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.reply_failed'));
    expect(entry).toMatchObject({ actorId: null, target: `Ticket #${ticket.id}` });
    expect(entry?.details).toEqual({
      ticket_id: ticket.id,
      wa_id: waId,
      code: '479',
      refusal: null,
      undone: ['first_response', 'in_progress', 'assigned'],
    });
    // The events come over the cluster bus (LISTEN/NOTIFY on PostgreSQL): they may arrive after the rows.
    await vi.waitFor(
      () => {
        expect(seen).toContainEqual(
          expect.objectContaining({
            type: 'ticket.updated',
            change: 'reply_failed',
            ticket: expect.objectContaining({
              id: ticket.id,
              status: 'open',
              assignee: null,
              first_response_at: null,
            }),
          }),
        );
        expect(seen).toContainEqual(
          expect.objectContaining({
            type: 'reply.status',
            wa_id: waId,
            reply: expect.objectContaining({ status: 'failed', failure_code: '479', ticket_id: ticket.id }),
          }),
        );
      },
      { timeout: 5_000 },
    );
    // The conversation shows it refused, with why.
    const details = await org<{
      conversations: { wa_id: string; reply?: { status: string; failure: string } }[];
    }>(app, owner, 'getTicketsDetails', { ticket_id: ticket.id });
    expect(details.body.conversations.find((m) => m.wa_id === waId)?.reply).toMatchObject({
      status: 'failed',
      failure: expect.stringContaining('error 479'),
    });
    // A second refusal of the same reply changes nothing more.
    socket.serverAck(SUPPORT, waId, '479');
    await app.whatsapp.gateway.settled(sessionId);
    expect(await ctx.db.$count(auditLog, eq(auditLog.action, 'ticket.reply_failed'))).toBe(1);
  });

  it('undoes the echo also when the refusal comes with the echo itself (event-buffer.js:426-431)', async () => {
    const { app, owner, sessionId, socket, ticket } = await desk();
    // Baileys holds events while it works on a node; the NACK lands in the reply's own upsert, so the
    // refusal may be heard before the ticket engine has joined the echo (then the engine's check undoes it).
    await socket.buffered(async () => {
      const waId = await reply(app, owner, ticket.id, 'It ships today.');
      socket.serverAck(SUPPORT, waId, '463');
    });
    await eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      await internalsOf(app).ticketProcessor.settled();
      const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.reply_failed'));
      return entries.some((e) => (e.details as { undone: string[] }).undone.length === 3);
    });
    const after = await ticketRow(ticket.id);
    expect(after).toMatchObject({ status: 'open', assigneeId: null, firstResponseAt: null });
    expect(after?.waitingSince).toEqual(after?.lastCustomerAt);
    const [row] = await ctx.db.select().from(deskReplies);
    expect(row).toMatchObject({ status: 'failed', failureCode: '463' });
  });

  it("moves a reply's state with the server's ack and the members' receipts", async () => {
    const { app, owner, sessionId, socket, ticket } = await desk();
    const waId = await reply(app, owner, ticket.id, 'It ships today.');
    const state = async (status: string) =>
      eventually(
        async () => {
          await app.whatsapp.gateway.settled(sessionId);
          const row = await replyRow(waId);
          return row?.status === status ? row : null;
        },
        5_000,
        status,
      );
    expect((await replyRow(waId))?.status).toBe('pending');
    expect((await replyRow(waId))?.recipients).toBe(2);
    socket.serverAck(SUPPORT, waId);
    await state('sent');
    await socket.receipt({ jid: SUPPORT, id: waId, participant: CARLA.id });
    await eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      return (await ctx.db.$count(deskReplyReceipts)) === 1;
    });
    expect((await replyRow(waId))?.status).toBe('sent');
    await socket.receipt({ jid: SUPPORT, id: waId, participant: DAVE.id });
    await state('delivered');
    await socket.receipt({ jid: SUPPORT, id: waId, participant: CARLA.id, type: 'read' });
    await eventually(async () => {
      const details = await org<{ conversations: { wa_id: string; reply?: { read_by: unknown[] } }[] }>(
        app,
        owner,
        'getTicketsDetails',
        { ticket_id: ticket.id },
      );
      return details.body.conversations.find((m) => m.wa_id === waId)?.reply?.read_by.length === 1;
    });
    expect((await replyRow(waId))?.status).toBe('delivered');
    await socket.receipt({ jid: SUPPORT, id: waId, participant: DAVE.id, type: 'read' });
    await state('read');
    const details = await org<{ conversations: { wa_id: string; reply?: unknown }[] }>(
      app,
      owner,
      'getTicketsDetails',
      { ticket_id: ticket.id },
    );
    expect(details.body.conversations.find((m) => m.wa_id === waId)?.reply).toMatchObject({
      status: 'read',
      delivered_to: 2,
      recipients: 2,
      read_by: [{ name: 'Carla', number: '4915112345678' }, { number: '4915112345679' }],
    });
    // A refusal after it was delivered is not believed.
    socket.serverAck(SUPPORT, waId, '479');
    await app.whatsapp.gateway.settled(sessionId);
    expect((await replyRow(waId))?.status).toBe('read');
  });
});
