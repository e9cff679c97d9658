import { afterEach, expect, it } from 'vitest';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import {
  closedWithin,
  listenOnLoopback,
  rawConnections,
  requestFrom,
  settle,
} from '../../test/helpers/raw-connections';
import type { Config } from '../config';
import { connectionMessages } from './connection-limits';

// A slow or idle client must not hold a connection forever, the number of connections is capped, and one
// client cannot take them all (README "Configuration": REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS,
// KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, TRUST_PROXY).

describeWithDatabase(
  'connection bounds',
  (ctx) => {
    const connections = rawConnections();
    afterEach(() => connections.destroyAll());

    const listening = async (overrides: Partial<Config>) => listenOnLoopback(await ctx.buildApp(overrides));

    it('closes a request whose body trickles in slower than the request deadline', async () => {
      const port = await listening({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
      const { socket, closed } = connections.open(port);
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
      const { socket, closed } = connections.open(port);
      const started = performance.now();
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 200);
      const { at } = await closed;
      clearInterval(drip);
      expect(at - started).toBeLessThan(4000);
    });

    it('closes an idle keep-alive connection', async () => {
      const port = await listening({ keepAliveTimeoutMs: 1000 });
      const { socket, closed } = connections.open(port);
      const started = performance.now();
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      const { data, at } = await closed;
      expect(data.startsWith('HTTP/1.1 200')).toBe(true);
      expect(at - started).toBeGreaterThan(900);
      expect(at - started).toBeLessThan(4000);
    });

    it('refuses connections beyond the cap and serves again once one closes', async () => {
      const port = await listening({ maxConnections: 2 });
      const first = connections.open(port);
      const second = connections.open(port, '127.0.0.2');
      await Promise.all([first.connected, second.connected]);
      await settle();
      const third = connections.open(port, '127.0.0.3');
      const { data } = await third.closed;
      expect(data).toBe('');
      first.socket.destroy();
      await first.closed;
      expect((await requestFrom(port, '127.0.0.1', { path: '/healthz' })).status).toBe(200);
    });

    it('caps the connections one address holds; other addresses are still served, and it again once one closes', async () => {
      const port = await listening({ maxConnectionsPerAddress: 3 });
      // Three slow clients from one address: headers that never end.
      const held = [0, 1, 2].map(() => connections.open(port));
      await Promise.all(held.map((c) => c.connected));
      for (const c of held) c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      await settle();

      const fourth = connections.open(port);
      expect(await closedWithin(fourth, 2000)).toEqual({ data: '', at: expect.any(Number) });
      const other = await requestFrom(port, '127.0.0.2', { path: '/healthz' });
      expect(other.status).toBe(200);

      held[0]?.socket.destroy();
      await held[0]?.closed;
      await settle();
      expect((await requestFrom(port, '127.0.0.1', { path: '/healthz' })).status).toBe(200);
    });

    it('behind TRUST_PROXY caps requests under way per forwarded address, not the proxy’s connections', async () => {
      // 127.0.0.1 plays the proxy; 127.0.0.2 is a client that reaches the server directly.
      const port = await listening({ trustProxy: '127.0.0.1', maxConnectionsPerAddress: 2 });
      const forwarded = (client: string) =>
        `POST /users/login/ HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${client}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`;
      // Two requests of one client, under way (their bodies not sent yet), through the proxy.
      const underWay = [0, 1].map(() => connections.open(port));
      await Promise.all(underWay.map((c) => c.connected));
      for (const c of underWay) c.socket.write(forwarded('203.0.113.7'));
      await settle();

      // A third connection from the proxy is accepted; the same client's third request answers 429.
      const third = await requestFrom(port, '127.0.0.1', {
        path: '/healthz',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(third.status).toBe(429);
      expect(JSON.parse(third.body)).toEqual({ message: connectionMessages.tooManyInFlight });
      const otherClient = await requestFrom(port, '127.0.0.1', {
        path: '/healthz',
        headers: { 'x-forwarded-for': '203.0.113.8' },
      });
      expect(otherClient.status).toBe(200);

      // Once one of its requests ends, the client is served again.
      underWay[0]?.socket.destroy();
      await underWay[0]?.closed;
      await settle();
      const again = await requestFrom(port, '127.0.0.1', {
        path: '/healthz',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(again.status).toBe(200);

      // A client that is not the proxy is still capped per connection.
      const direct = [0, 1].map(() => connections.open(port, '127.0.0.2'));
      await Promise.all(direct.map((c) => c.connected));
      await settle();
      expect(await closedWithin(connections.open(port, '127.0.0.2'), 2000)).toEqual({
        data: '',
        at: expect.any(Number),
      });
    });
  },
  { shareApp: true },
);
