import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { internalsOf } from '../../src/app-internals';
import * as schema from '../../src/db/schema';
import { users } from '../../src/db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/modules/auth/tokens';
import { type SignedIn, signUp } from './auth';
import type { TestContext } from './describe-each-database';
import { testConfig } from './test-config';

/**
 * The bad-input suites (docs/testing.md): every route, every kind of bad input, answers 4xx `{message}` and
 * stores nothing. A route is described once by a valid body; `badBodies` derives the bad ones from it.
 */

export interface Route {
  method: 'GET' | 'POST';
  url: string;
  /** A body the route accepts (its ids may be unknown); omitted for routes that read no body. */
  body?: Record<string, unknown>;
  /** Fields the route may go without (no "missing" case for them). */
  optional?: string[];
  /** Text fields holding ids: also sent as a negative and a huge number, which must find nothing. */
  ids?: string[];
  /** Fields for which null is a valid value (e.g. "unassign"): null is not sent as a bad value for them. */
  nullable?: string[];
  /** Number fields for which 0 is a valid value (e.g. "never"): 0 is not sent as a bad value for them. */
  zero?: string[];
}

export interface BadCase {
  name: string;
  payload: string;
  /** application/json unless said. */
  contentType?: string;
}

export const HUNDRED_KB = 'x'.repeat(100 * 1024);
export const NUL = 'a\u0000b';
export const LONE_SURROGATE = 'a\uD800b';

const json = (value: unknown) => JSON.stringify(value);

/** JSON arrays nested 100,000 deep (200 KB), as text: JSON.stringify would overflow on it. */
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const DEEP_MARK = '<deep>';

/** Values that must never pass for `value`'s field: wrong types, unstorable text, oversize, odd numbers. */
function badValues(value: unknown, isId: boolean): Array<[string, unknown]> {
  const wrongTypes: Array<[string, unknown]> = [
    ['an object', { nested: 1 }],
    ['an array', [value]],
    ['a boolean', true],
    ['null', null],
  ];
  if (typeof value === 'boolean') {
    return [
      ...wrongTypes.filter(([what]) => what !== 'a boolean'),
      ['a string', String(value)],
      ['a number', 1],
    ];
  }
  if (typeof value === 'number') {
    return [
      ...wrongTypes,
      ['a string', String(value)],
      ['negative', -1],
      ['zero', 0],
      ['a fraction', 1.5],
      ['over int4', 2 ** 31],
      ['huge', 2 ** 63],
      ['1e308', 1e308],
      ['a 100 KB string', HUNDRED_KB],
    ];
  }
  return [
    ...wrongTypes,
    ['a number', 12345],
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
    ['a 100 KB string', HUNDRED_KB],
    ...(isId
      ? ([
          ['a negative id', '-1'],
          ['a huge id', '9'.repeat(40)],
        ] as Array<[string, unknown]>)
      : []),
  ];
}

/** The bad bodies of a route, derived from its valid body (only malformed JSON for a route without one). */
export function badBodies(route: Route): BadCase[] {
  const cases: BadCase[] = [
    { name: 'malformed JSON', payload: '{"a": ' },
    { name: 'JSON cut short', payload: json(route.body ?? {}).slice(0, -1) },
  ];
  const body = route.body;
  if (!body) return cases;
  cases.push(
    { name: 'an array body', payload: json([body]) },
    { name: 'a string body', payload: json('text') },
    { name: 'a number body', payload: '42' },
    { name: 'NUL in an extra field', payload: json({ ...body, extra: NUL }) },
    { name: 'a lone surrogate in a key', payload: json({ ...body, [LONE_SURROGATE]: 1 }) },
    { name: 'a NUL as a raw JSON escape', payload: `{"x":"\\u0000",${json(body).slice(1)}` },
    { name: 'a body nested 100,000 deep', payload: DEEP },
    { name: 'a form body', payload: 'a=1', contentType: 'application/x-www-form-urlencoded' },
    { name: 'a __proto__ key', payload: `{"__proto__":{"admin":true},${json(body).slice(1)}` },
  );
  for (const [field, value] of Object.entries(body)) {
    const { [field]: _, ...without } = body;
    if (!route.optional?.includes(field)) cases.push({ name: `${field} missing`, payload: json(without) });
    cases.push({
      name: `${field} nested 100,000 deep`,
      payload: json({ ...body, [field]: DEEP_MARK }).replace(json(DEEP_MARK), DEEP),
    });
    // Numbers JSON.stringify cannot write: one past a double's range (Infinity when parsed), and hex.
    if (typeof value === 'number') {
      for (const raw of ['1e400', '-1e400', '0x10', '01']) {
        const payload = json({ ...body, [field]: DEEP_MARK }).replace(json(DEEP_MARK), raw);
        cases.push({ name: `${field} ${raw}`, payload });
      }
    }
    for (const [what, bad] of badValues(value, route.ids?.includes(field) ?? false)) {
      if (bad === null && route.nullable?.includes(field)) continue;
      if (bad === 0 && route.zero?.includes(field)) continue;
      cases.push({ name: `${field} ${what}`, payload: json({ ...body, [field]: bad }) });
    }
  }
  return cases;
}

/** A 4xx `{message}` (the one error shape of the API), with the status when given. */
export function expectRefusal(res: LightMyRequestResponse, what: string, status?: number | number[]): void {
  const context = `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (Array.isArray(status)) expect(status, context).toContain(res.statusCode);
  else if (status !== undefined) expect(res.statusCode, context).toBe(status);
  else {
    expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, context).toBeLessThan(500);
  }
  expect(res.json(), context).toEqual({ message: expect.any(String) });
  expect(res.json().message.length, context).toBeGreaterThan(0);
}

/**
 * Rows of every table and files under the storage root: what a refused request must leave as it was.
 * Left out: rate_limit_hits (counting a request against a limit is the limit's job, not a stored thing)
 * and wa_instances (this server's heartbeat, written by its own timer, not by any request).
 */
export async function storedState(ctx: TestContext): Promise<Record<string, number>> {
  // What the background workers still owe from the fixture (clocks measured for every ticket) is theirs,
  // not the refused request's: wait for it on both sides of the comparison.
  await internalsOf(ctx.app).ticketProcessor.settled();
  await internalsOf(ctx.app).slaEngine.settled();
  const state: Record<string, number> = {};
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, PgTable) || table === schema.rateLimitHits || table === schema.waInstances) continue;
    state[name] = await ctx.count(table);
  }
  const files = await readdir(join(ctx.dataDir, 'objects'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  state.objectFiles = files.filter((entry) => entry.isFile()).length;
  return state;
}

/** Sends every bad body to every route and expects each refused with nothing stored. */
export async function walkBadBodies(
  ctx: TestContext,
  app: FastifyInstance,
  user: SignedIn,
  routes: Route[],
): Promise<number> {
  const before = await storedState(ctx);
  let sent = 0;
  for (const route of routes) {
    for (const bad of badBodies(route)) {
      const res = await app.inject({
        method: route.method,
        url: route.url,
        headers: { ...user.headers, 'content-type': bad.contentType ?? 'application/json' },
        payload: bad.payload,
      });
      expectRefusal(res, `${route.url} with ${bad.name}`);
      sent++;
    }
    // A valid body, but text in the query that cannot be stored: the guard covers every route's query too.
    for (const query of ['q=a%00b', 'a%00b=1']) {
      const res = await app.inject({
        method: route.method,
        url: `${route.url}?${query}`,
        headers: user.headers,
        ...(route.body ? { payload: route.body } : {}),
      });
      expectRefusal(res, `${route.url}?${query}`, 400);
      sent++;
    }
  }
  expect(await storedState(ctx)).toEqual(before);
  return sent;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Access tokens that must not pass: made from a genuine one of a signed-up user (its claims kept), plus
 * one of a user deleted afterwards. `expired` needs the clock moved past its lifetime by the caller.
 */
export async function badTokens(ctx: TestContext, app: FastifyInstance) {
  const genuine = (await signUp(app, { email: 'forger@example.com' })).access_token;
  const [header, payload, signature] = genuine.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
  const deleted = await signUp(app, { email: 'deleted@example.com' });
  await ctx.db.delete(users).where(eq(users.email, 'deleted@example.com'));
  const otherKey = new TextEncoder().encode('another-secret-that-is-at-least-32-characters');
  // The app's own key: tokens it signed itself would pass only if they had the expected shape.
  const ourKey = new TextEncoder().encode(testConfig({ dataDir: ctx.dataDir }).jwtSecret);
  const ours = (alg: string, body: Record<string, unknown>) =>
    new SignJWT(body).setProtectedHeader({ alg, typ: 'JWT' }).sign(ourKey);
  return {
    tokens: {
      garbage: 'not-a-jwt',
      'a 100 KB token': HUNDRED_KB,
      'a wrong signature': `${header}.${payload}.${flipped}`,
      'no signature': `${header}.${payload}.`,
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'signed with another key': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(otherKey),
      'another organisation claimed': `${header}.${b64({ ...claims, org: claims.org + 1 })}.${signature}`,
      'a deleted user': deleted.access_token,
      'our key but HS512': await ours('HS512', claims),
      'our key but another issuer': await ours('HS256', { ...claims, iss: 'someone-else' }),
      'our key but no expiry': await ours('HS256', { ...claims, exp: undefined }),
      'our key but a text subject': await ours('HS256', { ...claims, sub: 'admin' }),
      'our key but a huge subject': await ours('HS256', { ...claims, sub: '9'.repeat(40) }),
    } as Record<string, string>,
    /** A genuine token, valid until the clock passes its lifetime. */
    expiring: genuine,
    expire: () => ctx.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000),
  };
}

/** Every route refuses a missing, forged or expired bearer token with 401 `{message}`, storing nothing. */
export async function walkBadTokens(
  ctx: TestContext,
  app: FastifyInstance,
  routes: Route[],
): Promise<number> {
  const { tokens, expiring, expire } = await badTokens(ctx, app);
  const before = await storedState(ctx);
  let sent = 0;
  const send = async (route: Route, headers: Record<string, string>, what: string) => {
    const res = await app.inject({
      method: route.method,
      url: route.url,
      headers,
      ...(route.body ? { payload: route.body } : {}),
    });
    expectRefusal(res, `${route.method} ${route.url} with ${what}`, 401);
    sent++;
  };
  for (const route of routes) {
    await send(route, {}, 'no token');
    await send(route, { authorization: 'Basic dXNlcjpwYXNz' }, 'a Basic header');
    for (const [what, token] of Object.entries(tokens)) {
      await send(route, { authorization: `Bearer ${token}` }, what);
    }
  }
  expire();
  for (const route of routes) await send(route, { authorization: `Bearer ${expiring}` }, 'an expired token');
  expect(await storedState(ctx)).toEqual(before);
  return sent;
}

/**
 * The routes the OpenAPI document lists under `tags`, as "METHOD /path" (path parameters as `{name}`),
 * so a suite can check its table walks every one of them: a route added later without a bad-input case
 * fails that check.
 */
export async function documentedRoutes(app: FastifyInstance, tags: string[]): Promise<string[]> {
  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
    paths: Record<string, Record<string, { tags?: string[] }>>;
  }>();
  const found: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.tags?.some((tag) => tags.includes(tag))) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found.sort();
}

/** `routes` as "METHOD /path", for comparing with `documentedRoutes`. */
export const routeNames = (routes: Array<Pick<Route, 'method' | 'url'>>) =>
  routes.map((route) => `${route.method} ${route.url}`).sort();
