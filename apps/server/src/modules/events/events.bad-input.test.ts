import type { StreamTokenResponse } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import {
  badTokens,
  documentedRoutes,
  expectRefusal,
  HUNDRED_KB,
  type Route,
  routeNames,
  storedState,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { openStream } from '../../../test/helpers/event-stream';
import { post } from '../../../test/helpers/whatsapp';
import { users } from '../../db/schema';
import { STREAM_TOKEN_TTL_SECONDS } from './stream-tokens';

/** The bearer route of events.routes.ts; GET /events/ takes its credential in the query (below). */
const routes: Route[] = [{ method: 'POST', url: '/events/stream-token/' }];

describeWithDatabase('event streams refuse bad input and store nothing', (ctx) => {
  it('walks every route the area documents', async () => {
    expect(routeNames([...routes, { method: 'GET', url: '/events/' }])).toEqual(
      await documentedRoutes(ctx.app, ['events']),
    );
  });

  const events = (query: string) => ctx.app.inject({ method: 'GET', url: `/events/?${query}` });

  it('refuses a bad body and a missing, forged or expired token for a stream token', async () => {
    await walkBadBodies(ctx, ctx.app, await signUp(ctx.app), routes);
    await walkBadTokens(ctx, ctx.app, routes);
  });

  it('refuses forged, expired, oversize and malformed stream and access tokens', async () => {
    const owner = await signUp(ctx.app);
    const { stream_token } = (await post<StreamTokenResponse>(ctx.app, owner, '/events/stream-token/')).body;
    const [header, payload, signature] = stream_token.split('.') as [string, string, string];
    const { tokens, expiring, expire } = await badTokens(ctx, ctx.app);
    const before = await storedState(ctx);

    const refused: Array<[string, number]> = [
      ['', 401],
      ['stream_token=', 401],
      ['stream_token=forged', 401],
      [`stream_token=${header}.${payload}.${signature.slice(0, -3)}AAA`, 401],
      [`stream_token=${header}.${payload}.`, 401],
      [`stream_token=${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`, 401],
      // Neither token passes for the other.
      [`stream_token=${owner.access_token}`, 401],
      [`access_token=${stream_token}`, 401],
      [`stream_token=${'x'.repeat(2049)}`, 400],
      [`access_token=${HUNDRED_KB}`, 400],
      [`stream_token=a%00b`, 400],
      [`access_token=a%00b`, 400],
      [`stream_token=a&stream_token=b`, 400],
      [`stream_token[x]=a`, 401],
      ...Object.entries(tokens).map(
        ([, token]) =>
          [`access_token=${encodeURIComponent(token)}`, token === HUNDRED_KB ? 400 : 401] as [string, number],
      ),
    ];
    for (const [query, status] of refused)
      expectRefusal(await events(query), `/events/?${query.slice(0, 80)}`, status);

    // A stream token past its minute, and an access token past its lifetime.
    ctx.clock.advance((STREAM_TOKEN_TTL_SECONDS + 1) * 1000);
    expectRefusal(await events(`stream_token=${stream_token}`), 'an expired stream token', 401);
    expire();
    expectRefusal(await events(`access_token=${expiring}`), 'an expired access token', 401);
    expect(await storedState(ctx)).toEqual(before);
  });

  it('refuses the stream token of a deleted user, and a stream token used twice', async () => {
    const server = await ctx.buildApp();
    await server.listen({ host: '127.0.0.1', port: 0 });
    const gone = await signUp(server, { email: 'gone@example.com' });
    const owner = await signUp(server, { email: 'owner@example.com' });
    const token = async (user: typeof owner) =>
      (await post<StreamTokenResponse>(server, user, '/events/stream-token/')).body.stream_token;
    const goneToken = await token(gone);
    await ctx.db.delete(users).where(eq(users.email, 'gone@example.com'));
    const before = await storedState(ctx);
    expectRefusal(
      await server.inject({ method: 'GET', url: `/events/?stream_token=${goneToken}` }),
      'a deleted user',
      401,
    );
    // Redeeming marks the token used: the one row a refused stream may leave.
    expect({ ...(await storedState(ctx)), redeemedStreamTokens: before.redeemedStreamTokens }).toEqual(
      before,
    );

    const ownerToken = await token(owner);
    const first = await openStream(server, `stream_token=${ownerToken}`);
    expect(first.status).toBe(200);
    const again = await server.inject({ method: 'GET', url: `/events/?stream_token=${ownerToken}` });
    first.close();
    expectRefusal(again, 'a stream token used twice', 401);
  });
});
