import { EventEmitter } from 'node:events';

/** Any map of event names to JSON-serialisable event objects. */
export type EventMapOf<M> = { [K in keyof M]: object };

/**
 * The bus between modules. `on` hears this process's events (in-process work: "a session of mine
 * connected"); `onCluster` hears every instance's events (the event streams of browsers connected here).
 * This in-process bus is the one-process case, where both are the same events (docs/architecture.md).
 */
export interface EventBus<M extends EventMapOf<M>> {
  publish<K extends keyof M & string>(name: K, event: M[K]): void;
  /** Returns the unsubscribe function. */
  on<K extends keyof M & string>(name: K, listener: (event: M[K]) => void): () => void;
  onCluster(listener: <K extends keyof M & string>(name: K, event: M[K]) => void): () => void;
  close(): Promise<void>;
}

export function createLocalEventBus<M extends EventMapOf<M>>(
  onListenerError: (error: unknown) => void,
): EventBus<M> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one cluster listener per open event stream
  const CLUSTER = Symbol('cluster');
  const call = (listener: (...args: unknown[]) => void, args: unknown[]) => {
    // A failing listener (say, the owner-agent watcher) must not break the publisher or other listeners.
    try {
      listener(...args);
    } catch (error) {
      onListenerError(error);
    }
  };
  return {
    publish(name, event) {
      for (const listener of emitter.listeners(name)) call(listener as never, [event]);
      for (const listener of emitter.listeners(CLUSTER)) call(listener as never, [name, event]);
    },
    on(name, listener) {
      emitter.on(name, listener);
      return () => void emitter.off(name, listener);
    },
    onCluster(listener) {
      emitter.on(CLUSTER, listener);
      return () => void emitter.off(CLUSTER, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
