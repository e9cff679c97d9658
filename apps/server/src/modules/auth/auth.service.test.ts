import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { refreshTokens } from '../../db/schema';
import { createAuthRepository } from './auth.repository';
import { type AuthService, authErrors, createAuthService } from './auth.service';
import { passwords } from './passwords';
import { createAccessTokens, REFRESH_TOKEN_TTL_MS } from './tokens';

const registration = { email: 'ann@example.com', password1: 'Secret!A', first_name: 'Ann', last_name: 'Lee' };

describeEachDatabase('auth service', (ctx) => {
  const service = (): AuthService =>
    createAuthService({
      repo: createAuthRepository(ctx.db, { usersChanged: () => {} }),
      passwords,
      accessTokens: createAccessTokens({ secret: 'service-test-secret-long-enough!', clock: ctx.clock }),
      verifyGoogle: null,
      clock: ctx.clock,
      audit: { record: async () => {} },
    });
  const rejection = (status: number, message: string) =>
    expect.objectContaining({ statusCode: status, message });

  it('rotates refresh tokens: each works once and the new pair keeps working', async () => {
    const auth = service();
    const first = await auth.register(registration);
    const second = await auth.refresh(first.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = await auth.refresh(second.refresh_token);
    expect(third.refresh_token).not.toBe(second.refresh_token);
    expect(await ctx.count(refreshTokens)).toBe(3);
  });

  it('revokes the whole family when a used token is presented again', async () => {
    const auth = service();
    const first = await auth.register(registration);
    const second = await auth.refresh(first.refresh_token);

    await expect(auth.refresh(first.refresh_token)).rejects.toEqual(
      rejection(401, authErrors.sessionExpired),
    );
    // The thief's replay also ends the legitimate holder's session: neither can continue.
    await expect(auth.refresh(second.refresh_token)).rejects.toEqual(
      rejection(401, authErrors.sessionExpired),
    );
    const rows = await ctx.db.select().from(refreshTokens);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('keeps other sign-ins alive when one family is revoked', async () => {
    const auth = service();
    const phone = await auth.register(registration);
    const laptop = await auth.login({ username: registration.email, password: registration.password1 });
    await auth.refresh(phone.refresh_token);
    await expect(auth.refresh(phone.refresh_token)).rejects.toThrow();
    await expect(auth.refresh(laptop.refresh_token)).resolves.toHaveProperty('access_token');
  });

  it('refuses a refresh token after 30 days', async () => {
    const auth = service();
    const pair = await auth.register(registration);
    ctx.clock.advance(REFRESH_TOKEN_TTL_MS - 1000);
    const renewed = await auth.refresh(pair.refresh_token); // the rotated token gets a new 30 days
    ctx.clock.advance(REFRESH_TOKEN_TTL_MS);
    await expect(auth.refresh(renewed.refresh_token)).rejects.toEqual(
      rejection(401, authErrors.sessionExpired),
    );
  });

  it('refuses unknown refresh tokens', async () => {
    await expect(service().refresh('never-issued')).rejects.toEqual(
      rejection(401, authErrors.sessionExpired),
    );
  });

  it('lets only one of two simultaneous refreshes with the same token win', async () => {
    const auth = service();
    const pair = await auth.register(registration);
    const results = await Promise.allSettled([
      auth.refresh(pair.refresh_token),
      auth.refresh(pair.refresh_token),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeLessThanOrEqual(1);
  });

  it('logout revokes only a token of the same user', async () => {
    const auth = service();
    const ann = await auth.register(registration);
    const bob = await auth.register({ ...registration, email: 'bob@example.com' });
    const annUser =
      (await createAuthRepository(ctx.db, { usersChanged: () => {} }).findUserByEmail('ann@example.com'))
        ?.id ?? -1;

    await auth.logout(annUser, bob.refresh_token);
    await expect(auth.refresh(bob.refresh_token)).resolves.toHaveProperty('access_token');
    await auth.logout(annUser, ann.refresh_token);
    await expect(auth.refresh(ann.refresh_token)).rejects.toThrow();
  });
});

describe('auth service without Google', () => {
  it('answers 400 to Google sign-in', async () => {
    const auth = createAuthService({
      repo: {} as never,
      passwords,
      accessTokens: {} as never,
      verifyGoogle: null,
      clock: () => new Date(),
      audit: { record: async () => {} },
    });
    await expect(auth.googleLogin('token')).rejects.toMatchObject({
      statusCode: 400,
      message: authErrors.googleOff,
    });
  });
});
