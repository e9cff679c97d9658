import { type AuthUser, authMessages } from '@wadesk/contract';
import { eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { defaultRegistration, type SignedIn, signUp } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { post } from '../../../test/helpers/whatsapp';
import { auditLog, emailTokens, loginFailures, refreshTokens, users } from '../../db/schema';
import { createAuthRepository } from './auth.repository';
import { TOO_MANY_ATTEMPTS } from './rate-limit';

const NEW_PASSWORD = 'Brand!New9';

const change = (current_password: string, password1 = NEW_PASSWORD, password2 = password1) => ({
  current_password,
  password1,
  password2,
});

describeWithDatabase('the profile: names, time zone, password', (ctx) => {
  const authcheck = async (who: SignedIn) =>
    (await ctx.app.inject({ method: 'GET', url: '/users/authcheck/', headers: who.headers })).json<{
      user: AuthUser;
    }>().user;
  const login = (password: string, username = defaultRegistration.email, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/users/login/', payload: { username, password }, remoteAddress });
  const refresh = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/users/refresh_token/', payload: { refresh_token: token } });
  const usersNow = () => ctx.db.select().from(users).orderBy(users.id);

  it('saves names and a time zone, each field on its own, and answers the account as stored', async () => {
    const ann = await signUp(ctx.app);
    const bob = await signUp(ctx.app, { email: 'bob@example.com', first_name: 'Bob' });
    expect(await authcheck(ann)).toMatchObject({
      time_zone: null,
      organisation_name: "Ann's organisation",
      has_password: true,
    });

    const named = await post<{ user: AuthUser }>(ctx.app, ann, '/users/updateProfile/', {
      first_name: '  Anna ',
      last_name: 'Lindqvist',
    });
    expect(named.status).toBe(200);
    expect(named.body.user).toMatchObject({ first_name: 'Anna', last_name: 'Lindqvist', time_zone: null });
    const zoned = await post<{ user: AuthUser }>(ctx.app, ann, '/users/updateProfile/', {
      time_zone: 'Asia/Kolkata',
    });
    expect(zoned.body.user).toMatchObject({ first_name: 'Anna', time_zone: 'Asia/Kolkata' });
    expect(await authcheck(ann)).toEqual(zoned.body.user);
    // Other names of a zone that Intl knows are zones too; null goes back to the browser's.
    for (const zone of ['UTC', 'Asia/Calcutta', 'America/Argentina/Buenos_Aires', 'Etc/GMT-5'])
      expect((await post(ctx.app, ann, '/users/updateProfile/', { time_zone: zone })).status).toBe(200);
    const cleared = await post<{ user: AuthUser }>(ctx.app, ann, '/users/updateProfile/', {
      time_zone: null,
    });
    expect(cleared.body.user.time_zone).toBeNull();
    // Only the caller's own row changed.
    expect(await authcheck(bob)).toMatchObject({ first_name: 'Bob', last_name: 'Lee', time_zone: null });
  });

  it('refuses bad names and unknown zones with the contract words, changing nothing', async () => {
    const ann = await signUp(ctx.app);
    const before = await usersNow();
    for (const [body, message] of [
      [{ time_zone: 'Mars/Olympus_Mons' }, authMessages.timeZoneInvalid],
      [{ time_zone: '+05:30' }, authMessages.timeZoneInvalid],
      [{ time_zone: '' }, authMessages.timeZoneInvalid],
      [{ time_zone: `Europe/${'x'.repeat(60)}` }, authMessages.timeZoneInvalid],
      [{ time_zone: 5 }, authMessages.timeZoneInvalid],
      [{ first_name: 'Al' }, authMessages.firstNameLength],
      [{ first_name: '   A   ' }, authMessages.firstNameLength],
      [{ first_name: null }, authMessages.firstNameLength],
      [{ last_name: 'x'.repeat(101) }, 'Last name must be at most 100 characters long.'],
      [{ first_name: 'Anna', time_zone: 'Nowhere/Land' }, authMessages.timeZoneInvalid],
    ] as const) {
      const res = await post<{ message: string }>(ctx.app, ann, '/users/updateProfile/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await usersNow()).toEqual(before);
  });

  it('changes the password: this sign-in goes on, every other one ends, and the log says so', async () => {
    const ann = await signUp(ctx.app);
    const phone = (await login(defaultRegistration.password1)).json<{ refresh_token: string }>();
    const bob = await signUp(ctx.app, { email: 'bob@example.com' });
    // An open reset link would set a password over the new one; a verification link keeps its use.
    const [owner] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const ownerId = owner?.id ?? 0;
    const expiresAt = new Date(ctx.clock().getTime() + 3_600_000);
    await ctx.db.insert(emailTokens).values([
      { userId: ownerId, purpose: 'reset', tokenHash: 'reset-hash', expiresAt },
      { userId: ownerId, purpose: 'verify', tokenHash: 'verify-hash', expiresAt },
    ]);

    const res = await post(ctx.app, ann, '/users/changePassword/', change(defaultRegistration.password1));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: authMessages.passwordUpdated });

    // This tab: its access token works and its refresh token still renews it.
    expect((await authcheck(ann)).email).toBe('ann@example.com');
    expect((await refresh(ann.refresh_token)).statusCode).toBe(200);
    // The phone's sign-in is over; Bob's (another account) is not.
    expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
    expect((await refresh(bob.refresh_token)).statusCode).toBe(200);
    expect((await login(defaultRegistration.password1)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);

    const links = await ctx.db.select().from(emailTokens).where(isNull(emailTokens.usedAt));
    expect(links.map((link) => link.tokenHash)).toContain('verify-hash');
    expect(links.map((link) => link.tokenHash)).not.toContain('reset-hash');
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password_changed'));
    expect(entries.map((e) => [e.actorId, e.target, e.details])).toEqual([
      [ownerId, 'ann@example.com', { other_sign_ins_ended: 1 }],
    ]);
  });

  it('refuses a wrong current password with words, changing nothing, and counts it as a failed sign-in', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 2 });
    const ann = await signUp(app);
    const other = (
      await app.inject({
        method: 'POST',
        url: '/users/login/',
        payload: { username: 'ann@example.com', password: defaultRegistration.password1 },
      })
    ).json<{ refresh_token: string }>();
    const before = await usersNow();
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/users/changePassword/',
        headers: ann.headers,
        payload: change(password),
        remoteAddress: '10.0.0.5',
      });

    for (let i = 0; i < 2; i++) {
      const wrong = await attempt(`Guess!${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: authMessages.currentPasswordWrong });
    }
    // The third guess waits, as it would on the sign-in page: even the right password is not checked.
    const waiting = await attempt(defaultRegistration.password1);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(waiting.headers['retry-after']).toBe('1');
    // One count with the sign-in page: that IP's sign-in on the account waits too.
    const signIn = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: 'ann@example.com', password: defaultRegistration.password1 },
      remoteAddress: '10.0.0.5',
    });
    expect(signIn.statusCode).toBe(429);
    expect(await usersNow()).toEqual(before);
    expect(await ctx.count(refreshTokens), 'no sign-in ended (2 from before, none issued)').toBe(2);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/users/refresh_token/',
          payload: { refresh_token: other.refresh_token },
        })
      ).statusCode,
    ).toBe(200);
    expect(await ctx.db.$count(auditLog, eq(auditLog.action, 'auth.password_changed'))).toBe(0);

    // After the wait the right one passes and starts that IP over.
    ctx.clock.advance(1000);
    expect((await attempt(defaultRegistration.password1)).statusCode).toBe(200);
  });

  it('refuses new passwords the registration would refuse, before any password is checked', async () => {
    const ann = await signUp(ctx.app);
    const before = await usersNow();
    for (const [body, message] of [
      [change(defaultRegistration.password1, 'weak'), authMessages.passwordLength],
      [change(defaultRegistration.password1, 'lowercase!1'), authMessages.passwordShape],
      [change(defaultRegistration.password1, NEW_PASSWORD, 'Other!Pass1'), authMessages.passwordsDiffer],
      [change(''), authMessages.currentPasswordRequired],
      [{ password1: NEW_PASSWORD, password2: NEW_PASSWORD }, authMessages.currentPasswordRequired],
      [change('x'.repeat(257)), authMessages.currentPasswordRequired],
    ] as const) {
      const res = await post<{ message: string }>(ctx.app, ann, '/users/changePassword/', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await usersNow()).toEqual(before);
    expect(await ctx.count(loginFailures), 'refused before the guard counted anything').toBe(0);
  });

  it('tells an account that signs in only with Google that it has no password to change', async () => {
    const ann = await signUp(ctx.app);
    await ctx.db.update(users).set({ passwordHash: null });
    const res = await post(ctx.app, ann, '/users/changePassword/', change('anything'));
    expect(res).toMatchObject({ status: 400, body: { message: authMessages.noPassword } });
    expect((await ctx.db.select().from(users))[0]?.passwordHash).toBeNull();
    expect(await ctx.count(loginFailures)).toBe(0);
    expect((await authcheck(ann)).has_password).toBe(false);
  });

  it('stores a new password only over the one that was proved, so a racing change cannot be overwritten', async () => {
    await signUp(ctx.app);
    const repo = createAuthRepository(ctx.db, { usersChanged: () => {} });
    const [ann] = await ctx.db.select().from(users);
    if (!ann?.passwordHash) throw new Error('no account');
    expect(await repo.changePassword(ann.id, ann.passwordHash, 'first-hash', null, ctx.clock())).toBe(1);
    // A second change that proved the old password before the first was stored.
    expect(await repo.changePassword(ann.id, ann.passwordHash, 'second-hash', null, ctx.clock())).toBeNull();
    expect((await ctx.db.select().from(users))[0]?.passwordHash).toBe('first-hash');
  });
});
