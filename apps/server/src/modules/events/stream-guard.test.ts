import { randomUUID } from 'node:crypto';
import type { StreamTokenResponse, TokenPair } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { bearer, defaultRegistration, type SignedIn, signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { openStream } from '../../../test/helpers/event-stream';
import { eventually, FAST_WHATSAPP, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import type { Config } from '../../config';
import { openEventStreams, users } from '../../db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/tokens';
import { tooManyStreams } from './events.routes';

const FAST_CHECKS: Partial<Config> = { eventStreamCheckMs: 50 };

describeEachDatabase('event stream bounds', (ctx) => {
  async function server(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
    const app = await ctx.buildApp({ ...FAST_CHECKS, ...overrides }, { whatsapp: FAST_WHATSAPP });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return app;
  }

  async function streamToken(app: FastifyInstance, user: SignedIn): Promise<string> {
    return (await post<StreamTokenResponse>(app, user, '/events/stream-token/')).body.stream_token;
  }

  async function openReady(app: FastifyInstance, query: string) {
    const stream = await openStream(app, query);
    expect(stream.status).toBe(200);
    await eventually(() => stream.events[0]?.type === 'ready', 2_000, 'ready');
    return stream;
  }

  async function signIn(app: FastifyInstance): Promise<SignedIn> {
    const response = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: defaultRegistration.email, password: defaultRegistration.password1 },
    });
    const tokens = response.json<TokenPair>();
    return { ...tokens, headers: bearer(tokens.access_token) };
  }

  it('closes the streams of a sign-in when it logs out, and only those', async () => {
    const app = await server();
    const owner = await signUp(app);
    const otherTab = await signIn(app); // a second sign-in of the same user
    const viaToken = await openReady(app, `stream_token=${await streamToken(app, owner)}`);
    const viaAccess = await openReady(app, `access_token=${owner.access_token}`);
    const other = await openReady(app, `stream_token=${await streamToken(app, otherTab)}`);
    expect(await ctx.count(openEventStreams)).toBe(3);

    await post(app, owner, '/users/logout/', { refresh_token: owner.refresh_token });
    await eventually(
      () => viaToken.ended() && viaAccess.ended(),
      3_000,
      'streams of the signed-out sign-in ended',
    );
    await eventually(async () => (await ctx.count(openEventStreams)) === 1, 2_000, 'their rows deleted');
    expect(other.ended()).toBe(false);
    expect(internalsOf(app).openStreams()).toBe(1);
    other.close();
  });

  it('closes a stream when a reused refresh token revokes its sign-in', async () => {
    const app = await server();
    const owner = await signUp(app);
    const stream = await openReady(app, `stream_token=${await streamToken(app, owner)}`);
    const refresh = (token: string) =>
      app.inject({ method: 'POST', url: '/users/refresh_token/', payload: { refresh_token: token } });
    expect((await refresh(owner.refresh_token)).statusCode).toBe(200);
    expect((await refresh(owner.refresh_token)).statusCode).toBe(401); // reuse: the family is revoked
    await eventually(() => stream.ended(), 3_000, 'stream ended');
  });

  it('closes a stream when the access token behind it expires', async () => {
    const app = await server();
    const owner = await signUp(app);
    const viaToken = await openReady(app, `stream_token=${await streamToken(app, owner)}`);
    const viaAccess = await openReady(app, `access_token=${owner.access_token}`);
    ctx.clock.advance((ACCESS_TOKEN_TTL_SECONDS - 5) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 200)); // several checks pass: still valid
    expect(viaToken.ended() || viaAccess.ended()).toBe(false);

    ctx.clock.advance(5_000);
    await eventually(() => viaToken.ended() && viaAccess.ended(), 3_000, 'streams ended');
    expect(internalsOf(app).openStreams()).toBe(0);
  });

  it('refuses a stream token whose access token has expired since', async () => {
    const app = await server();
    const owner = await signUp(app);
    const token = await streamToken(app, owner);
    ctx.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect((await openStream(app, `stream_token=${token}`)).status).toBe(401);
  });

  it('lets a user hold at most N streams across instances; closed and crashed ones do not count', async () => {
    const a = await server({ eventStreamsPerUser: 2 });
    const b = await server({ eventStreamsPerUser: 2 });
    const owner = await signUp(a);
    const first = await openReady(a, `stream_token=${await streamToken(a, owner)}`);
    const second = await openReady(b, `access_token=${owner.access_token}`);

    const refused = await openStream(a, `stream_token=${await streamToken(a, owner)}`);
    expect(refused.status).toBe(429);
    await eventually(() => refused.ended(), 2_000, 'refusal body');
    expect(JSON.parse(refused.raw.join(''))).toEqual({ message: tooManyStreams(2) });
    expect(await ctx.count(openEventStreams)).toBe(2);

    second.close();
    await eventually(async () => (await ctx.count(openEventStreams)) === 1, 2_000, 'closed stream forgotten');

    // A row its instance stopped refreshing (a crash) does not count, and is purged by the next admission.
    const [user] = await ctx.db.select({ id: users.id }).from(users);
    const crashed = randomUUID();
    await ctx.db.insert(openEventStreams).values({
      id: crashed,
      userId: Number(user?.id),
      familyId: null,
      lastSeenAt: new Date(ctx.clock().getTime() - 60_000),
    });
    const third = await openReady(b, `access_token=${owner.access_token}`);
    const rows = await ctx.db.select().from(openEventStreams);
    expect(rows.map((row) => row.id)).not.toContain(crashed);
    expect(rows).toHaveLength(2);
    first.close();
    third.close();
    await eventually(async () => (await ctx.count(openEventStreams)) === 0, 2_000, 'all rows deleted');
  });

  it('redeems a stream token once across instances', async () => {
    const a = await server();
    const b = await server();
    const owner = await signUp(a);
    const token = await streamToken(a, owner);
    const opened = await openReady(a, `stream_token=${token}`);
    expect((await openStream(b, `stream_token=${token}`)).status).toBe(401);
    // Both instances know the key: a fresh token bought on A opens on B.
    const onB = await openReady(b, `stream_token=${await streamToken(a, owner)}`);
    opened.close();
    onB.close();
  });
});
