import { type InboxResponse, inboxMessages, MAX_BULK_TICKETS } from '@wadesk/contract';
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
import { tickets } from '../../db/schema';

/** Every route of inbox.routes.ts, for the ticket `id`. */
function routes(id: number): Route[] {
  return [
    {
      method: 'POST',
      url: '/org/getInbox/',
      body: {
        view: 'open',
        q: 'printer',
        label_id: 1,
        cursor: 'MjAyNi0wOS0yMVQxMDowMDowMC4xMjM0NTZafDQ',
        limit: 10,
      },
      optional: ['view', 'q', 'label_id', 'cursor', 'limit'],
    },
    {
      method: 'POST',
      url: '/org/bulkUpdateTickets/',
      body: { action: 'assign', ticket_ids: [id], assignee_id: 1 },
      nullable: ['assignee_id'],
    },
    { method: 'POST', url: '/org/getCustomerTickets/', body: { ticket_id: id } },
  ];
}

// Every case here is refused and changes nothing a later case relies on, so the cases share one app.
describeWithDatabase(
  'the inbox refuses bad input and stores nothing',
  (ctx) => {
    it('walks every route the area documents', async () => {
      expect(routeNames(routes(1))).toEqual(await documentedRoutes(ctx.app, ['inbox']));
    });

    it("refuses every bad body on every route with the contract's words", async () => {
      const { user, say } = await deskFixture(ctx);
      await say({ body: 'my printer is on fire' });
      const [ticket] = (await org<InboxResponse>(ctx.app, user, 'getInbox')).body.tickets;
      if (!ticket) throw new Error('no ticket');
      const [before] = await ctx.db.select().from(tickets);
      expect(await walkBadBodies(ctx, ctx.app, user, routes(ticket.id))).toBeGreaterThan(60);

      const refused = async (call: string, payload: object, message: string) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/org/${call}/`,
          headers: user.headers,
          payload,
        });
        expectRefusal(res, `${call} with ${JSON.stringify(payload).slice(0, 80)}`, 400);
        // The contract's sentence as it is (a message that is not a sentence would get its field path first).
        const said: string = res.json().message;
        expect(said === message || said.endsWith(`: ${message}`), said).toBe(true);
      };
      const cursor = (text: string) => Buffer.from(text).toString('base64url');
      for (const junk of [
        'junk!',
        cursor('hello'),
        cursor('2026-02-31T10:00:00.000000Z|1'),
        cursor('2026-09-21T10:00:00.123Z|1'),
        cursor('2026-09-21T10:00:00.123456Z|0'),
        cursor("2026-09-21T10:00:00.123456Z|1' or 1=1"),
      ])
        await refused('getInbox', { cursor: junk }, inboxMessages.invalidCursor);
      await refused('getInbox', { cursor: 'x'.repeat(201) }, inboxMessages.invalidCursor);
      for (const limit of [0, 101, 1.5, '10'])
        await refused('getInbox', { limit }, inboxMessages.invalidLimit);
      await refused('getInbox', { q: 'x'.repeat(101) }, inboxMessages.searchTooLong);
      for (const view of ['everything', 'Mine', '', 'open '])
        await refused('getInbox', { view }, inboxMessages.invalidView);
      const many = Array.from({ length: MAX_BULK_TICKETS + 1 }, (_, n) => n + 1);
      await refused('bulkUpdateTickets', { action: 'close', ticket_ids: many }, inboxMessages.bulkTooMany);
      await refused('bulkUpdateTickets', { action: 'close', ticket_ids: [] }, inboxMessages.bulkEmpty);
      await refused(
        'bulkUpdateTickets',
        { action: 'close', ticket_ids: [ticket.id, ticket.id] },
        'Choose each ticket only once.',
      );
      await refused(
        'bulkUpdateTickets',
        { action: 'delete', ticket_ids: [ticket.id] },
        'Choose an action: assign, label or close.',
      );
      // 100 characters is a search: nothing found, nothing refused.
      const longest = await org<InboxResponse>(ctx.app, user, 'getInbox', { q: 'x'.repeat(100) });
      expect(longest.status).toBe(200);
      expect(await ctx.db.select().from(tickets)).toEqual([before]);
    });

    it('refuses a missing, forged or expired token on every route', async () => {
      await walkBadTokens(ctx, ctx.app, routes(1));
    });

    it("never changes another organisation's ticket", async () => {
      const a = await deskFixture(ctx, ctx.app, 'a@example.com');
      await a.say({ body: 'from a' });
      const b = await deskFixture(ctx, ctx.app, 'b@example.com');
      const [ticketA] = (await org<InboxResponse>(ctx.app, a.user, 'getInbox')).body.tickets;
      if (!ticketA) throw new Error('no ticket');
      const before = await storedState(ctx);
      const res = await org(ctx.app, b.user, 'bulkUpdateTickets', {
        action: 'close',
        ticket_ids: [ticketA.id],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ tickets: [], skipped: [{ ticket_id: ticketA.id }] });
      const history = await ctx.app.inject({
        method: 'POST',
        url: '/org/getCustomerTickets/',
        headers: b.user.headers,
        payload: { ticket_id: ticketA.id },
      });
      expectRefusal(history, 'getCustomerTickets of another organisation', 404);
      expect(await storedState(ctx)).toEqual(before);
    });
  },
  { shareApp: true },
);
