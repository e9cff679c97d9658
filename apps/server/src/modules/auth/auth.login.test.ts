import { expect, it } from 'vitest';
import { defaultRegistration, signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { refreshTokens, users } from '../../db/schema';
import { TOO_MANY_ATTEMPTS } from './rate-limit';

const login = (username: unknown, password: unknown, remoteAddress = '127.0.0.1') => ({
  method: 'POST' as const,
  url: '/users/login/',
  payload: { username, password },
  remoteAddress,
});

describeEachDatabase('POST /users/login/', (ctx) => {
  it('answers a token pair for the right password, with the email in any case and spacing', async () => {
    await signUp(ctx.app);
    const response = await ctx.app.inject(login('  ANN@example.com ', defaultRegistration.password1));
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/users/authcheck/',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(check.json().user.email).toBe('ann@example.com');
  });

  it('answers 404 with the catalogue text when no account has the email', async () => {
    const response = await ctx.app.inject(login('nobody@example.com', 'whatever'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'You are not registered. Please create your account!' });
  });

  it('answers 401 to a wrong password and issues nothing', async () => {
    await signUp(ctx.app);
    const response = await ctx.app.inject(login('ann@example.com', 'Secret!B'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Incorrect email or password.' });
    expect(await ctx.count(refreshTokens)).toBe(1); // only the sign-up's
  });

  it('answers 401 for an account that has no password (Google only)', async () => {
    await signUp(ctx.app);
    await ctx.db.update(users).set({ passwordHash: null });
    const response = await ctx.app.inject(login('ann@example.com', defaultRegistration.password1));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Incorrect email or password.' });
  });

  it.each([
    [{ username: 'ann', password: 'x' }, 'username: Enter a valid email address.'],
    [{ username: 'ann@example.com' }, 'Password is required.'],
    [{ username: 'ann@example.com', password: 12345 }, 'Password is required.'],
    [{ password: 'x' }, 'username: Enter a valid email address.'],
    [{ username: "' OR 1=1 --", password: "' OR 1=1 --" }, 'username: Enter a valid email address.'],
  ])('rejects %o with 400', async (payload, message) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/users/login/', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('treats SQL in a well-formed email as plain text', async () => {
    await signUp(ctx.app);
    const response = await ctx.app.inject(login("o'brien'--@example.com", "' OR '1'='1"));
    expect(response.statusCode).toBe(404);
    expect(await ctx.count(users)).toBe(1);
  });

  it('limits attempts per email across IPs, and per IP across emails', async () => {
    const app = await ctx.buildApp({ authRateLimitIp: 4, authRateLimitEmail: 3 });
    await signUp(app, { email: 'victim@example.com' }); // sign-up and sign-in attempts share the counters

    expect((await app.inject(login('victim@example.com', 'guess-1', '10.0.0.1'))).statusCode).toBe(401);
    expect((await app.inject(login('victim@example.com', 'guess-2', '10.0.0.2'))).statusCode).toBe(401);
    const thirdGuess = await app.inject(
      login('victim@example.com', defaultRegistration.password1, '10.0.0.3'),
    );
    expect(thirdGuess.statusCode).toBe(429);
    expect(thirdGuess.json()).toEqual({ message: TOO_MANY_ATTEMPTS });

    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) {
      expect((await app.inject(login(email, 'x', '10.0.0.9'))).statusCode).toBe(404);
    }
    const fifth = await app.inject(login('e@example.com', 'x', '10.0.0.9'));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
  });

  it('counts per client behind a trusted proxy, not per proxy', async () => {
    const app = await ctx.buildApp({ authRateLimitIp: 1, trustProxy: '127.0.0.1' });
    const via = (client: string) => ({
      ...login(`${client}@example.com`, 'x'),
      headers: { 'x-forwarded-for': client },
    });
    expect((await app.inject(via('10.1.1.1'))).statusCode).toBe(404);
    expect((await app.inject(via('10.2.2.2'))).statusCode).toBe(404);
    expect((await app.inject(via('10.1.1.1'))).statusCode).toBe(429);
  });

  it('lets the limit lapse after a minute', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 1 });
    expect((await app.inject(login('x@example.com', 'x'))).statusCode).toBe(404);
    expect((await app.inject(login('x@example.com', 'x'))).statusCode).toBe(429);
    ctx.clock.advance(60_000);
    expect((await app.inject(login('x@example.com', 'x'))).statusCode).toBe(404);
  });
});
