import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ClusterDatabases, openClusterDatabases } from '../../../test/helpers/cluster-databases';
import { testDatabaseKinds } from '../../../test/helpers/test-databases';
import type { Database } from '../../db/client';
import { createEventBus, type EventBus } from './event-bus';

type TestEvents = {
  tick: { from: string; n: number };
  blob: { n: number; text: string };
};

const WAIT = { timeout: 20_000, interval: 10 };

for (const kind of testDatabaseKinds()) {
  describe(`event bus [${kind}]`, () => {
    let cluster: ClusterDatabases;
    let buses: EventBus<TestEvents>[] = [];
    let channelCount = 0;
    const listenerErrors: unknown[] = [];

    beforeAll(async () => {
      cluster = await openClusterDatabases(kind, 3);
    });
    afterAll(() => cluster.dispose());
    afterEach(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
      buses = [];
      listenerErrors.length = 0;
    });

    /** Instances A, B, C on their own channel, so no test hears another's events. */
    const openBuses = async () => {
      const channel = `events_${++channelCount}`;
      buses = await Promise.all(
        cluster.instances.map((database: Database, i) =>
          createEventBus<TestEvents>({
            notifications: database.notifications,
            instanceId: 'ABC'[i] as string,
            onListenerError: (error) => listenerErrors.push(error),
            channel,
          }),
        ),
      );
      return buses as [EventBus<TestEvents>, EventBus<TestEvents>, EventBus<TestEvents>];
    };

    it('delivers every instance’s events to every instance in each publisher’s order', async () => {
      const [a, b] = await openBuses();
      const seen = buses.map((bus) => {
        const list: string[] = [];
        bus.onCluster((name, event) => {
          if (name === 'tick') list.push(`${event.from}${event.n}`);
        });
        return list;
      });
      for (let n = 0; n < 1_000; n++) {
        a.publish('tick', { from: 'A', n });
        if (n % 2 === 0) b.publish('tick', { from: 'B', n });
        // Some publishes wait for a round trip, so that batches of different sizes cross.
        if (n % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await vi.waitFor(() => expect(seen.map((list) => list.length)).toEqual([1_500, 1_500, 1_500]), WAIT);
      for (const list of seen) {
        const fromA = list.filter((id) => id.startsWith('A'));
        const fromB = list.filter((id) => id.startsWith('B'));
        expect(fromA).toEqual(Array.from({ length: 1_000 }, (_, n) => `A${n}`));
        expect(fromB).toEqual(Array.from({ length: 500 }, (_, n) => `B${n * 2}`));
      }
      // One commit order, seen alike by all (in-process there is only one delivery order anyway).
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);
    });

    it('delivers a 50 KB event whole, in order between small ones', async () => {
      const [a, b] = await openBuses();
      const received: TestEvents['blob'][] = [];
      b.onCluster((name, event) => {
        if (name === 'blob') received.push(event);
      });
      const large = 'ü'.repeat(25_000);
      a.publish('blob', { n: 1, text: 'small' });
      a.publish('blob', { n: 2, text: large });
      a.publish('blob', { n: 3, text: 'small' });
      await vi.waitFor(() => expect(received).toHaveLength(3), WAIT);
      expect(received).toEqual([
        { n: 1, text: 'small' },
        { n: 2, text: large },
        { n: 3, text: 'small' },
      ]);
    });

    it('gives `on` listeners their own instance’s events only, before publish returns', async () => {
      const [a, b] = await openBuses();
      const onA: number[] = [];
      const onB: number[] = [];
      const clusterB: number[] = [];
      a.on('tick', (event) => onA.push(event.n));
      b.on('tick', (event) => onB.push(event.n));
      b.onCluster((name, event) => {
        if (name === 'tick') clusterB.push(event.n);
      });
      a.publish('tick', { from: 'A', n: 1 });
      expect(onA).toEqual([1]);
      await vi.waitFor(() => expect(clusterB).toEqual([1]), WAIT);
      expect(onB).toEqual([]);
    });

    it('keeps delivering when listeners throw, and reports each failure', async () => {
      const [a, b] = await openBuses();
      const local: number[] = [];
      const remote: number[] = [];
      a.on('tick', () => {
        throw new Error('local listener failed');
      });
      a.on('tick', (event) => local.push(event.n));
      b.onCluster(() => {
        throw new Error('cluster listener failed');
      });
      b.onCluster((name, event) => {
        if (name === 'tick') remote.push(event.n);
      });
      a.publish('tick', { from: 'A', n: 1 });
      a.publish('tick', { from: 'A', n: 2 });
      await vi.waitFor(() => expect(remote).toEqual([1, 2]), WAIT);
      expect(local).toEqual([1, 2]);
      expect(listenerErrors.map((error) => (error as Error).message).sort()).toEqual([
        'cluster listener failed',
        'cluster listener failed',
        'local listener failed',
        'local listener failed',
      ]);
    });

    it('sends what is pending on close, then refuses to publish', async () => {
      const [a, b] = await openBuses();
      const received: number[] = [];
      b.onCluster((name, event) => {
        if (name === 'tick') received.push(event.n);
      });
      for (let n = 0; n < 10; n++) a.publish('tick', { from: 'A', n });
      await a.close();
      expect(() => a.publish('tick', { from: 'A', n: 10 })).toThrow(/after the event bus closed/);
      await vi.waitFor(() => expect(received).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), WAIT);
    });

    it('refuses an event that cannot be serialised, in the publisher', async () => {
      const [a] = await openBuses();
      expect(() => a.publish('tick', { from: 'A', n: 1n } as never)).toThrow(TypeError);
    });
  });
}

const postgresOnly = testDatabaseKinds().includes('postgres') ? describe : describe.skip;

postgresOnly('event bus [postgres] across connections', () => {
  let cluster: ClusterDatabases;
  let a: EventBus<TestEvents>;
  let b: EventBus<TestEvents>;
  let database: Database;

  beforeAll(async () => {
    cluster = await openClusterDatabases('postgres', 2);
    const onListenerError = (error: unknown) => {
      throw error;
    };
    database = cluster.instances[1] as Database;
    a = await createEventBus({
      notifications: (cluster.instances[0] as Database).notifications,
      instanceId: 'A',
      onListenerError,
    });
    b = await createEventBus({ notifications: database.notifications, instanceId: 'B', onListenerError });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await cluster.dispose();
  });

  it('delivers again once the listening session the server ended is re-established', async () => {
    const received: number[] = [];
    b.onCluster((name, event) => {
      if (name === 'tick' && event.from === 'reconnect') received.push(event.n);
    });
    a.publish('tick', { from: 'reconnect', n: 1 });
    await vi.waitFor(() => expect(received).toEqual([1]), WAIT);

    const states: string[] = [];
    const stop = database.notifications.observe((event) => states.push(event.type));
    await cluster.terminateListeners();
    await vi.waitFor(() => expect(states).toEqual(['lost', 'connected']), WAIT);
    stop();

    a.publish('tick', { from: 'reconnect', n: 2 });
    await vi.waitFor(() => expect(received).toEqual([1, 2]), WAIT);
  });

  it('measures publish → onCluster latency on another instance', async () => {
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let resolveNext: (() => void) | undefined;
    b.onCluster((name, event) => {
      if (name !== 'tick' || event.from !== 'latency') return;
      latencies.push(performance.now() - (sentAt.get(event.n) as number));
      resolveNext?.();
    });
    // One at a time: the latency of a lone event, not of a queue.
    for (let n = 0; n < 1_000; n++) {
      const arrived = new Promise<void>((resolve) => {
        resolveNext = resolve;
      });
      sentAt.set(n, performance.now());
      a.publish('tick', { from: 'latency', n });
      await arrived;
    }
    const lone = percentiles(latencies.splice(0));
    // All at once: what a burst costs, batching included.
    const burstDone = new Promise<void>((resolve) => {
      resolveNext = () => latencies.length === 1_000 && resolve();
    });
    for (let n = 0; n < 1_000; n++) {
      sentAt.set(n, performance.now());
      a.publish('tick', { from: 'latency', n });
    }
    await burstDone;
    const burst = percentiles(latencies);
    console.log(
      `event bus latency, PostgreSQL, A → B, 1,000 events: one at a time p50 ${lone.p50} ms, p99 ${lone.p99} ms;` +
        ` as one burst p50 ${burst.p50} ms, p99 ${burst.p99} ms`,
    );
    expect(lone.count).toBe(1_000);
  });
});

function percentiles(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number).toFixed(2);
  return { count: values.length, p50: at(0.5), p99: at(0.99) };
}
