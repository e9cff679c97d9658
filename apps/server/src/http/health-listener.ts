import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { limitConnectionsPerAddress } from './connection-limits';

export const healthListenerMessages = {
  notFound: 'This port serves only GET /healthz.',
} as const;

// Probes are few and quick (an orchestrator or load balancer asking every few seconds): small bounds,
// so the health port cannot become a second way to hold the server's sockets.
const MAX_CONNECTIONS = 64;
const MAX_CONNECTIONS_PER_CLIENT = 8;
const DEADLINE_MS = 5_000;

export interface HealthListenerOptions {
  host: string;
  port: number;
}

/**
 * A listener of its own for `GET /healthz` (HEALTH_PORT), so a main listener full of connections (its
 * MAX_CONNECTIONS reached) never makes a healthy instance look dead. The request goes through the app's
 * own router: the same route, hooks and answer as `/healthz` on the main port, including the 503 the app
 * answers while it closes. Every other path answers 404. The caller closes it (closeHealthListener).
 */
export async function listenForHealth(
  app: FastifyInstance,
  { host, port }: HealthListenerOptions,
): Promise<Server> {
  const server = createServer(
    {
      requestTimeout: DEADLINE_MS,
      headersTimeout: DEADLINE_MS,
      keepAliveTimeout: DEADLINE_MS,
      connectionsCheckingInterval: 1000,
    },
    (request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (path === '/healthz') {
        // One probe per connection: no idle keep-alive connections pile up against the per-client cap
        // (an orchestrator may run several probes from one address).
        response.setHeader('connection', 'close');
        app.routing(request, response);
        return;
      }
      const payload = JSON.stringify({ message: healthListenerMessages.notFound });
      response.writeHead(404, {
        connection: 'close',
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(payload),
      });
      response.end(payload);
    },
  );
  server.maxConnections = MAX_CONNECTIONS;
  limitConnectionsPerAddress(server, { max: MAX_CONNECTIONS_PER_CLIENT, exempt: () => false, log: app.log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops the health listener and ends its open connections. */
export function closeHealthListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
