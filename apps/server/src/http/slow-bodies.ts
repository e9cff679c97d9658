import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const slowBodyMessage =
  'The request body arrived too slowly, so the server stopped waiting for it. Check your connection and try again.';

export interface SlowBodyOptions {
  /** MIN_BODY_BYTES_PER_SECOND; 0 turns the check off. */
  minBytesPerSecond: number;
  /** MIN_BODY_RATE_GRACE_MS: how long a body may wait before its average rate counts. */
  graceMs: number;
}

interface Watched {
  request: IncomingMessage;
  response: ServerResponse;
  socket: Socket;
  ip: string;
  /** The socket's byte count when the request's headers had arrived. */
  bytesAtStart: number;
  /** Time the server spent waiting for this body's bytes (not time they sat unread on the server's side). */
  waitedMs: number;
  lastTick: number;
  /** Where the current window began: the socket's byte count and the time waited then. */
  windowBytes: number;
  windowWaitedMs: number;
}

/**
 * A request body must average at least `minBytesPerSecond` over every `graceMs` of waiting — the first
 * window, and each after it, so a burst up front buys no idle time later; one slower is answered 408 and its connection closed, instead of holding the connection until
 * REQUEST_TIMEOUT_MS. Measured on the socket (bytes the client delivered), so it applies to every body
 * however it is read: Fastify's parsers, the chat save's spool, the multipart upload. Time counts only
 * while nothing the client sent is waiting to be read: a route that reads slowly (a full disk queue, an
 * authentication lookup before the body is read) never makes its client look slow.
 */
export function endSlowBodies(app: FastifyInstance, { minBytesPerSecond, graceMs }: SlowBodyOptions): void {
  if (minBytesPerSecond === 0) return;
  const watched = new Set<Watched>();
  // A few looks per grace period, at most one a second: one timer for all bodies, only while there are any.
  const tickMs = Math.min(1000, Math.max(50, Math.floor(graceMs / 4)));
  let ticker: NodeJS.Timeout | undefined;

  const end = (body: Watched, received: number) => {
    watched.delete(body);
    app.log.info(
      { ip: body.ip, receivedBytes: received, waitedMs: Math.round(body.waitedMs) },
      'request body too slow; connection closed',
    );
    const { socket } = body;
    if (body.response.headersSent) {
      socket.destroy();
      return;
    }
    // Written on the socket, not through the reply: the route may still be waiting for this body, and it
    // fails quietly (the request aborted) once the socket closes.
    const payload = JSON.stringify({ message: slowBodyMessage });
    socket.end(
      `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
    // The client may keep sending; it gets a moment to read the answer, then the socket goes.
    setTimeout(() => socket.destroy(), 1000).unref();
  };

  const tick = () => {
    const now = performance.now();
    for (const body of watched) {
      if (body.request.complete || body.socket.destroyed) {
        watched.delete(body);
        continue;
      }
      if (body.request.readableLength === 0) body.waitedMs += now - body.lastTick;
      body.lastTick = now;
      const waited = body.waitedMs - body.windowWaitedMs;
      if (waited < graceMs) continue;
      const received = body.socket.bytesRead - body.windowBytes;
      if (received * 1000 < minBytesPerSecond * waited) {
        end(body, body.socket.bytesRead - body.bytesAtStart);
        continue;
      }
      body.windowBytes = body.socket.bytesRead;
      body.windowWaitedMs = body.waitedMs;
    }
    if (watched.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    // inject() has no real socket (no byte count): nothing to measure.
    if (!hasBody(raw) || raw.complete || typeof socket?.bytesRead !== 'number') return done();
    const now = performance.now();
    watched.add({
      request: raw,
      response: reply.raw,
      socket,
      ip: request.ip,
      bytesAtStart: socket.bytesRead,
      waitedMs: 0,
      lastTick: now,
      windowBytes: socket.bytesRead,
      windowWaitedMs: 0,
    });
    ticker ??= setInterval(tick, tickMs).unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    clearInterval(ticker);
    watched.clear();
    done();
  });
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
