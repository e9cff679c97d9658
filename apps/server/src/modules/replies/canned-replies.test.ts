import { type CannedReply, MAX_CANNED_REPLIES, replyMessages } from '@wadesk/contract';
import { eq, ne } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bearer, type SignedIn, signUp } from '../../../test/helpers/auth';
import { describeEachDatabase, describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { auditLog, cannedReplies, users } from '../../db/schema';

describeWithDatabase('canned replies', (ctx) => {
  /** An owner, and a member of the owner's organisation (role set in the database). */
  const team = async () => {
    const owner = await signUp(ctx.app);
    await signUp(ctx.app, { email: 'mia@example.com' });
    const [ownerRow] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    await ctx.db
      .update(users)
      .set({ role: 'member', organisationId: ownerRow?.organisationId })
      .where(eq(users.email, 'mia@example.com'));
    // Signed in again: a token names its organisation.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: 'mia@example.com', password: 'Secret!A' },
    });
    const member = login.json<SignedIn>();
    return { owner, member: { ...member, headers: bearer(member.access_token) } };
  };

  it('admins save, change and delete them; members list them by shortcut', async () => {
    const { owner, member } = await team();
    const saved = await org<CannedReply>(ctx.app, owner, 'saveCannedReply', {
      shortcut: 'thanks',
      body: 'Thank you for your patience!',
    });
    expect(saved.status).toBe(200);
    const other = await org<CannedReply>(ctx.app, owner, 'saveCannedReply', {
      shortcut: 'address',
      body: 'Our address is Main Street 1.',
    });
    expect((await org<CannedReply[]>(ctx.app, member, 'getCannedReplies')).body).toEqual([
      other.body,
      saved.body,
    ]);

    // A member may not change them.
    const refused = await org(ctx.app, member, 'saveCannedReply', { shortcut: 'x', body: 'y' });
    expect(refused.status).toBe(403);
    expect((await org(ctx.app, member, 'deleteCannedReply', { id: saved.body.id })).status).toBe(403);

    const changed = await org<CannedReply>(ctx.app, owner, 'saveCannedReply', {
      id: saved.body.id,
      shortcut: 'thx',
      body: 'Thanks!',
    });
    expect(changed.body).toEqual({ id: saved.body.id, shortcut: 'thx', body: 'Thanks!' });
    expect(await org(ctx.app, owner, 'deleteCannedReply', { id: other.body.id })).toMatchObject({
      status: 200,
      body: { success: true, message: replyMessages.cannedDeleted },
    });
    expect((await org<CannedReply[]>(ctx.app, member, 'getCannedReplies')).body).toEqual([changed.body]);

    // The sign-ins' own entries are the auth module's.
    const actions = await ctx.db
      .select()
      .from(auditLog)
      .where(ne(auditLog.action, 'auth.signed_in'))
      .orderBy(auditLog.id);
    expect(actions.map((a) => [a.action, a.target])).toEqual([
      ['canned_reply.saved', '/thanks'],
      ['canned_reply.saved', '/address'],
      ['canned_reply.saved', '/thx'],
      ['canned_reply.deleted', '/address'],
    ]);
  });

  it('keeps shortcuts unique per organisation, and never shows or changes another organisation’s', async () => {
    const { owner } = await team();
    const first = await org<CannedReply>(ctx.app, owner, 'saveCannedReply', { shortcut: 'hi', body: 'Hi!' });
    const second = await org<CannedReply>(ctx.app, owner, 'saveCannedReply', {
      shortcut: 'bye',
      body: 'Bye!',
    });
    for (const payload of [
      { shortcut: 'hi', body: 'Hello again' },
      { id: second.body.id, shortcut: 'hi', body: 'Bye!' },
    ])
      expect(await org(ctx.app, owner, 'saveCannedReply', payload)).toMatchObject({
        status: 409,
        body: { message: replyMessages.shortcutTaken },
      });

    const stranger = await signUp(ctx.app, { email: 'zoe@example.com' });
    expect((await org(ctx.app, stranger, 'getCannedReplies')).body).toEqual([]);
    // Another organisation may use the same shortcut.
    expect((await org(ctx.app, stranger, 'saveCannedReply', { shortcut: 'hi', body: 'Hey' })).status).toBe(
      200,
    );
    for (const [call, payload] of [
      ['saveCannedReply', { id: first.body.id, shortcut: 'mine', body: 'Mine now' }],
      ['deleteCannedReply', { id: first.body.id }],
    ] as const)
      expect(await org(ctx.app, stranger, call, payload)).toMatchObject({
        status: 404,
        body: { message: replyMessages.cannedNotFound },
      });
    expect((await org<CannedReply[]>(ctx.app, owner, 'getCannedReplies')).body).toEqual([
      second.body,
      first.body,
    ]);
  });
});

// On PostgreSQL too: two saves at once must not both pass the count.
describeEachDatabase('canned replies: the cap', (ctx) => {
  it('an organisation has at most 500: one more is refused in words, even when two are added at once', async () => {
    const owner = await signUp(ctx.app);
    const [ann] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const organisationId = Number(ann?.organisationId);
    await ctx.db.insert(cannedReplies).values(
      Array.from({ length: MAX_CANNED_REPLIES - 1 }, (_, i) => ({
        organisationId,
        shortcut: `r${i}`,
        body: 'Thanks!',
      })),
    );
    const save = (payload: object) => org<CannedReply>(ctx.app, owner, 'saveCannedReply', payload);
    const results = await Promise.all(['a', 'b', 'c'].map((shortcut) => save({ shortcut, body: 'Hi' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body).toEqual({ message: replyMessages.tooManyCanned });
    expect(replyMessages.tooManyCanned).toMatch(/has 500 canned replies, the most it can have/);
    expect(await ctx.count(cannedReplies)).toBe(MAX_CANNED_REPLIES);
    // At the cap one can still be changed; deleting one makes room for another.
    const [r0] = await ctx.db.select().from(cannedReplies).where(eq(cannedReplies.shortcut, 'r0'));
    expect((await save({ id: r0?.id, shortcut: 'r0', body: 'Changed' })).status).toBe(200);
    await org(ctx.app, owner, 'deleteCannedReply', { id: r0?.id });
    expect((await save({ shortcut: 'd', body: 'Hi' })).status).toBe(200);
  });
});
