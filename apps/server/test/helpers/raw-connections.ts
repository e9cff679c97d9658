import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Raw loopback clients for the connection tests (http/*.test.ts). The whole of 127.0.0.0/8 is loopback on
// Linux, so `from: '127.0.0.2'` is a second client address on the same machine.

export interface RawConnection {
  socket: Socket;
  /** Resolves once the socket is connected (the kernel accepted it). */
  connected: Promise<void>;
  /** Resolves with what the server sent once the connection closed, and when. */
  closed: Promise<{ data: string; at: number }>;
}

/** Opens raw connections and destroys them all in `destroyAll` (call it in afterEach, before the app closes). */
export function rawConnections() {
  const sockets: Socket[] = [];
  return {
    open(port: number, from = '127.0.0.1'): RawConnection {
      const socket = connect({ port, host: '127.0.0.1', localAddress: from });
      sockets.push(socket);
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('error', () => {});
      const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const closed = new Promise<{ data: string; at: number }>((resolve) =>
        socket.once('close', () => resolve({ data, at: performance.now() })),
      );
      return { socket, connected, closed };
    },
    destroyAll(): void {
      for (const socket of sockets.splice(0)) socket.destroy();
    },
  };
}

/** `closed`, or 'still open' after `ms`: for connections a test expects the server to close. */
export function closedWithin(connection: RawConnection, ms: number) {
  return Promise.race([
    connection.closed,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

/** One request on a connection of its own from address `from`; answers status and body. */
export function requestFrom(
  port: number,
  from: string,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        path: options.path,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Listens on 127.0.0.1 on a free port; answers the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Lets the server side see what the client side just did (accepted connections, bytes written). */
export const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));
