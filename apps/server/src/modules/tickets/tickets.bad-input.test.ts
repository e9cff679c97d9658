import type { Ticket } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
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
import { tickets } from '../../db/schema';

/** Every route of tickets.routes.ts, for the ticket `id`. */
function routes(id: number): Route[] {
  return [
    {
      method: 'POST',
      url: '/org/getTickets/',
      body: { status: ['open'], limit: 10, before_id: id, assignee: 'me', label_id: 1 },
      optional: ['status', 'limit', 'before_id', 'assignee', 'label_id'],
    },
    { method: 'POST', url: '/org/getTicketStats/' },
    { method: 'POST', url: '/org/getTicketsDetails/', body: { ticket_id: id } },
    { method: 'POST', url: '/org/updateTicketStatus/', body: { ticket_id: id, status: 'close' } },
    { method: 'POST', url: '/org/getCounts/' },
    {
      method: 'POST',
      url: '/org/assignTicket/',
      body: { ticket_id: id, assignee_id: 1 },
      nullable: ['assignee_id'],
    },
    {
      method: 'POST',
      url: '/org/addTicketNote/',
      body: { ticket_id: id, body: 'a note', mentions: [1] },
      optional: ['mentions'],
    },
    { method: 'POST', url: '/org/setTicketLabels/', body: { ticket_id: id, label_ids: [1] } },
    { method: 'POST', url: '/org/mergeTickets/', body: { ticket_id: id, into_ticket_id: id + 1 } },
    { method: 'POST', url: '/org/splitTicket/', body: { ticket_id: id, from_message_id: 1 } },
    { method: 'POST', url: '/org/getLabels/' },
    {
      method: 'POST',
      url: '/org/saveLabel/',
      body: { id: 1, name: 'Urgent', colour: '#ff0000' },
      optional: ['id'],
    },
    { method: 'POST', url: '/org/deleteLabel/', body: { label_id: 1 } },
  ];
}

// Every case here is refused and changes nothing it or a later case relies on, so the cases share one app.
describeWithDatabase(
  'tickets refuse bad input and store nothing',
  (ctx) => {
    it('walks every route the area documents', async () => {
      expect(routeNames(routes(1))).toEqual(await documentedRoutes(ctx.app, ['tickets']));
    });

    it('refuses every bad body on every route', async () => {
      const { user, say } = await deskFixture(ctx);
      await say({ body: 'my printer is on fire' });
      const [ticket] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
      if (!ticket) throw new Error('no ticket');
      const [before] = await ctx.db.select().from(tickets);
      expect(await walkBadBodies(ctx, ctx.app, user, routes(ticket.id))).toBeGreaterThan(80);

      // Statuses outside the three, or more of them than there are.
      for (const status of [['nope'], ['open', 'open', 'open', 'open', 'open'], [''], 'open']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/org/getTickets/',
          headers: user.headers,
          payload: { status },
        });
        expectRefusal(res, `getTickets with status ${JSON.stringify(status)}`, 400);
      }
      for (const status of ['closed', 'OPEN', '', 'resolved']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/org/updateTicketStatus/',
          headers: user.headers,
          payload: { ticket_id: ticket.id, status },
        });
        expectRefusal(res, `updateTicketStatus to ${JSON.stringify(status)}`, 400);
      }
      expect(await ctx.db.select().from(tickets)).toEqual([before]);
    });

    it('refuses a missing, forged or expired token on every route', async () => {
      await walkBadTokens(ctx, ctx.app, routes(1));
    });

    it("never shows or changes another organisation's ticket, and an unknown id finds nothing", async () => {
      const a = await deskFixture(ctx, ctx.app, 'a@example.com');
      await a.say({ body: 'from a' });
      const [ticketA] = (await org<Ticket[]>(ctx.app, a.user, 'getTickets')).body;
      if (!ticketA) throw new Error('no ticket');
      const b = await signUp(ctx.app, { email: 'b@example.com' });
      const [rowBefore] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketA.id));
      const before = await storedState(ctx);
      for (const [user, id] of [
        [b, ticketA.id],
        [a.user, ticketA.id + 1000],
        [a.user, 2 ** 31 - 1],
      ] as const) {
        for (const call of [
          'getTicketsDetails',
          'updateTicketStatus',
          'assignTicket',
          'addTicketNote',
          'setTicketLabels',
          'mergeTickets',
          'splitTicket',
        ]) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: `/org/${call}/`,
            headers: user.headers,
            payload: {
              ticket_id: id,
              status: 'in_progress',
              assignee_id: null,
              body: 'note',
              label_ids: [],
              into_ticket_id: ticketA.id + 1,
              from_message_id: 1,
            },
          });
          expectRefusal(res, `${call} of ticket ${id}`, 404);
        }
      }
      expect((await org(ctx.app, b, 'getTickets', { before_id: ticketA.id })).body).toEqual([]);
      expect((await org<{ total: number }>(ctx.app, b, 'getTicketStats')).body).toMatchObject({ total: 0 });
      const [rowAfter] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketA.id));
      expect(rowAfter).toEqual(rowBefore);
      expect(await storedState(ctx)).toEqual(before);
    });
  },
  { shareApp: true },
);
