import {
  type ReplyToTicketResponse,
  replyMessages,
  type SendPollResponse,
  type TicketDetailsResponse,
} from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org, simulatedCustomerTicket } from '../../../test/helpers/desk';
import { eventually, FAST_WHATSAPP, post } from '../../../test/helpers/whatsapp';
import { auditLog, deskReplies, waPollVotes } from '../../db/schema';

// POST /org/sendPoll/ (a desk reply that is a poll) and the simulator's poll-vote, which encrypts a member's
// vote with the poll's secret and hands it to the same reading as a real vote (docs/decisions/0018, polls).
describeWithDatabase('polls from the desk (simulator)', (ctx) => {
  const desk = async () => {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    return { app, ...(await simulatedCustomerTicket(app)) };
  };

  const sendPoll = (app: FastifyInstance, user: SignedIn, body: object) =>
    org<SendPollResponse & { message?: string }>(app, user, 'sendPoll', body);

  const vote = (app: FastifyInstance, user: SignedIn, sessionId: string, body: object) =>
    post<{ message?: string }>(app, user, `/sim/sessions/${sessionId}/poll-vote`, body);

  async function pollIn(app: FastifyInstance, user: SignedIn, ticketId: number, waId: string) {
    const details = await org<TicketDetailsResponse>(app, user, 'getTicketsDetails', { ticket_id: ticketId });
    return details.body.conversations.find((m) => m.wa_id === waId)?.poll ?? null;
  }

  it('sends a poll as a desk reply, and counts simulated members’ votes on it', async () => {
    const { app, owner, sessionId, group, ticket } = await desk();
    const sent = await sendPoll(app, owner, {
      ticket_id: ticket.id,
      question: ' How did we do? ',
      options: ['Good', 'Bad'],
      multiple: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      ticket_id: ticket.id,
      poll: { question: 'How did we do?', multiple: true },
    });
    const waId = sent.body.wa_id;
    // The simulated group got the poll Baileys builds (several choices: V1), with a secret.
    const [message] = app.whatsapp.simulator?.sent(sessionId) ?? [];
    expect(message?.message?.pollCreationMessage?.options?.map((o) => o.optionName)).toEqual(['Good', 'Bad']);
    expect(message?.message?.messageContextInfo?.messageSecret).toHaveLength(32);
    // A desk reply like a text: recorded, audited (without the text).
    expect(await ctx.db.select().from(deskReplies)).toMatchObject([
      { waId, body: 'How did we do?', ticketId: ticket.id },
    ]);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.reply_sent'));
    expect(audit?.details).toMatchObject({ ticket_id: ticket.id, wa_id: waId, poll: true, options: 2 });

    // Its echo is stored with its secret: members may vote once it is.
    await eventually(async () => (await pollIn(app, owner, ticket.id, waId)) !== null);
    const member = app.whatsapp.simulator?.groups(sessionId).find((g) => g.jid === group.group_id)
      ?.members[1];
    expect(
      (await vote(app, owner, sessionId, { group_id: group.group_id, wa_id: waId, options: ['Good', 'Bad'] }))
        .status,
    ).toBe(200);
    expect(
      (
        await vote(app, owner, sessionId, {
          group_id: group.group_id,
          wa_id: waId,
          options: ['Bad'],
          voter: member?.phone,
        })
      ).status,
    ).toBe(200);
    const poll = await eventually(async () => {
      const p = await pollIn(app, owner, ticket.id, waId);
      return p?.voters === 2 ? p : null;
    });
    expect(poll.options.map((o) => [o.name, o.voters.length])).toEqual([
      ['Good', 1],
      ['Bad', 2],
    ]);
    expect(poll.options[1]?.voters[1]).toMatchObject({
      name: member?.name,
      number: member?.phone,
      from_me: false,
    });
  });

  it('refuses a vote on an unknown poll, for an option the poll does not have, or from no member', async () => {
    const { app, owner, sessionId, group, ticket } = await desk();
    const sent = await sendPoll(app, owner, { ticket_id: ticket.id, question: 'Q?', options: ['Yes', 'No'] });
    const waId = sent.body.wa_id;
    await eventually(async () => (await pollIn(app, owner, ticket.id, waId)) !== null);
    const on = (body: object) =>
      vote(app, owner, sessionId, { group_id: group.group_id, wa_id: waId, ...body });
    expect(await on({ wa_id: '3EB0AAAAAAAAAAAAAAAAAA', options: ['Yes'] })).toMatchObject({ status: 409 });
    expect(await on({ options: ['Maybe'] })).toMatchObject({
      status: 400,
      body: { message: 'Options: the poll has no option of that name.' },
    });
    expect(await on({ options: ['Yes'], voter: '4900000000000' })).toMatchObject({ status: 409 });
    expect(await ctx.count(waPollVotes)).toBe(0);
  });

  it('refuses closed tickets, other organisations and a disconnected session, and sends nothing', async () => {
    const { app, owner, sessionId, ticket } = await desk();
    const body = { ticket_id: ticket.id, question: 'Rate us', options: ['Good', 'Bad'] };
    const other = await signUpVerified(app, { email: 'zoe@example.com' });
    expect(await sendPoll(app, other, body)).toMatchObject({
      status: 404,
      body: { message: replyMessages.ticketNotFound },
    });

    await org(app, owner, 'updateTicketStatus', { ticket_id: ticket.id, status: 'close' });
    expect(await sendPoll(app, owner, body)).toMatchObject({
      status: 409,
      body: { message: replyMessages.ticketClosed },
    });

    await org(app, owner, 'updateTicketStatus', { ticket_id: ticket.id, status: 'open' });
    await post(app, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    await eventually(() => app.whatsapp.gateway.state(sessionId)?.status !== 'connected');
    expect(await sendPoll(app, owner, body)).toMatchObject({
      status: 409,
      body: { message: replyMessages.notConnected },
    });
    expect(app.whatsapp.simulator?.sent(sessionId)).toEqual([]);
    expect(await ctx.count(deskReplies)).toBe(0);
  });

  it('sends a refused poll again as the same poll with Retry', async () => {
    const { app, owner, sessionId, ticket } = await desk();
    const sent = await sendPoll(app, owner, {
      ticket_id: ticket.id,
      question: 'Rate us',
      options: ['Good', 'Bad'],
    });
    const first = sent.body.wa_id;
    await eventually(async () => (await pollIn(app, owner, ticket.id, first)) !== null);
    expect(
      (await post(app, owner, `/sim/sessions/${sessionId}/reply-status`, { status: 'failed' })).status,
    ).toBe(200);
    await eventually(async () => {
      const [row] = await ctx.db.select().from(deskReplies).where(eq(deskReplies.waId, first));
      return row?.status === 'failed';
    });

    const retried = await org<ReplyToTicketResponse>(app, owner, 'retryReply', {
      ticket_id: ticket.id,
      wa_id: first,
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ ticket_id: ticket.id, quoted_wa_id: null, text: 'Rate us' });
    const again = app.whatsapp.simulator?.sent(sessionId).at(-1);
    expect(again?.key.id).toBe(retried.body.wa_id);
    expect(again?.message?.pollCreationMessageV3).toMatchObject({
      name: 'Rate us',
      options: [{ optionName: 'Good' }, { optionName: 'Bad' }],
      selectableOptionsCount: 1,
    });
    // Its echo is stored with its new secret, so votes on it count.
    const poll = await eventually(() => pollIn(app, owner, ticket.id, retried.body.wa_id));
    expect(poll).toMatchObject({ question: 'Rate us', countable: true, voters: 0 });
  });
});
