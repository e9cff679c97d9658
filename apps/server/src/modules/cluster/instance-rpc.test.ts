import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ClusterDatabases, openClusterDatabases } from '../../../test/helpers/cluster-databases';
import { testDatabaseKinds } from '../../../test/helpers/test-databases';
import type { Notifications } from '../../db/notifications';
import { AppError } from '../../errors';
import { createInstanceRpc, type InstanceRpc, RpcRemoteError, RpcTimeoutError } from './instance-rpc';

type TestCommands = {
  echo: { payload: { text: string }; result: { text: string; by: string } };
  claim: { payload: { id: number }; result: never };
  crash: { payload: null; result: never };
  unknown: { payload: null; result: never };
};

for (const kind of testDatabaseKinds()) {
  describe(`instance rpc [${kind}]`, () => {
    let cluster: ClusterDatabases;
    let rpcs: InstanceRpc<TestCommands>[] = [];
    let notifyCalls = 0;

    beforeAll(async () => {
      cluster = await openClusterDatabases(kind, 2);
    });
    afterAll(() => cluster.dispose());
    afterEach(async () => {
      await Promise.all(rpcs.map((rpc) => rpc.close()));
      rpcs = [];
    });

    /** Instances A and B, each answering echo, claim and crash as itself. */
    const openInstances = async () => {
      notifyCalls = 0;
      rpcs = await Promise.all(
        (['A', 'B'] as const).map(async (instanceId, i) => {
          const notifications = countingNotify(cluster.instances[i]?.notifications as Notifications, () => {
            notifyCalls++;
          });
          const rpc = await createInstanceRpc<TestCommands>({ notifications, instanceId });
          rpc.handle('echo', async ({ text }) => ({ text, by: instanceId }));
          rpc.handle('claim', async ({ id }) => {
            throw new AppError(409, `Ticket ${id} is already claimed`);
          });
          rpc.handle('crash', async () => {
            throw new Error('handler bug');
          });
          return rpc;
        }),
      );
      return rpcs as [InstanceRpc<TestCommands>, InstanceRpc<TestCommands>];
    };

    it('answers a call from another instance, many at once, each with its own result', async () => {
      const [a] = await openInstances();
      const texts = Array.from({ length: 50 }, (_, i) => `hello ${i}`);
      const results = await Promise.all(texts.map((text) => a.call('B', 'echo', { text }, 10_000)));
      expect(results).toEqual(texts.map((text) => ({ text, by: 'B' })));
    });

    it('carries a 50 KB payload and result', async () => {
      const [a] = await openInstances();
      const text = '€'.repeat(17_000);
      expect(await a.call('B', 'echo', { text }, 10_000)).toEqual({ text, by: 'B' });
    });

    it('rethrows a remote error with its status code and message', async () => {
      const [a] = await openInstances();
      const error = await a.call('B', 'claim', { id: 7 }, 10_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcRemoteError);
      expect(error).toMatchObject({ statusCode: 409, message: 'Ticket 7 is already claimed' });
      const crash = await a.call('B', 'crash', null, 10_000).catch((e: unknown) => e);
      expect(crash).toBeInstanceOf(RpcRemoteError);
      expect(crash).toMatchObject({ statusCode: undefined, message: 'handler bug' });
    });

    it('answers a command nobody handles with an error', async () => {
      const [a] = await openInstances();
      await expect(a.call('B', 'unknown', null, 10_000)).rejects.toThrow(
        new RpcRemoteError('Instance "B" has no handler for "unknown".'),
      );
    });

    it('times out a call to an instance that does not answer, saying so', async () => {
      const [a] = await openInstances();
      const error = await a.call('nobody', 'echo', { text: 'hi' }, 300).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcTimeoutError);
      expect((error as Error).message).toBe('Instance "nobody" did not answer "echo" within 300 ms.');
    });

    it('runs a call to its own instance in-process, without a notification', async () => {
      const [a] = await openInstances();
      notifyCalls = 0;
      expect(await a.call('A', 'echo', { text: 'self' }, 10_000)).toEqual({ text: 'self', by: 'A' });
      await expect(a.call('A', 'claim', { id: 1 }, 10_000)).rejects.toMatchObject({ statusCode: 409 });
      await expect(a.call('A', 'unknown', null, 10_000)).rejects.toBeInstanceOf(RpcRemoteError);
      expect(notifyCalls).toBe(0);
    });

    it('rejects waiting calls when closed', async () => {
      const [a, b] = await openInstances();
      b.handle('echo', () => new Promise(() => {})); // never answers
      const call = a.call('B', 'echo', { text: 'hi' }, 10_000);
      await vi.waitFor(() => expect(notifyCalls).toBeGreaterThan(0));
      await a.close();
      await expect(call).rejects.toThrow(/closed before an answer/);
    });
  });
}

/** The same notifications, counting notify calls. */
function countingNotify(notifications: Notifications, onNotify: () => void): Notifications {
  return {
    listen: (channel, handler) => notifications.listen(channel, handler),
    notify: (channel, payloads) => {
      onNotify();
      return notifications.notify(channel, payloads);
    },
    observe: (observer) => notifications.observe(observer),
    close: () => notifications.close(),
  };
}
