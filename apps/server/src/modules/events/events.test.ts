import type { StreamTokenResponse, TokenPair } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { openStream as open } from '../../../test/helpers/event-stream';
import { captureLogs } from '../../../test/helpers/log-capture';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { users } from '../auth/auth.schema';

describeWithDatabase('event stream', (ctx) => {
  it("pushes status, QR, groups and new messages of the caller's organisation only", async () => {
    const { stream, lines: logs } = captureLogs();
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP, logger: { level: 'info', stream } });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUpVerified(server);
    const intruder = await signUpVerified(server, { email: 'intruder@example.com' });

    const token = (await post<StreamTokenResponse>(server, owner, '/events/stream-token/')).body;
    expect(token.expires_in).toBe(60);
    const mine = await open(server, `stream_token=${encodeURIComponent(token.stream_token)}`);
    expect(mine.status).toBe(200);
    const theirs = await open(server, `access_token=${encodeURIComponent(intruder.access_token)}`);
    expect(theirs.status).toBe(200);
    await eventually(() => mine.events[0]?.type === 'ready' && theirs.events[0]?.type === 'ready');

    const { sessionId, groups } = await linkSession(server, owner);
    await post(server, owner, `/sim/sessions/${sessionId}/incoming`, {
      group_id: groups[0]?.group_id,
      body: 'hello desk',
    });
    const arrived = await eventually(() => mine.events.find((e) => e.type === 'messages.new'));
    expect(arrived).toMatchObject({
      session_id: sessionId,
      group_id: groups[0]?.group_id,
      messages: [{ body: 'hello desk' }],
    });
    const types = new Set(mine.events.map((e) => e.type));
    for (const type of ['session.status', 'session.qr', 'groups.updated', 'history'])
      expect(types, type).toContain(type);
    expect(mine.events).toContainEqual(
      expect.objectContaining({ type: 'session.status', session_id: sessionId, status: 'connected' }),
    );

    await eventually(() => mine.raw.join('').includes(': ping'), 2_000, 'a heartbeat');
    expect(theirs.events.map((e) => e.type)).toEqual(['ready']); // nothing of the other organisation

    mine.close();
    theirs.close();
    await eventually(() => internalsOf(server).openStreams() === 0, 2_000, 'streams cleaned up');
    const logged = logs.join('');
    expect(logged).not.toContain(token.stream_token);
    expect(logged).not.toContain(intruder.access_token);
  });

  it('refuses a missing, forged or reused stream token', async () => {
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUpVerified(server);
    expect((await open(server, '')).status).toBe(401);
    expect((await open(server, 'stream_token=forged')).status).toBe(401);
    // An access token is not a stream token, and a stream token is not an access token.
    expect((await open(server, `stream_token=${owner.access_token}`)).status).toBe(401);
    const { stream_token } = (await post<StreamTokenResponse>(server, owner, '/events/stream-token/')).body;
    const apiWithStreamToken = await server.inject({
      method: 'POST',
      url: '/api/getSessionsList/',
      headers: { authorization: `Bearer ${stream_token}` },
    });
    expect(apiWithStreamToken.statusCode).toBe(401);
    const first = await open(server, `stream_token=${stream_token}`);
    expect(first.status).toBe(200);
    expect((await open(server, `stream_token=${stream_token}`)).status).toBe(401);
    first.close();
    expect((await server.inject({ method: 'POST', url: '/events/stream-token/' })).statusCode).toBe(401);
  });

  it('opens no stream for a token that a password reset ended, as every other route refuses it', async () => {
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUpVerified(server);
    const { stream_token } = (await post<StreamTokenResponse>(server, owner, '/events/stream-token/')).body;
    // What a password reset (or a Google sign-in taking the account over) writes: every token issued
    // before now stops speaking for the user (auth.repository.ts).
    ctx.clock.advance(2_000);
    await ctx.db
      .update(users)
      .set({ tokensValidAfter: ctx.clock() })
      .where(eq(users.email, 'ann@example.com'));
    const before = await server.inject({
      method: 'POST',
      url: '/api/getSessionsList/',
      headers: owner.headers,
    });
    expect(before.statusCode).toBe(401);
    for (const query of [`access_token=${owner.access_token}`, `stream_token=${stream_token}`]) {
      const refused = await open(server, query);
      expect(refused.status, query.split('=')[0]).toBe(401);
      refused.close();
    }
    // Signing in again after the reset opens streams as before.
    ctx.clock.advance(2_000);
    const login = await server.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: 'ann@example.com', password: 'Secret!A' },
    });
    const fresh = await open(server, `access_token=${login.json<TokenPair>().access_token}`);
    expect(fresh.status).toBe(200);
    fresh.close();
  });
});
