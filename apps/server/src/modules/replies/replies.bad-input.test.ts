import {
  MAX_POLL_OPTION_LENGTH,
  MAX_POLL_OPTIONS,
  MAX_POLL_QUESTION_LENGTH,
  MAX_REPLY_LENGTH,
  pollMessages,
  replyMessages,
  type Ticket,
} from '@wadesk/contract';
import { expect, it } from 'vitest';
import {
  documentedRoutes,
  expectRefusal,
  type Route,
  routeNames,
  storedState,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';

/** Every route of replies.routes.ts, for a ticket and a canned reply (the composer's as JSON, with no file). */
function routes(ticketId: number, cannedId: number): Route[] {
  return [
    {
      method: 'POST',
      url: '/api/sendGroupMessage/',
      body: { session_id: '00000000-0000-4000-8000-000000000000', group_id: '1@g.us', text: 'Hello' },
    },
    { method: 'POST', url: '/api/retryGroupMessage/', body: { wa_id: '3EB0AAAAAAAAAAAAAAAAAA' } },
    { method: 'POST', url: '/org/replyToTicket/', body: { ticket_id: ticketId, text: 'Hello' } },
    {
      method: 'POST',
      url: '/org/sendPoll/',
      body: { ticket_id: ticketId, question: 'How did we do?', options: ['Good', 'Bad'], multiple: true },
      optional: ['multiple'],
    },
    {
      method: 'POST',
      url: '/org/retryReply/',
      body: { ticket_id: ticketId, wa_id: '3EB0AAAAAAAAAAAAAAAAAA' },
    },
    { method: 'POST', url: '/org/getCannedReplies/' },
    {
      method: 'POST',
      url: '/org/saveCannedReply/',
      body: { id: cannedId, shortcut: 'hello', body: 'Hello, how can we help?' },
      optional: ['id'],
    },
    { method: 'POST', url: '/org/deleteCannedReply/', body: { id: cannedId } },
  ];
}

describeWithDatabase('replies refuse bad input and store nothing', (ctx) => {
  const fixture = async () => {
    const desk = await deskFixture(ctx);
    await desk.say({ body: 'my printer is on fire' });
    const [ticket] = (await org<Ticket[]>(ctx.app, desk.user, 'getTickets')).body;
    const canned = await org<{ id: number }>(ctx.app, desk.user, 'saveCannedReply', {
      shortcut: 'hello',
      body: 'Hello, how can we help?',
    });
    if (!ticket || canned.status !== 200) throw new Error('no fixture');
    return { ...desk, ticket, cannedId: canned.body.id };
  };

  it('walks every route the area documents', async () => {
    expect(routeNames(routes(1, 1))).toEqual(await documentedRoutes(ctx.app, ['replies']));
  });

  it('refuses every bad body on every route', async () => {
    const { user, ticket, cannedId } = await fixture();
    expect(await walkBadBodies(ctx, ctx.app, user, routes(ticket.id, cannedId))).toBeGreaterThan(80);
  });

  it('names what is wrong with a reply or a canned reply', async () => {
    const { user, ticket, cannedId } = await fixture();
    const before = await storedState(ctx);
    const cases: [string, object, string][] = [
      ['replyToTicket', { ticket_id: ticket.id, text: '   \n ' }, replyMessages.textRequired],
      [
        'replyToTicket',
        { ticket_id: ticket.id, text: 'x'.repeat(MAX_REPLY_LENGTH + 1) },
        replyMessages.textTooLong,
      ],
      ['replyToTicket', { ticket_id: 'one', text: 'Hi' }, replyMessages.noTicketId],
      ['sendPoll', { ticket_id: 'one', question: 'Q?', options: ['a', 'b'] }, replyMessages.noTicketId],
      [
        'sendPoll',
        { ticket_id: ticket.id, question: '  ', options: ['a', 'b'] },
        pollMessages.questionRequired,
      ],
      ['sendPoll', { ticket_id: ticket.id, options: ['a', 'b'] }, pollMessages.questionRequired],
      [
        'sendPoll',
        { ticket_id: ticket.id, question: 'x'.repeat(MAX_POLL_QUESTION_LENGTH + 1), options: ['a', 'b'] },
        pollMessages.questionTooLong,
      ],
      ['sendPoll', { ticket_id: ticket.id, question: 'Q?', options: ['a'] }, pollMessages.tooFewOptions],
      ['sendPoll', { ticket_id: ticket.id, question: 'Q?' }, pollMessages.tooFewOptions],
      [
        'sendPoll',
        {
          ticket_id: ticket.id,
          question: 'Q?',
          options: Array.from({ length: MAX_POLL_OPTIONS + 1 }, (_, i) => `o${i}`),
        },
        pollMessages.tooManyOptions,
      ],
      [
        'sendPoll',
        { ticket_id: ticket.id, question: 'Q?', options: ['a', ' '] },
        pollMessages.optionRequired,
      ],
      [
        'sendPoll',
        { ticket_id: ticket.id, question: 'Q?', options: ['a', 'x'.repeat(MAX_POLL_OPTION_LENGTH + 1)] },
        pollMessages.optionTooLong,
      ],
      [
        'sendPoll',
        { ticket_id: ticket.id, question: 'Q?', options: ['Yes', ' yes'] },
        pollMessages.duplicateOptions,
      ],
      ['retryReply', { ticket_id: ticket.id, wa_id: '  ' }, replyMessages.noWaId],
      ['retryReply', { ticket_id: ticket.id }, replyMessages.noWaId],
      ['retryReply', { ticket_id: ticket.id, wa_id: 'x'.repeat(129) }, replyMessages.noWaId],
      ['saveCannedReply', { shortcut: 'Hello', body: 'Hi' }, replyMessages.shortcutInvalid],
      ['saveCannedReply', { shortcut: 'two words', body: 'Hi' }, replyMessages.shortcutInvalid],
      ['saveCannedReply', { shortcut: 'x'.repeat(31), body: 'Hi' }, replyMessages.shortcutInvalid],
      ['saveCannedReply', { shortcut: '', body: 'Hi' }, replyMessages.shortcutInvalid],
      ['saveCannedReply', { shortcut: 'ok', body: '  ' }, replyMessages.bodyRequired],
      [
        'saveCannedReply',
        { id: cannedId, shortcut: 'ok', body: 'x'.repeat(4097) },
        replyMessages.bodyTooLong,
      ],
    ];
    for (const [call, payload, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/org/${call}/`,
        headers: user.headers,
        payload,
      });
      expectRefusal(res, `${call} ${JSON.stringify(payload).slice(0, 60)}`, 400);
      expect(res.json()).toEqual({ message });
    }
    expect(await storedState(ctx)).toEqual(before);
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, routes(1, 1));
  });
});
