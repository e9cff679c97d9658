import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { loginFailures, rateLimitHits } from '../../db/schema';
import { TOO_MANY_ATTEMPTS } from './rate-limit';

const login = (username: string, remoteAddress = '127.0.0.1') => ({
  method: 'POST' as const,
  url: '/users/login/',
  payload: { username, password: 'wrong' },
  remoteAddress,
});

describeEachDatabase('sign-in limits across instances', (ctx) => {
  it('counts the failed sign-ins of two instances on one database together', async () => {
    const a = await ctx.buildApp({ authRateLimitEmail: 2 });
    const b = await ctx.buildApp({ authRateLimitEmail: 2 });
    expect((await a.inject(login('x@example.com', '10.0.0.1'))).statusCode).toBe(404);
    expect((await b.inject(login('x@example.com', '10.0.0.1'))).statusCode).toBe(404);
    const refused = await a.inject(login('x@example.com', '10.0.0.1'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(refused.headers['retry-after']).toBe('1');
    const keys = (await ctx.db.select().from(loginFailures)).map((row) => row.key).join(' ');
    expect(keys).not.toContain('10.0.0.1');
    expect(keys).not.toContain('example.com');
  });

  it('shares the per-IP count too, and the table holds no address or email', async () => {
    const a = await ctx.buildApp({ authRateLimitIp: 1 });
    const b = await ctx.buildApp({ authRateLimitIp: 1 });
    expect((await a.inject(login('one@example.com', '10.9.9.9'))).statusCode).toBe(404);
    expect((await b.inject(login('two@example.com', '10.9.9.9'))).statusCode).toBe(429);
    const keys = (await ctx.db.select().from(rateLimitHits)).map((row) => row.key).join(' ');
    expect(keys).not.toContain('10.9.9.9');
    expect(keys).not.toContain('example.com');
  });

  it('starts a new window after a minute and purges windows older than the previous one', async () => {
    const app = await ctx.buildApp({ authRateLimitEmail: 1 });
    ctx.clock.set(new Date('2030-01-01T10:00:00Z'));
    expect((await app.inject(login('x@example.com'))).statusCode).toBe(404);
    expect((await app.inject(login('x@example.com'))).statusCode).toBe(429);
    const before = await ctx.count(rateLimitHits);

    ctx.clock.set(new Date('2030-01-01T10:01:00Z'));
    expect((await app.inject(login('x@example.com'))).statusCode).toBe(404);
    expect(await ctx.count(rateLimitHits)).toBe(before * 2); // the previous window is kept

    ctx.clock.set(new Date('2030-01-01T10:05:00Z'));
    expect((await app.inject(login('x@example.com'))).statusCode).toBe(404);
    expect(await ctx.count(rateLimitHits)).toBe(before); // only this window's rows are left
  });
});
