import { randomUUID } from 'node:crypto';
import type { Notifications } from '../../db/notifications';
import { describeRemoteError, RpcRemoteError, RpcTimeoutError } from './rpc-errors';

export { RpcRemoteError, RpcTimeoutError } from './rpc-errors';

/** Command name → its payload and result; both JSON-serialisable. */
export type RpcCommands = { [command: string]: { payload: unknown; result: unknown } };

export type RpcHandler<C extends RpcCommands, K extends keyof C> = (
  payload: C[K]['payload'],
) => Promise<C[K]['result']>;

export interface InstanceRpc<C extends RpcCommands> {
  /** Answers `command` for every caller; returns the function that stops answering it. */
  handle<K extends keyof C & string>(command: K, handler: RpcHandler<C, K>): () => void;
  /**
   * Runs `command` on instance `targetInstanceId` (in-process when that is this instance). Rejects with
   * RpcRemoteError when the handler threw or no handler exists, RpcTimeoutError after `timeoutMs`.
   */
  call<K extends keyof C & string>(
    targetInstanceId: string,
    command: K,
    payload: C[K]['payload'],
    timeoutMs: number,
  ): Promise<C[K]['result']>;
  /** Stops answering; calls still waiting reject. */
  close(): Promise<void>;
}

export interface InstanceRpcOptions {
  notifications: Notifications;
  /**
   * This process's id, unique among the instances sharing the database. It names the instance's channel,
   * so: at most 52 letters, digits, "_", ".", ":" or "-" (a UUID fits).
   */
  instanceId: string;
}

type Message =
  | { kind: 'request'; id: string; from: string; command: string; payload: unknown }
  | { kind: 'reply'; id: string; result?: unknown; error?: { statusCode?: number; message: string } };

interface PendingCall {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

const channelOf = (instanceId: string) => `wadesk_rpc:${instanceId}`;

/**
 * Request–reply between instances: each instance listens on its own channel; a request carries a fresh
 * correlation id and the caller's id, the reply goes to the caller's channel with that id.
 */
export async function createInstanceRpc<C extends RpcCommands = RpcCommands>(
  options: InstanceRpcOptions,
): Promise<InstanceRpc<C>> {
  const { notifications, instanceId } = options;
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  const pending = new Map<string, PendingCall>();

  const run = (command: string, payload: unknown): Promise<unknown> => {
    const handler = handlers.get(command);
    if (!handler) {
      return Promise.reject(new RpcRemoteError(`Instance "${instanceId}" has no handler for "${command}".`));
    }
    // A handler that throws synchronously is reported like one that rejects.
    return Promise.resolve().then(() => handler(payload));
  };

  const answer = async (request: Extract<Message, { kind: 'request' }>) => {
    let reply: Message;
    try {
      reply = { kind: 'reply', id: request.id, result: await run(request.command, request.payload) };
    } catch (error) {
      reply = { kind: 'reply', id: request.id, error: describeRemoteError(error) };
    }
    // Nobody to tell when the reply cannot be sent: the caller's timeout reports it.
    await notifications.notify(channelOf(request.from), [JSON.stringify(reply)]).catch(() => {});
  };

  const receive = (message: Message) => {
    if (message.kind === 'request') {
      void answer(message);
      return;
    }
    const call = pending.get(message.id);
    if (!call) return; // timed out already
    pending.delete(message.id);
    if (message.error) call.reject(new RpcRemoteError(message.error.message, message.error.statusCode));
    else call.resolve(message.result);
  };

  const unlisten = await notifications.listen(channelOf(instanceId), (payload) =>
    receive(JSON.parse(payload) as Message),
  );

  return {
    handle(command, handler) {
      const entry = handler as (payload: unknown) => Promise<unknown>;
      handlers.set(command, entry);
      return () => {
        if (handlers.get(command) === entry) handlers.delete(command);
      };
    },
    call(targetInstanceId, command, payload, timeoutMs) {
      return new Promise((resolve, reject) => {
        const id = randomUUID();
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new RpcTimeoutError(targetInstanceId, command, timeoutMs));
        }, timeoutMs);
        const settle = {
          resolve: (result: unknown) => {
            clearTimeout(timer);
            resolve(result as C[typeof command]['result']);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        pending.set(id, settle);
        const done = (outcome: () => void) => {
          if (pending.delete(id)) outcome();
        };
        if (targetInstanceId === instanceId) {
          // No round trip to ourselves; errors take the same shape as a remote instance's.
          run(command, payload).then(
            (result) => done(() => settle.resolve(result)),
            (error) => done(() => settle.reject(toRemoteError(error))),
          );
          return;
        }
        const request: Message = { kind: 'request', id, from: instanceId, command, payload };
        notifications
          .notify(channelOf(targetInstanceId), [JSON.stringify(request)])
          .catch((error) => done(() => settle.reject(error)));
      });
    },
    async close() {
      unlisten();
      for (const call of pending.values())
        call.reject(new Error('The instance RPC closed before an answer.'));
      pending.clear();
    },
  };
}

function toRemoteError(error: unknown): RpcRemoteError {
  if (error instanceof RpcRemoteError) return error;
  const { statusCode, message } = describeRemoteError(error);
  return new RpcRemoteError(message, statusCode, { cause: error });
}
