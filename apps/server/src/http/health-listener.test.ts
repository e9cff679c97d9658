import type { Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import {
  closedWithin,
  listenOnLoopback,
  rawConnections,
  requestFrom,
  settle,
} from '../../test/helpers/raw-connections';
import { closeHealthListener, healthListenerMessages, listenForHealth } from './health-listener';

// HEALTH_PORT (README "Configuration"): a full main listener never hides a healthy instance.

describeWithDatabase(
  'health listener',
  (ctx) => {
    const connections = rawConnections();
    let health: Server | undefined;
    afterEach(async () => {
      connections.destroyAll();
      if (health) await closeHealthListener(health);
      health = undefined;
    });

    const healthPort = () => {
      const address = health?.address();
      if (!address || typeof address === 'string') throw new Error('no health port');
      return address.port;
    };

    it('answers /healthz as the main port does while the main listener is full, and nothing else', async () => {
      const app = await ctx.buildApp({ maxConnections: 2 });
      const port = await listenOnLoopback(app);
      health = await listenForHealth(app, { host: '127.0.0.1', port: 0 });
      const expected = await requestFrom(port, '127.0.0.1', { path: '/healthz' });
      expect(expected.status).toBe(200);

      // Two slow clients fill the main listener: a third, from anywhere, is refused.
      const held = [connections.open(port, '127.0.0.2'), connections.open(port, '127.0.0.3')];
      await Promise.all(held.map((c) => c.connected));
      await settle();
      expect(await closedWithin(connections.open(port, '127.0.0.4'), 2000)).toEqual({
        data: '',
        at: expect.any(Number),
      });

      // Probes from one address that would keep their connections: each closes after its answer, so idle
      // ones never pile up against the listener's per-client cap.
      for (let probe = 0; probe < 12; probe++) {
        const connection = connections.open(healthPort(), '127.0.0.4');
        connection.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
        const closed = await closedWithin(connection, 1000);
        expect(closed === 'still open' ? closed : closed.data).toMatch(/^HTTP\/1\.1 200 /);
      }
      const answer = await requestFrom(healthPort(), '127.0.0.4', { path: '/healthz' });
      expect(answer).toEqual(expected);
      expect(JSON.parse(answer.body)).toEqual({ status: 'ok', database: 'up' });

      const other = await requestFrom(healthPort(), '127.0.0.4', { path: '/config/' });
      expect(other.status).toBe(404);
      expect(JSON.parse(other.body)).toEqual({ message: healthListenerMessages.notFound });
    });

    it('answers 503 once the app is closing, so the instance leaves the load balancer', async () => {
      const app = await ctx.buildApp();
      await listenOnLoopback(app);
      health = await listenForHealth(app, { host: '127.0.0.1', port: 0 });
      expect((await requestFrom(healthPort(), '127.0.0.1', { path: '/healthz' })).status).toBe(200);
      await app.close();
      expect((await requestFrom(healthPort(), '127.0.0.1', { path: '/healthz' })).status).toBe(503);
    });
  },
  { shareApp: true },
);
