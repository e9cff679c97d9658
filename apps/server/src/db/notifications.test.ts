import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ClusterDatabases, openClusterDatabases } from '../../test/helpers/cluster-databases';
import { testDatabaseKinds } from '../../test/helpers/test-databases';
import type { Database } from './client';
import { createInProcessNotifications, type NotificationsEvent } from './notifications';

const WAIT = { timeout: 15_000, interval: 10 };

for (const kind of testDatabaseKinds()) {
  describe(`notifications [${kind}]`, () => {
    let cluster: ClusterDatabases;
    let a: Database;
    let b: Database;
    let channelCount = 0;
    // A fresh channel per test, so that nothing one test sent can reach another's handlers.
    const channel = () => `test_${++channelCount}`;

    beforeAll(async () => {
      cluster = await openClusterDatabases(kind, 2);
      [a, b] = cluster.instances as [Database, Database];
    });
    afterAll(() => cluster.dispose());

    it('delivers to another instance in send order, across notify calls', async () => {
      const name = channel();
      const received: string[] = [];
      await b.notifications.listen(name, (payload) => received.push(payload));
      const sent = Array.from({ length: 1_000 }, (_, i) => `payload ${i}`);
      for (let i = 0; i < sent.length; i += 100) {
        await a.notifications.notify(name, sent.slice(i, i + 100));
      }
      await vi.waitFor(() => expect(received).toHaveLength(sent.length), WAIT);
      expect(received).toEqual(sent);
    });

    it('delivers a 50 KB payload whole, in its place between small ones', async () => {
      const name = channel();
      const received: string[] = [];
      await b.notifications.listen(name, (payload) => received.push(payload));
      const large = `${'é'.repeat(25_000)}end`; // 50 KB of UTF-8, over NOTIFY's 8000-byte limit
      await a.notifications.notify(name, ['before', large, 'after']);
      await a.notifications.notify(name, ['later']);
      await vi.waitFor(() => expect(received).toHaveLength(4), WAIT);
      expect(received).toEqual(['before', large, 'after', 'later']);
    });

    it('refuses a notify whose payloads repeat, sending none of them', async () => {
      const name = channel();
      const received: string[] = [];
      await b.notifications.listen(name, (payload) => received.push(payload));
      await expect(a.notifications.notify(name, ['x', 'y', 'x'])).rejects.toThrow(/Repeated payload/);
      await a.notifications.notify(name, ['marker']);
      await vi.waitFor(() => expect(received).toEqual(['marker']), WAIT);
    });

    it('refuses channel names PostgreSQL would truncate or need escaping for', async () => {
      await expect(a.notifications.listen('x'.repeat(64), () => {})).rejects.toThrow(/Invalid/);
      await expect(a.notifications.notify('a"b', ['x'])).rejects.toThrow(/Invalid/);
    });

    it('stops one handler on unsubscribe while the channel’s other handlers keep receiving', async () => {
      const name = channel();
      const first: string[] = [];
      const second: string[] = [];
      const stopFirst = await b.notifications.listen(name, (payload) => first.push(payload));
      await b.notifications.listen(name, (payload) => second.push(payload));
      await a.notifications.notify(name, ['one']);
      await vi.waitFor(() => expect(first).toEqual(['one']), WAIT);
      stopFirst();
      await a.notifications.notify(name, ['two']);
      await vi.waitFor(() => expect(second).toEqual(['one', 'two']), WAIT);
      expect(first).toEqual(['one']);
    });

    it('reports a throwing handler to the observers and still delivers to the others', async () => {
      const name = channel();
      const events: NotificationsEvent[] = [];
      const stopObserving = b.notifications.observe((event) => events.push(event));
      const received: string[] = [];
      await b.notifications.listen(name, () => {
        throw new Error('handler failed');
      });
      await b.notifications.listen(name, (payload) => received.push(payload));
      await a.notifications.notify(name, ['one', 'two']);
      await vi.waitFor(() => expect(received).toEqual(['one', 'two']), WAIT);
      stopObserving();
      const errors = events.filter((event) => event.type === 'error');
      expect(errors).toHaveLength(2);
      expect(errors[0]).toMatchObject({ channel: name, error: { message: 'handler failed' } });
    });
  });
}

const postgresOnly = testDatabaseKinds().includes('postgres') ? describe : describe.skip;

postgresOnly('notifications [postgres] connection and storage', () => {
  let cluster: ClusterDatabases;
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    cluster = await openClusterDatabases('postgres', 2);
    [a, b] = cluster.instances as [Database, Database];
  });
  afterAll(() => cluster.dispose());

  it('listens again after the server ends the listening session, telling the observer', async () => {
    const received: string[] = [];
    await b.notifications.listen('reconnect', (payload) => received.push(payload));
    await a.notifications.notify('reconnect', ['before']);
    await vi.waitFor(() => expect(received).toEqual(['before']), WAIT);

    const states: string[] = [];
    b.notifications.observe((event) => states.push(event.type));
    expect(await cluster.terminateListeners()).toBeGreaterThan(0);
    await vi.waitFor(() => expect(states).toEqual(['lost', 'connected']), WAIT);

    await a.notifications.notify('reconnect', ['after']);
    await vi.waitFor(() => expect(received).toEqual(['before', 'after']), WAIT);
  });

  it('purges bodies older than a minute when it stores a new one', async () => {
    await a.db.execute(
      sql`insert into notification_bodies (key, body, created_at)
          values ('00000000-0000-4000-8000-000000000000', 'stale', now() - interval '2 minutes')`,
    );
    // A fresh Database: its sender has not purged yet, so its first large payload purges.
    const received: string[] = [];
    await a.notifications.listen('purge', (payload) => received.push(payload));
    await b.notifications.notify('purge', ['x'.repeat(10_000)]);
    await vi.waitFor(() => expect(received).toHaveLength(1), WAIT);
    const { rows } = (await a.db.execute(sql`select body from notification_bodies`)) as {
      rows: { body: string }[];
    };
    expect(rows.map((row) => row.body)).toEqual(['x'.repeat(10_000)]);
  });
});

describe('notifications [in-process]', () => {
  it('delivers a payload sent from inside a handler after the rest of the batch being delivered', async () => {
    const notifications = createInProcessNotifications();
    const received: string[] = [];
    await notifications.listen('order', (payload) => {
      received.push(payload);
      if (payload === 'first') void notifications.notify('order', ['from handler']);
    });
    await notifications.notify('order', ['first', 'second']);
    expect(received).toEqual(['first', 'second', 'from handler']);
    await notifications.close();
  });
});
