import type {
  AddTicketNoteResponse,
  Label,
  SaveLabelResponse,
  Ticket,
  TicketChangeResponse,
  TicketDetailsResponse,
} from '@wadesk/contract';
import { MAX_LABELS, MAX_TICKET_NOTES, workflowMessages } from '@wadesk/contract';
import { asc, eq, ne } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { openEventStream } from '../../../test/helpers/event-stream';
import { teammate, userId } from '../../../test/helpers/team';
import { eventually } from '../../../test/helpers/whatsapp';
import { auditLog, labels, ticketLabels, ticketNotes, tickets, users } from '../../db/schema';

describeEachDatabase('working a ticket: assignee, notes, labels', (ctx) => {
  const desk = async () => {
    const fixture = await deskFixture(ctx);
    await fixture.say({ body: 'my printer is on fire', groupId: '1@g.us' });
    await fixture.say({ body: 'the fax too', groupId: '2@g.us' });
    const list = (await org<Ticket[]>(ctx.app, fixture.user, 'getTickets')).body;
    const [second, first] = list;
    if (!first || !second) throw new Error('no tickets');
    const ownerId = await userId(ctx.db, 'ann@example.com');
    const bo = await teammate(ctx.app, ctx.db, fixture.organisationId, 'bo@example.com');
    return { ...fixture, first, second, ownerId, bo };
  };
  // The tickets' own entries: signing up and in leaves the auth module's.
  const ticketEntries = () =>
    ctx.db.select().from(auditLog).where(ne(auditLog.action, 'auth.signed_in')).orderBy(asc(auditLog.id));
  const actions = async () => (await ticketEntries()).map((entry) => entry.action);

  it('lets any member take, reassign and unassign a ticket, and filters by assignee', async () => {
    const { user, first, second, ownerId, bo } = await desk();
    expect(first).toMatchObject({ assignee: null, answered_by: null, labels: [] });

    const taken = await org<TicketChangeResponse>(ctx.app, bo, 'assignTicket', {
      ticket_id: first.id,
      assignee_id: bo.id,
    });
    expect(taken.status).toBe(200);
    expect(taken.body.ticket.assignee).toEqual({ id: bo.id, name: 'Bob Kim' });

    const mine = await org<Ticket[]>(ctx.app, bo, 'getTickets', { assignee: 'me' });
    expect(mine.body.map((t) => t.id)).toEqual([first.id]);
    const ownerMine = await org<Ticket[]>(ctx.app, user, 'getTickets', { assignee: 'me' });
    expect(ownerMine.body).toEqual([]);
    const unassigned = await org<Ticket[]>(ctx.app, user, 'getTickets', { assignee: 'unassigned' });
    expect(unassigned.body.map((t) => t.id)).toEqual([second.id]);
    const everyone = await org<Ticket[]>(ctx.app, user, 'getTickets');
    expect(everyone.body.find((t) => t.id === first.id)?.assignee).toEqual({ id: bo.id, name: 'Bob Kim' });

    const reassigned = await org<TicketChangeResponse>(ctx.app, bo, 'assignTicket', {
      ticket_id: first.id,
      assignee_id: ownerId,
    });
    expect(reassigned.body.ticket.assignee).toEqual({ id: ownerId, name: 'Ann Lee' });
    const dropped = await org<TicketChangeResponse>(ctx.app, user, 'assignTicket', {
      ticket_id: first.id,
      assignee_id: null,
    });
    expect(dropped.body.ticket.assignee).toBeNull();
    // Unassigning again changes nothing and is not recorded twice.
    await org(ctx.app, user, 'assignTicket', { ticket_id: first.id, assignee_id: null });
    expect(await actions()).toEqual(['ticket.assigned', 'ticket.assigned', 'ticket.assigned']);
  });

  it("refuses another organisation's member as assignee and another organisation's ticket", async () => {
    const { user, first } = await desk();
    const stranger = await signUp(ctx.app, { email: 'zed@example.com' });
    const strangerId = await userId(ctx.db, 'zed@example.com');
    const res = await org<{ message: string }>(ctx.app, user, 'assignTicket', {
      ticket_id: first.id,
      assignee_id: strangerId,
    });
    expect(res).toMatchObject({ status: 404, body: { message: workflowMessages.memberNotFound } });
    for (const call of ['assignTicket', 'addTicketNote', 'setTicketLabels']) {
      const refused = await org(ctx.app, stranger, call, {
        ticket_id: first.id,
        assignee_id: strangerId,
        body: 'hi',
        label_ids: [],
      });
      expect(refused.status, call).toBe(404);
    }
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, first.id));
    expect(row?.assigneeId).toBeNull();
    expect(await ctx.count(ticketNotes)).toBe(0);
    expect(await actions()).toEqual([]);
  });

  it('keeps internal notes with their author, oldest first, in the details', async () => {
    const { user, first, bo } = await desk();
    const added = await org<AddTicketNoteResponse>(ctx.app, user, 'addTicketNote', {
      ticket_id: first.id,
      body: '  Customer is a VIP  ',
    });
    expect(added.status).toBe(201);
    expect(added.body.note).toMatchObject({ author_name: 'Ann Lee', body: 'Customer is a VIP' });
    await org(ctx.app, bo, 'addTicketNote', { ticket_id: first.id, body: 'Called them back' });
    const details = await org<TicketDetailsResponse>(ctx.app, user, 'getTicketsDetails', {
      ticket_id: first.id,
    });
    expect(details.body.notes.map((n) => [n.author_name, n.body])).toEqual([
      ['Ann Lee', 'Customer is a VIP'],
      ['Bob Kim', 'Called them back'],
    ]);
    expect(details.body.conversations[0]?.wa_id).toMatch(/^3EB0TEST/);
    expect(await actions()).toEqual(['ticket.note_added', 'ticket.note_added']);
  });

  it('lets admins manage labels and members put them on tickets and filter by them', async () => {
    const { user, first, second, bo, organisationId } = await desk();
    const save = (body: object, who = user) => org<SaveLabelResponse>(ctx.app, who, 'saveLabel', body);
    const urgent = (await save({ name: 'Urgent', colour: '#D32F2F' })).body.label;
    expect(urgent).toMatchObject({ name: 'Urgent', colour: '#d32f2f' });
    const billing = (await save({ name: 'Billing', colour: '#1565c0' })).body.label;
    expect((await save({ name: 'urgent', colour: '#000000' })).status).toBe(409);
    expect((await save({ name: 'Refund', colour: '#000000' }, bo)).status).toBe(403);
    const renamed = await save({ id: billing.id, name: 'Invoices', colour: '#1565c0' });
    expect(renamed.body.label.name).toBe('Invoices');
    const list = await org<Label[]>(ctx.app, bo, 'getLabels');
    expect(list.body.map((l) => l.name)).toEqual(['Invoices', 'Urgent']);

    const set = await org<TicketChangeResponse>(ctx.app, bo, 'setTicketLabels', {
      ticket_id: first.id,
      label_ids: [urgent.id, billing.id],
    });
    expect(set.status).toBe(200);
    expect(set.body.ticket.labels.map((l) => l.name)).toEqual(['Invoices', 'Urgent']);
    const filtered = await org<Ticket[]>(ctx.app, bo, 'getTickets', { label_id: urgent.id });
    expect(filtered.body.map((t) => [t.id, t.labels.length])).toEqual([[first.id, 2]]);
    const other = await org<Ticket[]>(ctx.app, bo, 'getTickets', { label_id: urgent.id, assignee: 'me' });
    expect(other.body).toEqual([]);

    // Another organisation's label is not found, and nothing changes.
    const stranger = await signUp(ctx.app, { email: 'zed@example.com' });
    const theirs = (await save({ name: 'Theirs', colour: '#123456' }, stranger)).body.label;
    const refused = await org(ctx.app, bo, 'setTicketLabels', {
      ticket_id: second.id,
      label_ids: [theirs.id],
    });
    expect(refused.status).toBe(404);
    expect((await org(ctx.app, stranger, 'deleteLabel', { label_id: urgent.id })).status).toBe(404);
    expect((await save({ id: urgent.id, name: 'Mine', colour: '#123456' }, stranger)).status).toBe(404);

    const deleted = await org(ctx.app, user, 'deleteLabel', { label_id: urgent.id });
    expect(deleted.status).toBe(200);
    const after = await org<TicketDetailsResponse>(ctx.app, bo, 'getTicketsDetails', { ticket_id: first.id });
    expect(after.body.ticket.labels.map((l) => l.name)).toEqual(['Invoices']);
    await org(ctx.app, bo, 'setTicketLabels', { ticket_id: first.id, label_ids: [] });
    expect(await ctx.db.select().from(ticketLabels)).toEqual([]);
    const ours = await ctx.db.select().from(labels).where(eq(labels.organisationId, organisationId));
    expect(ours.map((l) => l.name)).toEqual(['Invoices']);
    expect(await actions()).toEqual([
      'label.saved',
      'label.saved',
      'label.saved',
      'ticket.labels_changed',
      'label.saved',
      'label.deleted',
      'ticket.labels_changed',
    ]);
  });

  it('an organisation has at most 200 labels: one more is refused in words, even when two are made at once', async () => {
    const user = await signUp(ctx.app);
    const organisationId = (await ctx.db.select().from(users))[0]?.organisationId as number;
    const names = (from: number, count: number) => Array.from({ length: count }, (_, i) => `L${from + i}`);
    await ctx.db
      .insert(labels)
      .values(names(1, MAX_LABELS - 1).map((name) => ({ organisationId, name, colour: '#123456' })));
    const save = (body: object) => org<SaveLabelResponse>(ctx.app, user, 'saveLabel', body);
    const results = await Promise.all(names(1000, 3).map((name) => save({ name, colour: '#654321' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body).toEqual({ message: workflowMessages.tooManyLabels });
    expect(workflowMessages.tooManyLabels).toMatch(/has 200 labels, the most it can have/);
    expect(await ctx.count(labels)).toBe(MAX_LABELS);
    // At the cap a label can still be renamed; deleting one makes room for another.
    const [first] = await ctx.db.select().from(labels).where(eq(labels.name, 'L1'));
    expect((await save({ id: first?.id, name: 'Renamed', colour: '#123456' })).status).toBe(200);
    await org(ctx.app, user, 'deleteLabel', { label_id: first?.id });
    expect((await save({ name: 'One more', colour: '#123456' })).status).toBe(200);
  });

  it('a ticket has at most 200 notes: one more is refused in words, even when two are added at once', async () => {
    const { user, first, second, ownerId } = await desk();
    await ctx.db.insert(ticketNotes).values(
      Array.from({ length: MAX_TICKET_NOTES - 1 }, (_, i) => ({
        ticketId: first.id,
        userId: ownerId,
        authorName: 'Ann Lee',
        body: `note ${i}`,
      })),
    );
    const add = (body: string, ticketId = first.id) =>
      org<AddTicketNoteResponse>(ctx.app, user, 'addTicketNote', { ticket_id: ticketId, body });
    const results = await Promise.all(['a', 'b', 'c'].map((body) => add(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body).toEqual({ message: workflowMessages.tooManyNotes });
    expect(workflowMessages.tooManyNotes).toMatch(/has 200 notes, the most a ticket can have/);
    const count = async (ticketId: number) =>
      (await ctx.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).length;
    expect(await count(first.id)).toBe(MAX_TICKET_NOTES);
    expect(await actions()).toEqual(['ticket.note_added']);
    // The cap is the ticket's: the organisation's other tickets take notes as before.
    expect((await add('elsewhere', second.id)).status).toBe(201);
  });

  it('tells open dashboards about each change', async () => {
    const { user, first, bo } = await desk();
    const label = (
      await org<SaveLabelResponse>(ctx.app, user, 'saveLabel', { name: 'VIP', colour: '#ff0000' })
    ).body.label;
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openEventStream(ctx.app, bo.access_token);
    try {
      await eventually(() => stream.events.length > 0);
      await org(ctx.app, user, 'assignTicket', { ticket_id: first.id, assignee_id: bo.id });
      await org(ctx.app, user, 'addTicketNote', { ticket_id: first.id, body: 'hi' });
      await org(ctx.app, user, 'setTicketLabels', { ticket_id: first.id, label_ids: [label.id] });
      const seen = await eventually(() => {
        const updates = stream.events.flatMap((e) => (e.type === 'ticket.updated' ? [e] : []));
        return updates.length >= 3 ? updates : null;
      });
      expect(seen.map((e) => e.change)).toEqual(['assignee', 'note', 'labels']);
      expect(seen[0]).toMatchObject({ ticket: { id: first.id, assignee: { id: bo.id, name: 'Bob Kim' } } });
      expect(seen[2]).toMatchObject({ ticket: { labels: [{ name: 'VIP' }], assignee: { name: 'Bob Kim' } } });
    } finally {
      stream.close();
    }
  });

  it('records status changes in the audit log', async () => {
    const { bo, first } = await desk();
    await org(ctx.app, bo, 'updateTicketStatus', { ticket_id: first.id, status: 'close' });
    const [entry] = await ticketEntries();
    expect(entry).toMatchObject({
      action: 'ticket.status_changed',
      actorId: bo.id,
      target: `Ticket #${first.id}`,
      details: { from: 'open', to: 'close' },
    });
  });
});
