import {
  type GroupMessagesResponse,
  type ReplyState,
  type ReplyToTicketResponse,
  replyMessages,
  type ServerEvent,
} from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org, simulatedCustomerTicket } from '../../../test/helpers/desk';
import { eventually, FAST_WHATSAPP, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { auditLog, tickets } from '../../db/schema';
import { toServerEvent } from '../events/event-hub';

// A desk reply's state through the simulator (what demo mode and the e2e tests drive): the simulated
// server takes every reply, /sim/ plays members getting and reading it or WhatsApp refusing it, and Retry
// sends a refused one again (docs/decisions/0018, reply states).
describeWithDatabase('reply states in demo mode', (ctx) => {
  async function desk() {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const { owner, sessionId, group, ticket } = await simulatedCustomerTicket(app);
    const seen: ServerEvent[] = [];
    internalsOf(app).bus.onCluster((name, event) => seen.push(toServerEvent(name, event as never)));
    return { app, owner, sessionId, group, ticket, seen };
  }

  const reply = async (app: FastifyInstance, user: SignedIn, ticketId: number, text: string) => {
    const res = await org<ReplyToTicketResponse>(app, user, 'replyToTicket', { ticket_id: ticketId, text });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.wa_id;
  };

  /** The reply's state as the ticket's conversation shows it. */
  const inConversation = async (app: FastifyInstance, user: SignedIn, ticketId: number, waId: string) => {
    const res = await org<{ conversations: { wa_id: string; reply?: ReplyState | null }[] }>(
      app,
      user,
      'getTicketsDetails',
      { ticket_id: ticketId },
    );
    return res.body.conversations.find((m) => m.wa_id === waId)?.reply ?? null;
  };

  const waitFor = (
    app: FastifyInstance,
    user: SignedIn,
    ticketId: number,
    waId: string,
    ok: (state: ReplyState) => boolean,
  ) =>
    eventually(async () => {
      await internalsOf(app).ticketProcessor.settled();
      const state = await inConversation(app, user, ticketId, waId);
      return state && ok(state) ? state : null;
    });

  it('shows sent, delivered and read on the reply in the conversation and the group chat', async () => {
    const { app, owner, sessionId, group, ticket, seen } = await desk();
    const waId = await reply(app, owner, ticket.id, 'It ships today.');
    // The simulated server takes it by itself: one grey tick.
    await waitFor(app, owner, ticket.id, waId, (s) => s.status === 'sent');
    const sim = (body: object) => post(app, owner, `/sim/sessions/${sessionId}/reply-status`, body);
    const member = app.whatsapp.simulator?.groups(sessionId).find((g) => g.jid === group.group_id)
      ?.members[0];
    if (!member) throw new Error('no member');
    expect((await sim({ status: 'read', member_phone: member.phone })).status).toBe(200);
    const oneRead = await waitFor(app, owner, ticket.id, waId, (s) => s.read_by.length === 1);
    // One member of several read it: not yet read by all, not yet delivered to all.
    expect(oneRead).toMatchObject({
      status: 'sent',
      delivered_to: 1,
      read_by: [{ name: member.name, number: member.phone }],
    });
    expect(oneRead.recipients).toBeGreaterThan(1);
    expect((await sim({ status: 'delivered', wa_id: waId })).status).toBe(200);
    await waitFor(app, owner, ticket.id, waId, (s) => s.status === 'delivered');
    expect((await sim({ status: 'read' })).status).toBe(200);
    const read = await waitFor(app, owner, ticket.id, waId, (s) => s.status === 'read');
    expect(read.read_by).toHaveLength(read.recipients ?? -1);

    // The group chat shows the same state on the desk's message, and nothing on other messages.
    const page = await post<GroupMessagesResponse>(app, owner, '/api/getGroupsMsg/', {
      session_id: sessionId,
      group_id: group.group_id,
    });
    const mine = page.body.messages.find((m) => m.id === waId);
    expect(mine?.reply).toEqual(read);
    expect(page.body.messages.filter((m) => m.id !== waId).every((m) => m.reply === null)).toBe(true);
    // Each step went out to the organisation's browsers.
    const steps = seen.flatMap((e) =>
      e.type === 'reply.status' && e.wa_id === waId ? [e.reply.status] : [],
    );
    expect(steps[0]).toBe('sent');
    expect(steps.at(-1)).toBe('read');
    expect(steps).toContain('delivered');
    // Nothing to play for a reply the session never sent.
    expect((await sim({ status: 'read', wa_id: 'NOT-SENT' })).status).toBe(409);
  });

  it('shows a refused reply with why, undoes its echo, and Retry sends it again once', async () => {
    const { app, owner, sessionId, ticket, seen } = await desk();
    const waId = await reply(app, owner, ticket.id, 'It ships today.');
    await waitFor(app, owner, ticket.id, waId, (s) => s.status === 'sent');
    await eventually(async () => {
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      return row?.status === 'in_progress';
    });
    const refused = await post(app, owner, `/sim/sessions/${sessionId}/reply-status`, {
      status: 'failed',
      refusal: 'announce_only',
    });
    expect(refused.status).toBe(200);
    const failed = await waitFor(app, owner, ticket.id, waId, (s) => s.status === 'failed');
    expect(failed).toMatchObject({
      failure: 'Not sent: only group admins can send messages in this group.',
      failure_code: null,
      retried: false,
    });
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'open', assigneeId: null, firstResponseAt: null });
    expect(seen).toContainEqual(expect.objectContaining({ type: 'ticket.updated', change: 'reply_failed' }));

    // Retry: a new message with the same text; the refused one says it was sent again.
    const retried = await org<ReplyToTicketResponse>(app, owner, 'retryReply', {
      ticket_id: ticket.id,
      wa_id: waId,
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ ticket_id: ticket.id, text: 'It ships today.' });
    expect(retried.body.wa_id).not.toBe(waId);
    expect(app.whatsapp.simulator?.sent(sessionId).map((m) => m.key.id)).toEqual([waId, retried.body.wa_id]);
    await waitFor(app, owner, ticket.id, waId, (s) => s.retried);
    expect(seen).toContainEqual(
      expect.objectContaining({
        type: 'reply.status',
        wa_id: waId,
        reply: expect.objectContaining({ status: 'failed', retried: true }),
      }),
    );
    await waitFor(app, owner, ticket.id, retried.body.wa_id, (s) => s.status === 'sent');
    const [sentAgain] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ticket.reply_sent'))
      .orderBy(auditLog.id)
      .offset(1);
    expect(sentAgain?.details).toMatchObject({ wa_id: retried.body.wa_id, retry_of: waId });

    // Once only; never for a reply that was not refused, nor another organisation's.
    const again = (wa_id: string, user = owner) =>
      org<{ message: string }>(app, user, 'retryReply', { ticket_id: ticket.id, wa_id });
    expect((await again(waId)).body).toEqual({ message: replyMessages.alreadyRetried });
    expect(await again(retried.body.wa_id)).toMatchObject({
      status: 409,
      body: { message: replyMessages.notFailed },
    });
    const stranger = await signUpVerified(app, { email: 'zoe@example.com' });
    expect(await again(waId, stranger)).toMatchObject({
      status: 404,
      body: { message: replyMessages.replyNotFound },
    });
    expect(app.whatsapp.simulator?.sent(sessionId)).toHaveLength(2);
  });
});
