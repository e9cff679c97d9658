import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../errors';

export const connectionMessages = {
  tooManyInFlight:
    'Too many requests from your address are under way at once. Wait for some of them to finish and try again.',
} as const;

/**
 * Whom one client is: an IPv4 address, or the /64 network of an IPv6 address (one subscriber usually holds
 * a whole /64, so counting single IPv6 addresses would let one client open connections from millions).
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`, a dual-stack listener's view of an IPv4 client) counts as its IPv4.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [before, after] = [groups(head), groups(tail)];
  const full =
    tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Whether a connection's peer is a proxy named by TRUST_PROXY, read the way Fastify reads it for
 * `request.ip`: `true` trusts every peer, a string is a comma list of addresses, CIDRs or proxy-addr's
 * names (`loopback`, …).
 */
export function trustedPeer(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  const trust = proxyAddr.compile(trustProxy.split(',').map((item) => item.trim()));
  return (address) => trust(address, 0);
}

export interface PerAddressOptions {
  max: number;
  /** Peers the cap does not apply to: the proxies named by TRUST_PROXY (every client arrives from them). */
  exempt: (address: string) => boolean;
  log: FastifyBaseLogger;
}

/**
 * At most `max` open connections per client (clientKey) on `server`; one more is closed as soon as it is
 * accepted, before Node reads a byte of it, so one client holding slow connections cannot fill
 * MAX_CONNECTIONS for everyone. Refusals are logged at most once a minute per client.
 */
export function limitConnectionsPerAddress(server: Server, { max, exempt, log }: PerAddressOptions): void {
  const clients = new Map<string, { open: number; warnedAt: number }>();
  // Prepended, so a refused socket never reaches Node's HTTP parser.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const key = clientKey(address);
    const client = clients.get(key) ?? { open: 0, warnedAt: Number.NEGATIVE_INFINITY };
    if (client.open >= max) {
      socket.destroy();
      const now = performance.now();
      if (now - client.warnedAt >= 60_000) {
        client.warnedAt = now;
        log.warn(
          { client: key, open: client.open },
          'connections refused: the client holds the most allowed',
        );
      }
      return;
    }
    client.open += 1;
    clients.set(key, client);
    socket.once('close', () => {
      client.open -= 1;
      if (client.open === 0) clients.delete(key);
    });
  });
}

/**
 * Behind a proxy every connection comes from the proxy, so the per-connection cap cannot tell clients
 * apart: instead at most `max` requests per client (`request.ip`, the forwarded address TRUST_PROXY lets
 * Fastify read) are under way at once; one more answers 429. A request counts from its headers until its
 * response ends or its connection closes.
 */
export function limitRequestsInFlight(app: FastifyInstance, max: number): void {
  const inFlight = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    // No address: the connection closed before the request was routed; nothing to count.
    if (!request.ip) return;
    const key = clientKey(request.ip);
    const count = inFlight.get(key) ?? 0;
    if (count >= max) throw new AppError(429, connectionMessages.tooManyInFlight);
    inFlight.set(key, count + 1);
    reply.raw.once('close', () => {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    });
  });
}
