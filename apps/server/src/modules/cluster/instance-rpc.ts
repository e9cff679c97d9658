/** A command refused by the instance that ran it, with the HTTP status it meant. */
export class RpcRemoteError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'RpcRemoteError';
  }
}

export interface InstanceRpc {
  handle<P, R>(command: string, handler: (payload: P) => Promise<R>): void;
  call<R>(targetInstanceId: string, command: string, payload: unknown, timeoutMs: number): Promise<R>;
  close(): Promise<void>;
}

/** One process: every instance id but our own is unreachable. */
export function createInstanceRpc({ instanceId }: { instanceId: string }): InstanceRpc {
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  return {
    handle(command, handler) {
      handlers.set(command, handler as (payload: unknown) => Promise<unknown>);
    },
    async call<R>(target: string, command: string, payload: unknown): Promise<R> {
      const handler = handlers.get(command);
      if (target !== instanceId || !handler) throw new RpcRemoteError(`No server answers ${command}.`, 503);
      return (await handler(payload)) as R;
    },
    async close() {},
  };
}
