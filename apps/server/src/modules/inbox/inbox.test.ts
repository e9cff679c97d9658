import {
  type InboxResponse,
  type InboxTicket,
  type InboxView,
  inboxResponse,
  type Ticket,
} from '@wadesk/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { teammate, userId } from '../../../test/helpers/team';
import { tickets, waSessions } from '../../db/schema';

/** Seconds since the epoch: 2026-09-21, a fixed day so that every time below is known. */
const T0 = 1_790_000_000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

type Fixture = Awaited<ReturnType<typeof deskFixture>>;

async function inbox(ctx: TestContext, fixture: Pick<Fixture, 'user'>, body: object = {}) {
  const res = await org<InboxResponse>(ctx.app, fixture.user, 'getInbox', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The route writes its answer without the schema's parse (http/typed-json.ts): every answer here must
  // be one the contract's schema accepts as it is, no field missing, mistyped or extra.
  expect(inboxResponse.parse(res.body)).toEqual(res.body);
  return res.body;
}
const ids = (page: InboxResponse) => page.tickets.map((t) => t.id);

describeEachDatabase('the inbox: order by customer activity, views, paging, search', (ctx) => {
  const ticketOf = async (fixture: Fixture, group: string): Promise<InboxTicket> => {
    const found = (await inbox(ctx, fixture, { view: 'all' })).tickets.find((t) => t.group_id === group);
    if (!found) throw new Error(`no ticket in ${group}`);
    return found;
  };

  it("lists by the customer's last message: a follow-up on an old ticket comes to the top, a reply does not", async () => {
    const desk = await deskFixture(ctx);
    await desk.say({ groupId: '1@g.us', timestamp: T0, body: 'first' });
    await desk.say({ groupId: '2@g.us', timestamp: T0 + 10, body: 'second' });
    await desk.say({ groupId: '3@g.us', timestamp: T0 + 20, body: 'third' });
    const [one, two, three] = [
      await ticketOf(desk, '1@g.us'),
      await ticketOf(desk, '2@g.us'),
      await ticketOf(desk, '3@g.us'),
    ];
    expect(ids(await inbox(ctx, desk))).toEqual([three.id, two.id, one.id]);
    expect(one).toMatchObject({ last_customer_at: iso(T0), waiting_since: iso(T0) });

    // The customer of the oldest ticket writes again; the business answers the second one later still.
    await desk.say({ groupId: '1@g.us', timestamp: T0 + 30, body: 'any news?' });
    await desk.say({ groupId: '2@g.us', timestamp: T0 + 40, body: 'on it', fromMe: true });
    expect(ids(await inbox(ctx, desk))).toEqual([one.id, three.id, two.id]);
    // Still waiting since the first unanswered message; the answered one waits no more.
    expect(await ticketOf(desk, '1@g.us')).toMatchObject({
      last_customer_at: iso(T0 + 30),
      waiting_since: iso(T0),
    });
    expect(await ticketOf(desk, '2@g.us')).toMatchObject({
      status: 'in_progress',
      last_customer_at: iso(T0 + 10),
      waiting_since: null,
    });

    // "Thanks" after the answer is activity (the ticket comes up) but nobody waits for an answer to it.
    await desk.say({ groupId: '2@g.us', timestamp: T0 + 50, body: 'thanks' });
    expect(await ticketOf(desk, '2@g.us')).toMatchObject({
      last_customer_at: iso(T0 + 50),
      waiting_since: null,
    });
    // A real question after the answer starts a new wait.
    await desk.say({ groupId: '2@g.us', timestamp: T0 + 60, body: 'and the invoice?' });
    expect(await ticketOf(desk, '2@g.us')).toMatchObject({ waiting_since: iso(T0 + 60) });
    expect(ids(await inbox(ctx, desk))).toEqual([two.id, one.id, three.id]);

    // Closed: nobody waits on it. A message within the reopen window reopens it and starts the wait again.
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: three.id, status: 'close' });
    expect(await ticketOf(desk, '3@g.us')).toMatchObject({ status: 'close', waiting_since: null });
    await desk.say({ groupId: '3@g.us', timestamp: T0 + 70, body: 'it broke again' });
    expect(await ticketOf(desk, '3@g.us')).toMatchObject({
      id: three.id,
      status: 'in_progress',
      last_customer_at: iso(T0 + 70),
      waiting_since: iso(T0 + 70),
    });
    // Besides its two times, an inbox ticket is the ticket the dashboard lists, field for field.
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: one.id, status: 'close' });
    const listed = (await org<Ticket[]>(ctx.app, desk.user, 'getTickets')).body;
    const page = (await inbox(ctx, desk)).tickets;
    expect(page.map(({ last_customer_at: _, waiting_since: __, ...ticket }) => ticket)).toEqual(
      page.map((t) => listed.find((l) => l.id === t.id)),
    );
  });

  it('shows each view: mine, unassigned, open, pending, closed, all', async () => {
    const desk = await deskFixture(ctx);
    const bo = await teammate(ctx.app, ctx.db, desk.organisationId, 'bo@example.com');
    for (const [n, group] of ['open', 'progress', 'pending', 'closed', 'mine', 'bos'].entries())
      await desk.say({ groupId: `${group}@g.us`, timestamp: T0 + n });
    const t = async (group: string) => (await ticketOf(desk, `${group}@g.us`)).id;
    const [open, progress, pending, closed, mine, bos] = [
      await t('open'),
      await t('progress'),
      await t('pending'),
      await t('closed'),
      await t('mine'),
      await t('bos'),
    ];
    await desk.say({ groupId: 'progress@g.us', timestamp: T0 + 10, fromMe: true, body: 'looking' });
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: pending, status: 'pending' });
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: closed, status: 'close' });
    const ownerId = await userId(ctx.db, 'ann@example.com');
    await org(ctx.app, desk.user, 'assignTicket', { ticket_id: mine, assignee_id: ownerId });
    await org(ctx.app, desk.user, 'assignTicket', { ticket_id: bos, assignee_id: bo.id });
    // A closed ticket of mine is in no active view.
    await org(ctx.app, desk.user, 'assignTicket', { ticket_id: closed, assignee_id: ownerId });

    const view = async (name: InboxView) => ids(await inbox(ctx, desk, { view: name }));
    // The business reply assigned nobody (the linked phone is no member), so "progress" is unassigned.
    expect(await view('mine')).toEqual([mine]);
    expect(await view('unassigned')).toEqual([pending, progress, open]);
    expect(await view('open')).toEqual([bos, mine, progress, open]);
    expect(await view('pending')).toEqual([pending]);
    expect(await view('closed')).toEqual([closed]);
    expect(await view('all')).toEqual([bos, mine, closed, pending, progress, open]);
    expect(await view('all')).toEqual(ids(await inbox(ctx, desk)));
    // Mine is the caller's.
    expect(ids(await inbox(ctx, { user: bo }, { view: 'mine' }))).toEqual([bos]);
  });

  it('pages through tickets with the same last activity, to the microsecond, without gaps or repeats', async () => {
    const desk = await deskFixture(ctx);
    const at = (micros: string) => sql`${`2026-09-21T10:00:00.${micros}Z`}::timestamptz`;
    // Five at exactly one instant, two within the same millisecond after it, one a whole second before.
    const times = ['123456', '123456', '123456', '123456', '123456', '123457', '123999', '000000'];
    const made: number[] = [];
    for (const [n, micros] of times.entries()) {
      const [row] = await ctx.db
        .insert(tickets)
        .values({
          organisationId: desk.organisationId,
          sessionId: desk.sessionId,
          groupJid: `${n}@g.us`,
          groupName: `Group ${n}`,
          customer: `Customer ${n}`,
          lastMessage: 'hi',
          lastCustomerAt: at(micros),
        })
        .returning({ id: tickets.id });
      if (row) made.push(row.id);
    }
    // Expected: newest activity first, then highest id.
    const expected = [made[6], made[5], made[4], made[3], made[2], made[1], made[0], made[7]];
    const seen: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await inbox(ctx, desk, { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
    // A page that ends exactly at the last ticket says there is no next one.
    const exact = await inbox(ctx, desk, { limit: 8 });
    expect(exact.next_cursor).toBeNull();
    expect(ids(exact)).toEqual(expected);
  });

  it('searches ticket number, customer name and number, group name and message text; wildcards are literal', async () => {
    const desk = await deskFixture(ctx);
    await desk.say({
      groupId: 'g1@g.us',
      groupName: 'Berlin Office',
      timestamp: T0,
      name: 'Maria Lopez',
      from: '4915100000001',
      body: 'The printer says 100% toner',
    });
    await desk.say({
      groupId: 'g2@g.us',
      groupName: 'Paris Office',
      timestamp: T0 + 1,
      name: 'Jean Dupont',
      from: '3361200000002',
      body: 'wifi down since 1000 minutes',
    });
    await desk.say({
      groupId: 'g3@g.us',
      groupName: 'Rome_Office',
      timestamp: T0 + 2,
      name: 'Luca Rossi',
      from: '3933300000003',
      body: 'invoice_42 missing',
    });
    const [g1, g2, g3] = [
      await ticketOf(desk, 'g1@g.us'),
      await ticketOf(desk, 'g2@g.us'),
      await ticketOf(desk, 'g3@g.us'),
    ];
    const search = async (q: string, view: InboxView = 'all') => ids(await inbox(ctx, desk, { q, view }));

    expect(await search('maria')).toEqual([g1.id]); // customer name, any case
    expect(await search('LOPEZ')).toEqual([g1.id]);
    expect(await search('33612')).toEqual([g2.id]); // customer number
    expect(await search('+3933')).toEqual([g3.id]);
    expect(await search('paris off')).toEqual([g2.id]); // group name
    expect(await search('TONER')).toEqual([g1.id]); // message text
    expect(await search('Office')).toEqual([g3.id, g2.id, g1.id]);
    // Wildcards are the characters themselves: "100%" is not "1000", "_" is not any character.
    expect(await search('100%')).toEqual([g1.id]);
    expect(await search('00%')).toEqual([g1.id]);
    expect(await search('1_0')).toEqual([]);
    expect(await search('e_4')).toEqual([g3.id]);
    expect(await search('Rome_')).toEqual([g3.id]);
    expect(await search('Rome%')).toEqual([]);
    expect(await search('\\')).toEqual([]);
    // Under three characters: the ticket's own fields and number, never message text (decision 0021).
    expect(await search('lu')).toEqual([g3.id]);
    expect(await search('to')).toEqual([]);
    expect(await search('tone')).toEqual([g1.id]);
    // The ticket number, with or without "#"; a number that is no ticket finds only what contains it.
    expect(await search(`#${g2.id}`)).toEqual([g2.id]);
    expect(await search(String(g3.id))).toContain(g3.id);
    // Blank is no search; search and view together.
    expect(await search('  ')).toEqual([g3.id, g2.id, g1.id]);
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: g2.id, status: 'close' });
    expect(await search('Office', 'open')).toEqual([g3.id, g1.id]);
    expect(await search('Office', 'closed')).toEqual([g2.id]);
    // A search pages like the view.
    const first = await inbox(ctx, desk, { q: 'office', limit: 2 });
    expect(ids(first)).toEqual([g3.id, g2.id]);
    const next = await inbox(ctx, desk, { q: 'office', limit: 2, cursor: first.next_cursor });
    expect(ids(next)).toEqual([g1.id]);
    expect(next.next_cursor).toBeNull();
  });

  it('filters by label', async () => {
    const desk = await deskFixture(ctx);
    await desk.say({ groupId: 'a@g.us', timestamp: T0 });
    await desk.say({ groupId: 'b@g.us', timestamp: T0 + 1 });
    const a = await ticketOf(desk, 'a@g.us');
    const label = (
      await org<{ label: { id: number } }>(ctx.app, desk.user, 'saveLabel', {
        name: 'VIP',
        colour: '#ff0000',
      })
    ).body.label;
    await org(ctx.app, desk.user, 'setTicketLabels', { ticket_id: a.id, label_ids: [label.id] });
    const page = await inbox(ctx, desk, { label_id: label.id });
    expect(ids(page)).toEqual([a.id]);
    expect(page.tickets[0]?.labels).toEqual([{ id: label.id, name: 'VIP', colour: '#ff0000' }]);
  });

  it("never shows another organisation's tickets, in any view or search", async () => {
    const a = await deskFixture(ctx, ctx.app, 'a@example.com');
    const b = await deskFixture(ctx, ctx.app, 'b@example.com');
    await a.say({ groupId: 'same@g.us', timestamp: T0, name: 'Shared Name', body: 'secret of a' });
    await b.say({ groupId: 'same@g.us', timestamp: T0 + 1, name: 'Shared Name', body: 'words of b' });
    const [ticketA] = (await inbox(ctx, a)).tickets;
    if (!ticketA) throw new Error('no ticket');
    for (const view of ['all', 'open', 'unassigned'] as const)
      expect((await inbox(ctx, b, { view })).tickets.map((t) => t.last_message)).toEqual(['words of b']);
    expect(ids(await inbox(ctx, b, { q: 'secret' }))).toEqual([]);
    expect(ids(await inbox(ctx, b, { q: `#${ticketA.id}` }))).toEqual([]);
    expect((await inbox(ctx, b, { q: 'shared name' })).tickets.map((t) => t.last_message)).toEqual([
      'words of b',
    ]);
  });

  it("lists the customer's other tickets in any group and session, newest first", async () => {
    const desk = await deskFixture(ctx);
    const [other] = await ctx.db
      .insert(waSessions)
      .values({
        organisationId: desk.organisationId,
        name: 'Sales',
        description: 'second',
        phone: '4930000000001',
      })
      .returning();
    if (!other) throw new Error('no session');
    const carla = '4915112345678';
    await desk.say({ groupId: 'x@g.us', timestamp: T0, from: carla });
    await desk.say({ groupId: 'y@g.us', timestamp: T0 + 1, from: carla });
    await desk.say({ groupId: 'y@g.us', timestamp: T0 + 2, from: '4917000000000', name: 'Dora' });
    // Carla again, in the other session's group (a ticket the engine would make there).
    const [elsewhere] = await ctx.db
      .insert(tickets)
      .values({
        organisationId: desk.organisationId,
        sessionId: other.id,
        groupJid: 'z@g.us',
        groupName: 'Z',
        customer: 'Carla',
        customerNumber: `+${carla}`,
        lastMessage: 'hi from z',
        createdAt: new Date((T0 + 3) * 1000),
      })
      .returning({ id: tickets.id });
    const x = await ticketOf(desk, 'x@g.us');
    const all = (await inbox(ctx, desk)).tickets;
    const y = all.find((t) => t.group_id === 'y@g.us' && t.customer === 'Carla');
    const res = await org<Ticket[]>(ctx.app, desk.user, 'getCustomerTickets', { ticket_id: x.id });
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.id)).toEqual([elsewhere?.id, y?.id]);

    // Another organisation's ticket: not found, and its customer's tickets are not shown.
    const stranger = await deskFixture(ctx, ctx.app, 'z@example.com');
    await stranger.say({ groupId: 'x@g.us', timestamp: T0, from: carla });
    const refused = await org(ctx.app, stranger.user, 'getCustomerTickets', { ticket_id: x.id });
    expect(refused.status).toBe(404);
    const [own] = (await inbox(ctx, stranger)).tickets;
    const theirs = await org<Ticket[]>(ctx.app, stranger.user, 'getCustomerTickets', { ticket_id: own?.id });
    expect(theirs.body).toEqual([]);
  });

  it('keeps the inbox times right through merge and split', async () => {
    const desk = await deskFixture(ctx);
    await desk.groupMode('m@g.us', 'watch');
    await desk.say({ groupId: 'm@g.us', timestamp: T0, body: 'question one' });
    const first = await ticketOf(desk, 'm@g.us');
    await desk.say({ groupId: 'm@g.us', timestamp: T0 + 10, fromMe: true, body: 'answer one' });
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: first.id, status: 'close' });
    // After the reopen window: a follow-up ticket of the same group.
    await ctx.db.execute(sql`update organisations set reopen_days = 0 where id = ${desk.organisationId}`);
    await desk.say({ groupId: 'm@g.us', timestamp: T0 + 20, body: 'question two' });
    await desk.say({ groupId: 'm@g.us', timestamp: T0 + 30, body: 'hello?' });
    const second = (await inbox(ctx, desk, { view: 'open' })).tickets[0];
    if (!second) throw new Error('no follow-up');
    expect(second).toMatchObject({ last_customer_at: iso(T0 + 30), waiting_since: iso(T0 + 20) });

    // Merging the answered first ticket in: the newest customer message, and still waiting since T0 + 20.
    const merged = await org(ctx.app, desk.user, 'mergeTickets', {
      ticket_id: first.id,
      into_ticket_id: second.id,
    });
    expect(merged.status).toBe(200);
    expect(await ticketOf(desk, 'm@g.us')).toMatchObject({
      id: second.id,
      last_customer_at: iso(T0 + 30),
      waiting_since: iso(T0 + 20),
    });

    // Split from "question two": the earlier part was answered (closed), the later one waits.
    const details = await org<{ conversations: { id: number; message: string }[] }>(
      ctx.app,
      desk.user,
      'getTicketsDetails',
      { ticket_id: second.id },
    );
    const from = details.body.conversations.find((m) => m.message === 'question two');
    const split = await org<{ ticket: Ticket }>(ctx.app, desk.user, 'splitTicket', {
      ticket_id: second.id,
      from_message_id: from?.id,
    });
    expect(split.status).toBe(200);
    const page = (await inbox(ctx, desk)).tickets;
    expect(page.find((t) => t.id === split.body.ticket.id)).toMatchObject({
      last_customer_at: iso(T0 + 30),
      waiting_since: iso(T0 + 20),
    });
    expect(page.find((t) => t.id === second.id)).toMatchObject({
      status: 'close',
      last_customer_at: iso(T0),
      waiting_since: null,
    });
  });
});
