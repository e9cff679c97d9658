import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/test-config';
import { buildApp } from '../app';
import type { Config } from '../config';

// A slow or idle client must not hold a connection forever, and the number of connections is capped
// (README "Configuration": REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS).

let app: FastifyInstance | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app?.close();
  app = undefined;
});

async function listening(overrides: Partial<Config>): Promise<number> {
  app = await buildApp(testConfig(overrides));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A raw connection; resolves with what the server sent once it closed the connection, and when. */
function open(port: number): { socket: Socket; closed: Promise<{ data: string; at: number }> } {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let data = '';
  socket.on('data', (chunk) => {
    data += chunk.toString();
  });
  socket.on('error', () => {});
  const closed = new Promise<{ data: string; at: number }>((resolve) =>
    socket.on('close', () => resolve({ data, at: performance.now() })),
  );
  return { socket, closed };
}

describe('connection bounds', () => {
  it('closes a request whose body trickles in slower than the request deadline', async () => {
    const port = await listening({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
    const { socket, closed } = open(port);
    const started = performance.now();
    socket.write(
      'POST /users/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => socket.writable && socket.write('a'), 200);
    const { data, at } = await closed;
    clearInterval(drip);
    expect(at - started).toBeLessThan(4000);
    expect(data === '' || data.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a connection whose headers never end', async () => {
    const port = await listening({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
    const { socket, closed } = open(port);
    const started = performance.now();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 200);
    const { at } = await closed;
    clearInterval(drip);
    expect(at - started).toBeLessThan(4000);
  });

  it('closes an idle keep-alive connection', async () => {
    const port = await listening({ keepAliveTimeoutMs: 1000 });
    const { socket, closed } = open(port);
    const started = performance.now();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const { data, at } = await closed;
    expect(data.startsWith('HTTP/1.1 200')).toBe(true);
    expect(at - started).toBeGreaterThan(900);
    expect(at - started).toBeLessThan(4000);
  });

  it('refuses connections beyond the cap and serves again once one closes', async () => {
    const port = await listening({ maxConnections: 2 });
    const first = open(port);
    const second = open(port);
    await Promise.all([first, second].map((c) => new Promise((r) => c.socket.once('connect', r))));
    await new Promise((r) => setTimeout(r, 100));
    const third = open(port);
    const { data } = await third.closed;
    expect(data).toBe('');
    first.socket.destroy();
    await first.closed;
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
