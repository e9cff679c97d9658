import {
  type BulkUpdateTicketsResponse,
  type InboxResponse,
  inboxMessages,
  type SaveLabelResponse,
  ticketMessages,
  workflowMessages,
} from '@wadesk/contract';
import { asc, ne } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { SignedIn } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { openEventStream } from '../../../test/helpers/event-stream';
import { teammate, userId } from '../../../test/helpers/team';
import { eventually } from '../../../test/helpers/whatsapp';
import { auditLog } from '../../db/schema';
import { createAuditRepository } from '../audit/audit.repository';
import { createAuditRecorder } from '../audit/audit.service';
import { createTicketMergeRepository } from '../tickets/ticket-merge.repository';
import { createTicketWorkflowRepository } from '../tickets/ticket-workflow.repository';
import { createTicketWorkflowService } from '../tickets/ticket-workflow.service';
import { createTicketsRepository } from '../tickets/tickets.repository';
import { createInboxRepository } from './inbox.repository';
import { createInboxService } from './inbox.service';

const T0 = 1_790_000_000;

describeEachDatabase('bulk changes from the inbox', (ctx) => {
  /** Three tickets of one organisation (oldest first), a teammate, and a stranger's ticket. */
  const desk = async () => {
    const fixture = await deskFixture(ctx);
    for (const [n, group] of ['a', 'b', 'c'].entries())
      await fixture.say({ groupId: `${group}@g.us`, timestamp: T0 + n });
    const page = await org<InboxResponse>(ctx.app, fixture.user, 'getInbox', {});
    const [c, b, a] = page.body.tickets.map((t) => t.id);
    if (!a || !b || !c) throw new Error('no tickets');
    const bo = await teammate(ctx.app, ctx.db, fixture.organisationId, 'bo@example.com');
    const stranger = await deskFixture(ctx, ctx.app, 'zed@example.com');
    await stranger.say({ groupId: 'a@g.us', timestamp: T0 });
    const strangers = (await org<InboxResponse>(ctx.app, stranger.user, 'getInbox', {})).body.tickets[0]?.id;
    if (!strangers) throw new Error('no stranger ticket');
    return { ...fixture, a, b, c, bo, stranger, strangers };
  };
  const bulk = (user: SignedIn, body: object) =>
    org<BulkUpdateTicketsResponse>(ctx.app, user, 'bulkUpdateTickets', body);
  const entries = () =>
    ctx.db.select().from(auditLog).where(ne(auditLog.action, 'auth.signed_in')).orderBy(asc(auditLog.id));

  it('assigns each ticket as assignTicket would: one audit entry and one event per ticket changed', async () => {
    const { user, a, b, c, bo, strangers } = await desk();
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openEventStream(ctx.app, bo.access_token);
    try {
      await eventually(() => stream.events.length > 0);
      const res = await bulk(user, {
        action: 'assign',
        ticket_ids: [a, strangers, c, 999_999],
        assignee_id: bo.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: inboxMessages.bulkDone(2) });
      expect(res.body.tickets.map((t) => [t.id, t.assignee])).toEqual([
        [a, { id: bo.id, name: 'Bob Kim' }],
        [c, { id: bo.id, name: 'Bob Kim' }],
      ]);
      // Another organisation's ticket and an unknown one: the single call's words, nothing changed.
      expect(res.body.skipped).toEqual([
        { ticket_id: strangers, message: ticketMessages.ticketNotFound },
        { ticket_id: 999_999, message: ticketMessages.ticketNotFound },
      ]);
      const updates = await eventually(() => {
        const seen = stream.events.flatMap((e) => (e.type === 'ticket.updated' ? [e] : []));
        return seen.length >= 2 ? seen : null;
      });
      expect(updates.map((e) => [e.change, e.ticket.id])).toEqual([
        ['assignee', a],
        ['assignee', c],
      ]);
    } finally {
      stream.close();
    }
    expect((await entries()).map((e) => [e.action, e.target, e.actorId])).toEqual([
      ['ticket.assigned', `Ticket #${a}`, expect.any(Number)],
      ['ticket.assigned', `Ticket #${c}`, expect.any(Number)],
    ]);
    const mine = await org<InboxResponse>(ctx.app, bo, 'getInbox', { view: 'mine' });
    expect(mine.body.tickets.map((t) => t.id)).toEqual([c, a]);

    // A member not in the organisation refuses the whole call and changes nothing; null unassigns.
    const refused = await bulk(user, { action: 'assign', ticket_ids: [a, b], assignee_id: 2 ** 31 - 1 });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: workflowMessages.memberNotFound });
    const unassigned = await bulk(user, { action: 'assign', ticket_ids: [a], assignee_id: null });
    expect(unassigned.body.tickets[0]?.assignee).toBeNull();
    expect((await entries()).length).toBe(3);
  });

  it('adds a label, keeping the others; a ticket that has it already is skipped', async () => {
    const { user, a, b, strangers } = await desk();
    const save = async (name: string) =>
      (await org<SaveLabelResponse>(ctx.app, user, 'saveLabel', { name, colour: '#ff0000' })).body.label;
    const vip = await save('VIP');
    const urgent = await save('Urgent');
    await org(ctx.app, user, 'setTicketLabels', { ticket_id: a, label_ids: [vip.id] });
    await org(ctx.app, user, 'setTicketLabels', { ticket_id: b, label_ids: [urgent.id] });
    const before = (await entries()).length;
    const res = await bulk(user, { action: 'label', ticket_ids: [a, b, strangers], label_id: vip.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(inboxMessages.bulkDone(1));
    expect(res.body.tickets.map((t) => [t.id, t.labels.map((l) => l.name)])).toEqual([
      [b, ['Urgent', 'VIP']],
    ]);
    expect(res.body.skipped).toEqual([
      { ticket_id: a, message: inboxMessages.labelAlreadyOn },
      { ticket_id: strangers, message: ticketMessages.ticketNotFound },
    ]);
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.target, e.details])).toEqual([
      ['ticket.labels_changed', `Ticket #${b}`, { from: ['Urgent'], to: ['Urgent', 'VIP'] }],
    ]);
    // A label that is not the organisation's refuses the call.
    const refused = await bulk(user, { action: 'label', ticket_ids: [a], label_id: vip.id + 100 });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: workflowMessages.labelNotFound });
  });

  it('adds the label to what the ticket has when it is added: labels set meanwhile stay', async () => {
    const { user, organisationId, a, b } = await desk();
    const save = async (name: string) =>
      (await org<SaveLabelResponse>(ctx.app, user, 'saveLabel', { name, colour: '#ff0000' })).body.label;
    const [vip, urgent, late] = [await save('VIP'), await save('Urgent'), await save('Late')];
    await org(ctx.app, user, 'setTicketLabels', { ticket_id: b, label_ids: [urgent.id] });
    // The inbox and the tickets module's calls as the app wires them, with another member's single calls
    // landing after the bulk change read its tickets: Late joins b, and VIP is put on a.
    const inboxRepo = createInboxRepository(ctx.db);
    const announced: [string, number, string[]][] = [];
    const workflowRepo = createTicketWorkflowRepository(ctx.db);
    const workflow = createTicketWorkflowService({
      tickets: createTicketsRepository(ctx.db),
      repo: workflowRepo,
      merges: createTicketMergeRepository(ctx.db, { moveToTicket: async () => {} }),
      clock: ctx.clock,
      audit: createAuditRecorder({
        repo: createAuditRepository(ctx.db),
        onError: (error) => {
          throw error;
        },
      }),
      onChange: (_, change, ticket) => announced.push([change, ticket.id, ticket.labels.map((l) => l.name)]),
    });
    const inbox = createInboxService({
      repo: {
        ...inboxRepo,
        async views(organisation, ids) {
          const read = await inboxRepo.views(organisation, ids);
          await org(ctx.app, user, 'setTicketLabels', { ticket_id: b, label_ids: [urgent.id, late.id] });
          await org(ctx.app, user, 'setTicketLabels', { ticket_id: a, label_ids: [vip.id] });
          return read;
        },
      },
      actions: {
        assign: workflow.assign,
        addLabel: workflow.addLabel,
        updateStatus: () => Promise.reject(new Error('no status change in this test')),
      },
      checks: workflowRepo,
    });
    const before = (await entries()).length;
    const actor = { id: await userId(ctx.db, 'ann@example.com'), organisationId };
    const res = await inbox.bulkUpdate(actor, { action: 'label', ticket_ids: [a, b], label_id: vip.id });

    expect(res.tickets.map((t) => [t.id, t.labels.map((l) => l.name)])).toEqual([
      [b, ['Late', 'Urgent', 'VIP']],
    ]);
    expect(res.skipped).toEqual([{ ticket_id: a, message: inboxMessages.labelAlreadyOn }]);
    expect(announced).toEqual([['labels', b, ['Late', 'Urgent', 'VIP']]]);
    // The single calls' two entries, then the bulk change's: what it changed, from what b had then.
    expect((await entries()).slice(before + 2).map((e) => [e.action, e.target, e.details])).toEqual([
      ['ticket.labels_changed', `Ticket #${b}`, { from: ['Late', 'Urgent'], to: ['Late', 'Urgent', 'VIP'] }],
    ]);
    const stored = await org<InboxResponse>(ctx.app, user, 'getInbox', {});
    expect(stored.body.tickets.map((t) => [t.id, t.labels.map((l) => l.name)])).toEqual([
      [expect.any(Number), []],
      [b, ['Late', 'Urgent', 'VIP']],
      [a, ['VIP']],
    ]);
  });

  it('closes each ticket as updateTicketStatus would; a closed one is skipped', async () => {
    const { user, a, b, c, stranger, strangers } = await desk();
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: c, status: 'close' });
    const before = (await entries()).length;
    const res = await bulk(user, { action: 'close', ticket_ids: [a, b, c, strangers] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: inboxMessages.bulkDone(2) });
    expect(res.body.tickets.map((t) => [t.id, t.status])).toEqual([
      [a, 'close'],
      [b, 'close'],
    ]);
    expect(res.body.skipped).toEqual([
      { ticket_id: c, message: inboxMessages.alreadyClosed },
      { ticket_id: strangers, message: ticketMessages.ticketNotFound },
    ]);
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.target, e.details])).toEqual([
      ['ticket.status_changed', `Ticket #${a}`, { from: 'open', to: 'close' }],
      ['ticket.status_changed', `Ticket #${b}`, { from: 'open', to: 'close' }],
    ]);
    const open = await org<InboxResponse>(ctx.app, user, 'getInbox', { view: 'open' });
    expect(open.body.tickets).toEqual([]);
    // Nothing left to change: every ticket skipped.
    const again = await bulk(user, { action: 'close', ticket_ids: [a] });
    expect(again.body).toMatchObject({ success: false, message: inboxMessages.bulkDone(0), tickets: [] });
    // The stranger's ticket is untouched.
    const theirs = await org<InboxResponse>(ctx.app, stranger.user, 'getInbox', { view: 'open' });
    expect(theirs.body.tickets.map((t) => t.id)).toEqual([strangers]);
  });
});
