import type { GroupsResponse } from '@wadesk/contract';
import { asc, eq, ne } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { auditLog, deskReplies, ticketMessages, tickets, users, waGroups } from '../../db/schema';

const GROUP = '120363000000000001@g.us';

describeWithDatabase('group ticket mode', (ctx) => {
  /** The entries of this module's actions: the sign-up's own sign-in entry is the auth module's. */
  const notSignIns = () =>
    ctx.db.select().from(auditLog).where(ne(auditLog.action, 'auth.signed_in')).orderBy(asc(auditLog.id));

  async function setUp() {
    const desk = await deskFixture(ctx);
    // A group stored before decision 0020 kept its mode: one ticket for the whole group.
    await desk.groupMode(GROUP, 'watch');
    await desk.say({ groupName: 'Community', body: 'first question', from: '4915100000001' });
    const setMode = (mode: string, user = desk.user) =>
      post(ctx.app, user, '/api/setGroupMode/', { session_id: desk.sessionId, group_id: GROUP, mode });
    const group = async () =>
      (await post<GroupsResponse>(ctx.app, desk.user, '/api/getGroups/')).body.groups.find(
        (g) => g.group_id === GROUP,
      );
    const [me] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    if (!me) throw new Error('no user');
    return { ...desk, userId: me.id, setMode, group };
  }

  it('lists each group with its mode and active tickets; the mode applies to the next message', async () => {
    const { say, setMode, group, organisationId, userId } = await setUp();
    expect(await group()).toMatchObject({ ticket_mode: 'watch', open_tickets: 1 });

    const events: unknown[] = [];
    const off = internalsOf(ctx.app).bus.on('group.mode', (event) => events.push(event));
    expect(await setMode('per_customer')).toMatchObject({
      status: 200,
      body: { success: true, ticket_mode: 'per_customer' },
    });
    off();
    expect(events).toEqual([
      { organisationId, sessionId: expect.any(String), groupId: GROUP, mode: 'per_customer' },
    ]);
    await say({ groupName: 'Community', body: 'carla', from: '4915100000001' });
    await say({ groupName: 'Community', body: 'diego', from: '4915100000002' });
    // The watch ticket opened before the change stays open beside the two per-customer ones.
    expect(await group()).toMatchObject({ ticket_mode: 'per_customer', open_tickets: 3 });

    await setMode('ignore');
    await say({ groupName: 'Community', body: 'ignored', from: '4915100000003' });
    expect(await ctx.count(tickets)).toBe(3);
    expect(await group()).toMatchObject({ ticket_mode: 'ignore', open_tickets: 3 });

    const entries = await notSignIns();
    expect(entries.map((e) => [e.action, e.actorId, e.target, e.details])).toEqual([
      [
        'group.mode_changed',
        userId,
        'Community',
        expect.objectContaining({ from: 'watch', to: 'per_customer' }),
      ],
      [
        'group.mode_changed',
        userId,
        'Community',
        expect.objectContaining({ from: 'per_customer', to: 'ignore' }),
      ],
    ]);
  });

  it("refuses a bad mode, another organisation's group and a member, changing nothing", async () => {
    const { setMode, sessionId } = await setUp();
    expect(await setMode('loud')).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    const other = await signUp(ctx.app, { email: 'eve@example.com' });
    expect((await setMode('ignore', other)).status).toBe(404);
    expect(
      (
        await post(ctx.app, other, '/api/setGroupMode/', {
          session_id: sessionId,
          group_id: 'x@g.us',
          mode: 'ignore',
        })
      ).status,
    ).toBe(404);
    const [row] = await ctx.db.select().from(waGroups).where(eq(waGroups.jid, GROUP));
    expect(row?.ticketMode).toBe('watch');
    expect(await notSignIns()).toEqual([]);
  });

  it('a reply the desk sent is attributed to its member from the queue, assigns them, and is audited', async () => {
    const { say, sessionId, organisationId, userId } = await setUp();
    await ctx.db.insert(deskReplies).values({
      organisationId,
      sessionId,
      groupJid: GROUP,
      waId: 'DESKREPLY0001',
      userId: userId,
      body: 'on it',
      content: '{}',
    });
    await say({ groupName: 'Community', fromMe: true, id: 'DESKREPLY0001', body: 'on it' });
    const [ticket] = await ctx.db.select().from(tickets);
    expect(ticket).toMatchObject({ assigneeId: userId, status: 'in_progress' });
    expect(ticket?.answeredBy).toBeTruthy();
    const [reply] = await ctx.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.waId, 'DESKREPLY0001'));
    expect(reply).toMatchObject({ sentByUserId: userId, senderName: ticket?.answeredBy, isBusiness: true });
    const entries = await notSignIns();
    expect(entries.map((e) => [e.action, e.actorId, e.target, e.details])).toEqual([
      ['ticket.assigned', null, `Ticket #${ticket?.id}`, expect.anything()],
      // The move of the transition table (decision 0020), by nobody: WhatsApp did it.
      [
        'ticket.status_changed',
        null,
        `Ticket #${ticket?.id}`,
        { from: 'open', to: 'in_progress', reason: 'the first staff reply', wa_id: 'DESKREPLY0001' },
      ],
    ]);
  });
});
