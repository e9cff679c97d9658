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
    [{ username: 'ann', password: 'x' }, 'Enter a valid email address.'],
    [{ username: 'ann@example.com' }, 'Enter your password.'],
    [{ username: 'ann@example.com', password: 12345 }, 'Enter your password.'],
    [{ password: 'x' }, 'Enter a valid email address.'],
    [{ username: "' OR 1=1 --", password: "' OR 1=1 --" }, 'Enter a valid email address.'],
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

  it('limits attempts per IP across emails', async () => {
    const app = await ctx.buildApp({ authRateLimitIp: 4 });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) {
      expect((await app.inject(login(email, 'x', '10.0.0.9'))).statusCode).toBe(404);
    }
    const fifth = await app.inject(login('e@example.com', 'x', '10.0.0.9'));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
  });

  it('does not let someone failing on purpose lock the owner out', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 3 });
    await signUp(app, { email: 'victim@example.com' });
    for (let i = 0; i < 3; i++)
      expect((await app.inject(login('victim@example.com', `guess-${i}`, '10.6.6.6'))).statusCode).toBe(401);
    const attacker = await app.inject(login('victim@example.com', 'guess-4', '10.6.6.6'));
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    const owner = await app.inject(login('victim@example.com', defaultRegistration.password1, '10.0.0.1'));
    expect(owner.statusCode).toBe(200);
  });

  it('backs off exponentially from the IP that keeps failing, and a correct password starts it over', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 2 });
    await signUp(app, { email: 'ann@example.com' });
    const attempt = (password: string) => app.inject(login('ann@example.com', password, '10.0.0.5'));
    expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(401);
    for (const wait of [1, 2, 4, 8]) {
      const refused = await attempt('wrong');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(wait));
      ctx.clock.advance(wait * 1000);
      expect((await attempt('wrong')).statusCode).toBe(401);
    }
    ctx.clock.advance(16_000);
    expect((await attempt(defaultRegistration.password1)).statusCode).toBe(200);
    expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(429);
  });

  it('lets only the allowed number of parallel wrong guesses through before the first failure is stored', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 3 });
    await signUp(app, { email: 'ann@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.inject(login('ann@example.com', `guess-${i}`, '10.0.0.7'))),
    );
    const codes = answers.map((answer) => answer.statusCode);
    // Each 401 is a password that was actually checked; the back-off must refuse the rest unchecked.
    expect(codes.filter((code) => code === 401)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(17);
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expect(answer.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    // The refused attempts were not counted: the next one waits only the first back-off step.
    const next = await app.inject(login('ann@example.com', 'guess-x', '10.0.0.7'));
    expect(next.headers['retry-after']).toBe('1');
  });

  it('refuses every IP that failed on an account failing from many, but not a clean one', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 1 });
    await signUp(app, { email: 'ann@example.com' });
    for (let i = 1; i <= 10; i++)
      expect((await app.inject(login('ann@example.com', 'wrong', `10.0.1.${i}`))).statusCode).toBe(401);
    ctx.clock.advance(60_000); // past every IP's own back-off
    const failedBefore = await app.inject(
      login('ann@example.com', defaultRegistration.password1, '10.0.1.1'),
    );
    expect(failedBefore.statusCode).toBe(429);
    const clean = await app.inject(login('ann@example.com', defaultRegistration.password1, '10.0.2.1'));
    expect(clean.statusCode).toBe(200);
  });

  it('forgets failures after a quiet hour', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 1 });
    expect((await app.inject(login('x@example.com', 'x'))).statusCode).toBe(404);
    expect((await app.inject(login('x@example.com', 'x'))).statusCode).toBe(429);
    ctx.clock.advance(60 * 60 * 1000);
    expect((await app.inject(login('x@example.com', 'x'))).statusCode).toBe(404);
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
});
