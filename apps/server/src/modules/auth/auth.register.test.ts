import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { defaultRegistration } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { organisations, refreshTokens, users } from '../../db/schema';
import { TOO_MANY_ATTEMPTS } from './rate-limit';

const register = (payload: unknown) => ({
  method: 'POST' as const,
  url: '/users/register/',
  payload: payload as object,
});

describeEachDatabase('POST /users/register/', (ctx) => {
  const storedNothing = async () => {
    expect(await ctx.count(users)).toBe(0);
    expect(await ctx.count(organisations)).toBe(0);
    expect(await ctx.count(refreshTokens)).toBe(0);
  };

  it('creates an organisation with the user as owner and answers a token pair', async () => {
    const response = await ctx.app.inject(register({ ...defaultRegistration, email: ' Ann@Example.COM ' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });

    const [user] = await ctx.db.select().from(users);
    const [organisation] = await ctx.db.select().from(organisations);
    expect(user).toMatchObject({
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'owner',
    });
    expect(user?.organisationId).toBe(organisation?.id);
    expect(organisation?.name).toBe("Ann's organisation");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await ctx.count(refreshTokens)).toBe(1);
  });

  it('names the organisation as asked, trimmed; blank or left out, after the first name', async () => {
    const named = async (email: string, organisation_name?: string) => {
      const response = await ctx.app.inject(register({ ...defaultRegistration, email, organisation_name }));
      expect(response.statusCode).toBe(201);
      const [row] = await ctx.db
        .select({ name: organisations.name })
        .from(organisations)
        .innerJoin(users, eq(users.organisationId, organisations.id))
        .where(eq(users.email, email));
      return row?.name;
    };
    expect(await named('a@example.com', '  Acme Support  ')).toBe('Acme Support');
    expect(await named('b@example.com', 'x'.repeat(100))).toBe('x'.repeat(100));
    expect(await named('c@example.com', '   ')).toBe("Ann's organisation");
    expect(await named('d@example.com')).toBe("Ann's organisation");
  });

  it('answers 409 for an email that is taken, in any letter case', async () => {
    expect((await ctx.app.inject(register(defaultRegistration))).statusCode).toBe(201);
    const response = await ctx.app.inject(register({ ...defaultRegistration, email: 'ANN@example.com' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists.' });
    expect(await ctx.count(users)).toBe(1);
    expect(await ctx.count(organisations)).toBe(1); // the failed attempt's organisation was rolled back
  });

  it('answers 409 to one of two simultaneous registrations of the same email', async () => {
    const responses = await Promise.all([
      ctx.app.inject(register(defaultRegistration)),
      ctx.app.inject(register(defaultRegistration)),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.count(organisations)).toBe(1);
  });

  it.each([
    [{ ...defaultRegistration, email: 'not-an-email' }, 'Enter a valid email address.'],
    [{ ...defaultRegistration, password1: 'short' }, 'Password must be 6 or more characters long'],
    [
      { ...defaultRegistration, password1: 'nocapital!' },
      'Password must contain at least one special character and one capital letter.',
    ],
    [{ ...defaultRegistration, first_name: 'Al' }, 'First Name must be 3 or more characters long.'],
    [{ ...defaultRegistration, first_name: ['Ann'] }, 'First Name must be 3 or more characters long.'],
    [{ email: 'ann@example.com' }, 'Password must be 6 or more characters long'],
    [
      { ...defaultRegistration, organisation_name: 'x'.repeat(101) },
      'Organisation name must be at most 100 characters long.',
    ],
    [
      { ...defaultRegistration, organisation_name: 42 },
      'Organisation name must be at most 100 characters long.',
    ],
    [[defaultRegistration], 'Request body must be a JSON object.'],
  ])('rejects %o with 400 and stores nothing', async (payload, message) => {
    const response = await ctx.app.inject(register(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    await storedNothing();
  });

  it.each([
    [
      'malformed JSON',
      '{"email": "ann@example.com",',
      400,
      'The request body is not valid JSON. Reload the page and try again.',
    ],
    ['an empty JSON body', '', 400, 'The request body is not valid JSON. Reload the page and try again.'],
    [
      'a prototype-poisoning body',
      '{"__proto__": {"admin": true}}',
      400,
      'The request body is not valid JSON. Reload the page and try again.',
    ],
  ])('rejects %s', async (_label, body, status, message) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/users/register/',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    await storedNothing();
  });

  it('rejects a body over the limit with 413', async () => {
    const response = await ctx.app.inject(
      register({ ...defaultRegistration, last_name: 'x'.repeat(1024 * 1024) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The request is too large for the server. Send less at once.',
    });
    await storedNothing();
  });

  it('rejects a body that is not JSON with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/users/register/',
      headers: { 'content-type': 'text/xml' },
      body: '<user/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: expect.any(String) });
    await storedNothing();
  });

  it('stores SQL and HTML metacharacters verbatim and keeps serving', async () => {
    const hostile = {
      ...defaultRegistration,
      email: "o'brien+x@example.com",
      first_name: `Robert'); DROP TABLE users;--`,
      last_name: '<script>alert("x")</script>',
    };
    expect((await ctx.app.inject(register(hostile))).statusCode).toBe(201);
    const [user] = await ctx.db.select().from(users);
    expect(user).toMatchObject({
      email: hostile.email,
      firstName: hostile.first_name,
      lastName: hostile.last_name,
    });
    expect(
      (await ctx.app.inject(register({ ...defaultRegistration, email: 'next@example.com' }))).statusCode,
    ).toBe(201);
  });

  it('limits attempts per IP and per email address with 429', async () => {
    const app = await ctx.buildApp({ authRateLimitIp: 3, authRateLimitEmail: 2 });
    const from = (remoteAddress: string, email: string) => ({
      ...register({ ...defaultRegistration, email }),
      remoteAddress,
    });

    // Per email: the third attempt on one address is refused, whatever the IP.
    expect((await app.inject(from('10.0.0.1', 'same@example.com'))).statusCode).toBe(201);
    expect((await app.inject(from('10.0.0.2', 'same@example.com'))).statusCode).toBe(409);
    const byEmail = await app.inject(from('10.0.0.3', 'same@example.com'));
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(byEmail.headers['retry-after']).toBeDefined();

    // Per IP: the fourth attempt from one address is refused, whatever the email.
    for (const email of ['a@example.com', 'b@example.com']) {
      expect((await app.inject(from('10.0.0.9', email))).statusCode).toBe(201);
    }
    expect((await app.inject(from('10.0.0.9', 'c@example.com'))).statusCode).toBe(201);
    const byIp = await app.inject(from('10.0.0.9', 'd@example.com'));
    expect(byIp.statusCode).toBe(429);
    expect(byIp.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(await ctx.count(users)).toBe(4);
  });
});
