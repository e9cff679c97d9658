import type { Ticket } from '@wadesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { internalsOf } from '../../app-internals';
import { ticketMessages, tickets, waContacts, waGroups, waMessages } from '../../db/schema';
import type { ContactInfo } from '../../whatsapp/driver';
import type { LiveMessage } from '../messages/group-message';

// LID-addressed groups name senders by LID only; the phone number behind one comes from the pairs the
// driver reports (contacts, group members). These tests store messages through the real ingest and let
// the ticket engine apply them from the queue.

const GROUP = '120363111111111111@g.us';
const CARLA = { lid: '201111111111111@lid', phone: '4915111111111' };
const DEV = { lid: '202222222222222@lid', phone: '4915122222222' };
const OMAR = { lid: '203333333333333@lid', phone: '4915133333333' };
const pn = (phone: string) => `${phone}@s.whatsapp.net`;

type Desk = Awaited<ReturnType<typeof deskFixture>>;

/** The group as the phone reports it: LID-addressed, with its member list or without (null). */
async function lidGroup(ctx: TestContext, desk: Desk, participants: ContactInfo[] | null, jid = GROUP) {
  await internalsOf(ctx.app).messageStore.saveGroups(
    { id: desk.sessionId, organisationId: desk.organisationId },
    [{ jid, name: 'Store Managers', addressingMode: 'lid', size: 3, participants }],
    false,
  );
}

async function ticketsOf(ctx: TestContext, desk: Desk) {
  return ctx.db
    .select()
    .from(tickets)
    .where(eq(tickets.organisationId, desk.organisationId))
    .orderBy(asc(tickets.id));
}

async function ticketMessagesOf(ctx: TestContext, desk: Desk) {
  return ctx.db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.sessionId, desk.sessionId))
    .orderBy(asc(ticketMessages.id));
}

async function authorAlt(ctx: TestContext, desk: Desk, waId: string) {
  const [row] = await ctx.db
    .select({ authorAlt: waMessages.authorAlt })
    .from(waMessages)
    .where(and(eq(waMessages.sessionId, desk.sessionId), eq(waMessages.waId, waId)));
  return row?.authorAlt;
}

describeEachDatabase('LID senders and their phone numbers', (ctx) => {
  it('gives a LID sender the number its group members list: stored, published and on the ticket', async () => {
    const desk = await deskFixture(ctx);
    await lidGroup(ctx, desk, [
      { jid: CARLA.lid, name: null, altJid: pn(CARLA.phone) },
      { jid: DEV.lid, name: null, altJid: pn(DEV.phone) },
    ]);
    const published: LiveMessage[] = [];
    const stop = internalsOf(ctx.app).bus.on('message.live', (event) => void published.push(event));

    const id = await desk.say({ groupId: GROUP, lid: CARLA.lid, name: 'Carla', body: 'my order is late' });
    stop();

    expect(await authorAlt(ctx, desk, id)).toBe(pn(CARLA.phone));
    expect(published.map((p) => [p.message.author, p.message.authorNumber])).toEqual([
      [CARLA.lid, CARLA.phone],
    ]);
    const [ticket] = await ticketsOf(ctx, desk);
    expect(ticket).toMatchObject({ customer: 'Carla', customerNumber: `+${CARLA.phone}`, status: 'open' });
    expect((await ticketMessagesOf(ctx, desk)).map((m) => m.sender)).toEqual([`+${CARLA.phone}`]);
  });

  it("counts an agent's LID-only message as a reply once the agent's pair is known from contacts", async () => {
    const desk = await deskFixture(ctx);
    await org(ctx.app, desk.user, 'addAgent', { agent_name: 'Dev', agent_number: `+${DEV.phone}` });
    await lidGroup(ctx, desk, null);
    await lidGroup(ctx, desk, null, 'quiet@g.us');
    // As a phone's contact list reports it: the phone-number JID, with the LID as its other address.
    await internalsOf(ctx.app).messageStore.saveContacts(desk.sessionId, [
      { jid: pn(DEV.phone), name: 'Dev', altJid: DEV.lid },
    ]);

    await desk.say({ groupId: GROUP, lid: CARLA.lid, name: 'Carla', body: 'hello?' });
    const reply = await desk.say({ groupId: GROUP, lid: DEV.lid, name: 'Dev', body: 'on it' });
    // An agent writing first in a group opens no ticket.
    await desk.say({ groupId: 'quiet@g.us', lid: DEV.lid, name: 'Dev', body: 'morning all' });

    const all = await ticketsOf(ctx, desk);
    expect(all).toHaveLength(1);
    expect(all[0]?.status).toBe('in_progress');
    expect(all[0]?.firstResponseAt).not.toBeNull();
    expect((await ticketMessagesOf(ctx, desk)).map((m) => [m.sender, m.isBusiness])).toEqual([
      [null, false],
      [`+${DEV.phone}`, true],
    ]);
    expect(await authorAlt(ctx, desk, reply)).toBe(pn(DEV.phone));
  });

  it('fills a pair learned later into stored messages and tickets, without reclassifying them', async () => {
    const desk = await deskFixture(ctx);
    await org(ctx.app, desk.user, 'addAgent', { agent_name: 'Dev', agent_number: `+${DEV.phone}` });
    await lidGroup(ctx, desk, null);
    await lidGroup(ctx, desk, null, 'other@g.us');
    await desk.groupMode(GROUP, 'watch');
    await desk.groupMode('other@g.us', 'watch');
    const asked = await desk.say({ groupId: GROUP, lid: CARLA.lid, name: null, body: 'refund please' });
    const again = await desk.say({ groupId: GROUP, lid: CARLA.lid, name: null, body: 'hello?' });
    const omar = await desk.say({ groupId: GROUP, lid: OMAR.lid, name: 'Omar', body: 'me too' });
    // The agent, not yet known under this LID, opens a ticket as if a customer.
    await desk.say({ groupId: 'other@g.us', lid: DEV.lid, name: 'Dev', body: 'anyone there?' });
    const [first] = await ticketsOf(ctx, desk);
    if (!first) throw new Error('no ticket');
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: first.id, status: 'in_progress' });
    const before = await ticketsOf(ctx, desk);
    expect(before.map((t) => t.customerNumber)).toEqual([null, null]);

    // The group's member list arrives with the pairs of Carla and Dev (not Omar's).
    await lidGroup(ctx, desk, [
      { jid: CARLA.lid, name: null, altJid: pn(CARLA.phone) },
      { jid: DEV.lid, name: null, altJid: pn(DEV.phone) },
      { jid: OMAR.lid, name: null, altJid: null },
    ]);

    expect(await authorAlt(ctx, desk, asked)).toBe(pn(CARLA.phone));
    expect(await authorAlt(ctx, desk, again)).toBe(pn(CARLA.phone));
    expect(await authorAlt(ctx, desk, omar)).toBeNull();
    const after = await ticketsOf(ctx, desk);
    expect(after).toEqual([
      { ...before[0], customerNumber: `+${CARLA.phone}`, customer: `+${CARLA.phone}` },
      // Opened by the agent's message: it keeps its customer name, status and times.
      { ...before[1], customerNumber: `+${DEV.phone}` },
    ]);
    expect(after[0]?.status).toBe('in_progress');
    expect(after[1]?.status).toBe('open');
    expect((await ticketMessagesOf(ctx, desk)).map((m) => [m.sender, m.senderName, m.isBusiness])).toEqual([
      [`+${CARLA.phone}`, `+${CARLA.phone}`, false],
      [`+${CARLA.phone}`, `+${CARLA.phone}`, false],
      [null, 'Omar', false],
      [`+${DEV.phone}`, 'Dev', false],
    ]);
    // And what the dashboard shows.
    const listed = (await org<Ticket[]>(ctx.app, desk.user, 'getTickets')).body;
    expect(listed.map((t) => t.customer_number).sort()).toEqual([`+${CARLA.phone}`, `+${DEV.phone}`]);
  });

  it('fills the number when the pair is learned while the engine works on the message', async () => {
    const desk = await deskFixture(ctx);
    await lidGroup(ctx, desk, null);
    // The pair arrives just after the engine claimed the message, before it wrote the ticket: the fill
    // that the pair starts finds no ticket yet.
    const store = internalsOf(ctx.app).messageStore;
    const claim = store.claimLive;
    store.claimLive = async (...args) => {
      const claimed = await claim(...args);
      if (claimed.length > 0)
        await store.saveContacts(desk.sessionId, [{ jid: CARLA.lid, name: null, altJid: pn(CARLA.phone) }]);
      return claimed;
    };
    await desk.say({ groupId: GROUP, lid: CARLA.lid, name: null, body: 'refund please' });
    store.claimLive = claim;

    expect((await ticketsOf(ctx, desk)).map((t) => t.customerNumber)).toEqual([`+${CARLA.phone}`]);
    expect((await ticketMessagesOf(ctx, desk)).map((m) => m.sender)).toEqual([`+${CARLA.phone}`]);
  });

  it("changes nothing in another organisation's session when a pair is learned", async () => {
    const a = await deskFixture(ctx, ctx.app, 'a@example.com');
    const b = await deskFixture(ctx, ctx.app, 'b@example.com');
    for (const desk of [a, b]) {
      await lidGroup(ctx, desk, null);
      await desk.say({ groupId: GROUP, lid: CARLA.lid, name: 'Carla', body: 'hi', id: 'SAME' });
    }

    await internalsOf(ctx.app).messageStore.saveContacts(a.sessionId, [
      { jid: CARLA.lid, name: null, altJid: pn(CARLA.phone) },
    ]);

    expect(await authorAlt(ctx, a, 'SAME')).toBe(pn(CARLA.phone));
    expect((await ticketsOf(ctx, a))[0]?.customerNumber).toBe(`+${CARLA.phone}`);
    expect((await ticketMessagesOf(ctx, a))[0]?.sender).toBe(`+${CARLA.phone}`);
    expect(await authorAlt(ctx, b, 'SAME')).toBeNull();
    expect((await ticketsOf(ctx, b))[0]?.customerNumber).toBeNull();
    expect((await ticketMessagesOf(ctx, b))[0]?.sender).toBeNull();
    expect(await ctx.db.select().from(waContacts).where(eq(waContacts.sessionId, b.sessionId))).toEqual([
      { sessionId: b.sessionId, jid: CARLA.lid, name: 'Carla', altJid: null },
    ]);
  });

  it('a per-customer ticket keyed by a LID takes the number when the pair is learned, and keeps the customer', async () => {
    const desk = await deskFixture(ctx);
    await lidGroup(ctx, desk, null);
    await ctx.db.update(waGroups).set({ ticketMode: 'per_customer' }).where(eq(waGroups.jid, GROUP));
    await desk.say({ groupId: GROUP, lid: CARLA.lid, name: 'Carla', body: 'where is my refund?' });
    expect((await ticketsOf(ctx, desk)).map((t) => t.customerKey)).toEqual([CARLA.lid]);

    await internalsOf(ctx.app).messageStore.saveContacts(desk.sessionId, [
      { jid: CARLA.lid, name: null, altJid: pn(CARLA.phone) },
    ]);
    expect((await ticketsOf(ctx, desk)).map((t) => t.customerKey)).toEqual([`+${CARLA.phone}`]);
    // Her next message, now known by number, joins the same ticket instead of opening a second one.
    await desk.say({ groupId: GROUP, lid: CARLA.lid, name: 'Carla', body: 'any news?' });
    const after = await ticketsOf(ctx, desk);
    expect(after).toHaveLength(1);
    expect(after[0]?.lastMessage).toBe('any news?');
  });
});
