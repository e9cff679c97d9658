import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerEvent, StreamTicketResponse } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { captureLogs } from '../../../test/helpers/log-capture';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';

interface Stream {
  status: number;
  events: ServerEvent[];
  raw: string[];
  close(): void;
}

async function open(server: FastifyInstance, query: string): Promise<Stream> {
  const { port } = server.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: `/events/?${query}` },
      (res: IncomingMessage) => {
        const stream: Stream = {
          status: res.statusCode ?? 0,
          events: [],
          raw: [],
          close: () => req.destroy(),
        };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          stream.raw.push(chunk);
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .find((line) => line.startsWith('data: '));
            if (data) stream.events.push(JSON.parse(data.slice(6)));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        });
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describeEachDatabase('event stream', (ctx) => {
  it("pushes status, QR, groups and new messages of the caller's organisation only", async () => {
    const { stream, lines: logs } = captureLogs();
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP, logger: { level: 'info', stream } });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUp(server);
    const intruder = await signUp(server, { email: 'intruder@example.com' });

    const ticket = (await post<StreamTicketResponse>(server, owner, '/events/ticket/')).body;
    expect(ticket.expires_in).toBe(60);
    const mine = await open(server, `ticket=${encodeURIComponent(ticket.ticket)}`);
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
    await eventually(() => server.events.openStreams() === 0, 2_000, 'streams cleaned up');
    const logged = logs.join('');
    expect(logged).not.toContain(ticket.ticket);
    expect(logged).not.toContain(intruder.access_token);
  });

  it('refuses a missing, forged or reused ticket', async () => {
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUp(server);
    expect((await open(server, '')).status).toBe(401);
    expect((await open(server, 'ticket=forged')).status).toBe(401);
    // An access token is not a ticket, and a ticket is not an access token.
    expect((await open(server, `ticket=${owner.access_token}`)).status).toBe(401);
    const { ticket } = (await post<StreamTicketResponse>(server, owner, '/events/ticket/')).body;
    const apiWithTicket = await server.inject({
      method: 'POST',
      url: '/api/getSessionsList/',
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(apiWithTicket.statusCode).toBe(401);
    const first = await open(server, `ticket=${ticket}`);
    expect(first.status).toBe(200);
    expect((await open(server, `ticket=${ticket}`)).status).toBe(401);
    first.close();
    expect((await server.inject({ method: 'POST', url: '/events/ticket/' })).statusCode).toBe(401);
  });
});
