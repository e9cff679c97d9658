import { type AuthUser, authMessages, memberMessages, verifyFirst } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type SignedIn, signUp, signUpVerified } from '../../../test/helpers/auth';
import { expectRefusal, storedState } from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { teammate, userId } from '../../../test/helpers/team';
import { post } from '../../../test/helpers/whatsapp';
import { auditLog, organisations } from '../../db/schema';

describeWithDatabase('the organisation name', (ctx) => {
  const nameOf = async (who: SignedIn) =>
    (await ctx.app.inject({ method: 'GET', url: '/users/authcheck/', headers: who.headers })).json<{
      user: AuthUser;
    }>().user.organisation_name;
  const rename = (who: SignedIn, name: unknown) =>
    post<{ name?: string; message?: string }>(ctx.app, who, '/org/updateOrganisation/', { name });

  async function ownerWithTeam() {
    const owner = await signUpVerified(ctx.app);
    const ownerId = await userId(ctx.db, 'ann@example.com');
    const [row] = await ctx.db.select().from(organisations);
    const organisationId = row?.id ?? 0;
    const admin = await teammate(ctx.app, ctx.db, organisationId, 'admin@example.com', 'admin');
    const member = await teammate(ctx.app, ctx.db, organisationId, 'member@example.com', 'member');
    return { owner, ownerId, organisationId, admin, member };
  }

  it('an owner renames it; every member of it reads the new name, and the log records the change', async () => {
    const { owner, ownerId, organisationId, member } = await ownerWithTeam();
    const res = await rename(owner, '  Acme Support  ');
    expect(res).toMatchObject({ status: 200, body: { name: 'Acme Support' } });
    expect(await nameOf(owner)).toBe('Acme Support');
    expect(await nameOf(member)).toBe('Acme Support');
    // The same name again changes nothing and records nothing.
    expect((await rename(owner, 'Acme Support')).status).toBe(200);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'organisation.renamed'));
    expect(entries.map((e) => [e.organisationId, e.actorId, e.target, e.details])).toEqual([
      [organisationId, ownerId, 'Acme Support', { from: "Ann's organisation", to: 'Acme Support' }],
    ]);
  });

  it('admins, members and an owner whose address is not verified cannot rename it', async () => {
    const { admin, member } = await ownerWithTeam();
    const unverified = await signUp(ctx.app, { email: 'new@example.com', first_name: 'Newt' });
    const before = await storedState(ctx);
    for (const who of [admin, member]) {
      const res = await rename(who, 'Taken over');
      expect(res).toMatchObject({ status: 403, body: { message: memberMessages.forbidden } });
    }
    const res = await rename(unverified, 'Taken over');
    expect(res).toMatchObject({ status: 403, body: { message: verifyFirst('rename') } });
    expect(await storedState(ctx)).toEqual(before);
    expect(await nameOf(member)).toBe("Ann's organisation");
    expect(await nameOf(unverified)).toBe("Newt's organisation");
  });

  it('renames only the owner’s own organisation', async () => {
    const { owner } = await ownerWithTeam();
    const other = await signUpVerified(ctx.app, { email: 'zoe@example.com', first_name: 'Zoe' });
    expect((await rename(other, 'Zoe Corp')).status).toBe(200);
    expect(await nameOf(other)).toBe('Zoe Corp');
    expect(await nameOf(owner)).toBe("Ann's organisation");
    const names = (await ctx.db.select({ name: organisations.name }).from(organisations)).map((r) => r.name);
    expect(names.filter((name) => name === 'Zoe Corp')).toHaveLength(1);
  });

  it('refuses an empty, blank or too long name with the contract words, changing nothing', async () => {
    const { owner } = await ownerWithTeam();
    const before = await storedState(ctx);
    for (const [name, message] of [
      ['', authMessages.organisationNameRequired],
      ['   ', authMessages.organisationNameRequired],
      ['x'.repeat(101), authMessages.organisationNameLength],
      [null, authMessages.organisationNameLength],
      [42, authMessages.organisationNameLength],
    ] as const) {
      const res = await rename(owner, name);
      expectRefusal(res.raw, JSON.stringify(name).slice(0, 20), 400);
      expect(res.body.message).toContain(message);
    }
    expect(await storedState(ctx)).toEqual(before);
    expect(await nameOf(owner)).toBe("Ann's organisation");
  });
});
