import type { GroupsResponse, MarkGroupReadResponse, SessionGroup } from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { post } from '../../../test/helpers/whatsapp';
import { waGroups } from '../../db/schema';

const ALPHA = '120363000000000011@g.us';
const BETA = '120363000000000012@g.us';
const GAMMA = '120363000000000013@g.us';

describeWithDatabase('the group list: last message, unread count, marking read', (ctx) => {
  // Messages from a little ahead: newer than the moment the desk first saw their groups.
  const base = Math.floor(Date.now() / 1000) + 100;

  async function desk(email = 'ann@example.com') {
    const fixture = await deskFixture(ctx, ctx.app, email);
    const list = async () =>
      (await post<GroupsResponse>(ctx.app, fixture.user, '/api/getGroups/')).body.groups;
    const byName = async (name: string) =>
      (await list()).find((group) => group.name === name) as SessionGroup;
    const markRead = (group_id: string) =>
      post<MarkGroupReadResponse>(ctx.app, fixture.user, '/api/markGroupRead/', {
        session_id: fixture.sessionId,
        group_id,
      });
    return { ...fixture, list, byName, markRead };
  }

  async function seed(d: Awaited<ReturnType<typeof desk>>) {
    await d.say({ groupId: ALPHA, groupName: 'Alpha', body: 'first', timestamp: base + 1 });
    await d.say({ groupId: ALPHA, body: 'second\nline', name: 'Ravi', timestamp: base + 2 });
    await d.say({ groupId: ALPHA, body: 'our reply', fromMe: true, timestamp: base + 3 });
    await d.say({ groupId: BETA, groupName: 'Beta', body: 'newest of all', timestamp: base + 10 });
    await ctx.db
      .insert(waGroups)
      .values({ sessionId: d.sessionId, organisationId: d.organisationId, jid: GAMMA, name: 'Gamma' });
  }

  it('lists each group with its newest message and unread count, the newest first', async () => {
    const d = await desk();
    await seed(d);
    const groups = await d.list();
    expect(groups.map((group) => group.name)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(groups[0]).toMatchObject({
      group_id: BETA,
      session_id: d.sessionId,
      last_message: { preview: 'newest of all', timestamp: base + 10, from_me: false, author_name: 'Carla' },
      unread_count: 1,
    });
    // Our own reply is the last message but is never unread.
    expect(groups[1]).toMatchObject({
      last_message: { preview: 'our reply', timestamp: base + 3, from_me: true, author_name: null },
      unread_count: 2,
    });
    expect(groups[2]).toMatchObject({ last_message: null, unread_count: 0 });
  });

  it('does not count the history stored before the group was first seen', async () => {
    const d = await desk();
    await d.say({
      groupId: ALPHA,
      groupName: 'Alpha',
      body: 'from last year',
      timestamp: base - 86_400 * 365,
    });
    expect(await d.byName('Alpha')).toMatchObject({
      last_message: { preview: 'from last year' },
      unread_count: 0,
    });
  });

  it('opening a group marks it read; later messages of others count again', async () => {
    const d = await desk();
    await seed(d);
    const answer = await d.markRead(ALPHA);
    expect(answer).toMatchObject({ status: 200, body: { success: true, unread_count: 0 } });
    expect((await d.byName('Alpha')).unread_count).toBe(0);
    expect((await d.byName('Beta')).unread_count).toBe(1);

    await d.say({ groupId: ALPHA, body: 'are you there?', timestamp: base + 20 });
    await d.say({ groupId: ALPHA, body: 'yes', fromMe: true, timestamp: base + 21 });
    const alpha = await d.byName('Alpha');
    expect(alpha.unread_count).toBe(1);
    expect((await d.list())[0]?.name).toBe('Alpha');
  });

  it("never marks or shows another organisation's group, and leaves its read state alone", async () => {
    const a = await desk('a@example.com');
    await seed(a);
    const b = await desk('b@example.com');
    const readAt = async () =>
      (
        await ctx.db
          .select({ at: waGroups.lastReadAt })
          .from(waGroups)
          .where(and(eq(waGroups.sessionId, a.sessionId), eq(waGroups.jid, ALPHA)))
      )[0]?.at;
    const before = await readAt();

    const foreign = await post(ctx.app, b.user, '/api/markGroupRead/', {
      session_id: a.sessionId,
      group_id: ALPHA,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Group not found' });
    expect(await readAt()).toEqual(before);
    expect((await a.byName('Alpha')).unread_count).toBe(2);
    expect(await b.list()).toEqual([]);

    const unknown = await a.markRead('120363999999999999@g.us');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Group not found' });
  });
});
