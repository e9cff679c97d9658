import type { Notifications } from '../../db/notifications';

/** Event name → event shape; every event is a JSON-serialisable object. */
export type EventMap = { [name: string]: object };

/** Called as `(name, event)`; checking `name` narrows `event`. */
export type ClusterListener<M extends EventMap> = (
  ...args: { [K in keyof M & string]: [name: K, event: M[K]] }[keyof M & string]
) => void;

export interface EventBus<M extends EventMap> {
  /**
   * Hands `event` to this process's `on` listeners before returning, and sends it to every instance's
   * `onCluster` listeners (this one's too) after returning. Throws if `event` is not serialisable.
   */
  publish<K extends keyof M & string>(name: K, event: M[K]): void;
  /** This process's events only, delivered synchronously in `publish`. */
  on<K extends keyof M & string>(name: K, listener: (event: M[K]) => void): () => void;
  /**
   * Every instance's events, each publisher's in its publish order; on PostgreSQL all instances also see
   * the same interleaving of publishers (NOTIFY delivers in commit order).
   */
  onCluster(listener: ClusterListener<M>): () => void;
  /** Sends what is still pending, then stops listening; publishing afterwards throws. */
  close(): Promise<void>;
}

export interface EventBusOptions {
  notifications: Notifications;
  /** This process's id, unique among the instances sharing the database. */
  instanceId: string;
  /** A listener threw; the others, and the publisher, carry on. */
  onListenerError: (error: unknown, name: string) => void;
  /** Events could not be sent to the cluster (database unreachable): they are not sent again. */
  onPublishError?: (error: unknown, eventCount: number) => void;
  channel?: string;
}

// One notification carries many events: NOTIFY's per-notification cost, not the bytes, is what limits
// throughput. A packet stays under the inline limit unless one event alone exceeds it.
const PACKET_BYTES = 7_000;

interface Packet {
  from: string;
  seq: number;
  events: [name: string, event: object][];
}

/**
 * Creates the bus and resolves once it listens, so that its own first publish already reaches its
 * `onCluster` listeners.
 */
export async function createEventBus<M extends EventMap>(options: EventBusOptions): Promise<EventBus<M>> {
  const { notifications, instanceId, onListenerError } = options;
  const channel = options.channel ?? 'wadesk_events';
  const onPublishError =
    options.onPublishError ?? ((error: unknown) => onListenerError(error, '(publish to the cluster)'));
  const local = new Map<string, Set<(event: never) => void>>();
  const cluster = new Set<(name: string, event: object) => void>();
  let pending: string[] = [];
  let pendingBytes: number[] = [];
  let flushing: Promise<void> | undefined;
  let seq = 0;
  let closed = false;

  const safely = (name: string, call: () => void) => {
    try {
      call();
    } catch (error) {
      onListenerError(error, name);
    }
  };

  // Packs the waiting events, in order, into as few packets as fit; each packet gets its own sequence
  // number, which also keeps two packets of one notify from being identical.
  const packets = (events: string[], bytes: number[]): string[] => {
    const out: string[] = [];
    const from = JSON.stringify(instanceId);
    let start = 0;
    while (start < events.length) {
      let end = start + 1;
      let size = bytes[start] as number;
      while (end < events.length && size + (bytes[end] as number) + 1 <= PACKET_BYTES) {
        size += (bytes[end] as number) + 1;
        end++;
      }
      out.push(`{"from":${from},"seq":${seq++},"events":[${events.slice(start, end).join(',')}]}`);
      start = end;
    }
    return out;
  };

  const flush = async () => {
    while (pending.length > 0) {
      const events = pending;
      const bytes = pendingBytes;
      pending = [];
      pendingBytes = [];
      try {
        await notifications.notify(channel, packets(events, bytes));
      } catch (error) {
        onPublishError(error, events.length);
      }
    }
    flushing = undefined;
  };

  const receive = (payload: string) => {
    const packet = JSON.parse(payload) as Packet;
    for (const [name, event] of packet.events) {
      for (const listener of [...cluster]) safely(name, () => listener(name, event));
    }
  };

  const unlisten = await notifications.listen(channel, (payload) => {
    try {
      receive(payload);
    } catch (error) {
      onListenerError(error, '(malformed packet)');
    }
  });

  return {
    publish(name, event) {
      if (closed) throw new Error(`Event "${name}" published after the event bus closed.`);
      const serialised = JSON.stringify([name, event]);
      for (const listener of [...(local.get(name) ?? [])]) {
        safely(name, () => (listener as (event: M[typeof name]) => void)(event));
      }
      pending.push(serialised);
      pendingBytes.push(Buffer.byteLength(serialised));
      // Started on a microtask so that a synchronous burst leaves as one notify; while a notify is in
      // flight, the loop in flush picks up everything published meanwhile.
      flushing ??= Promise.resolve().then(flush);
    },
    on(name, listener) {
      const listeners = local.get(name) ?? new Set();
      local.set(name, listeners);
      const entry = listener as (event: never) => void;
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    onCluster(listener) {
      const entry = listener as (name: string, event: object) => void;
      cluster.add(entry);
      return () => cluster.delete(entry);
    },
    async close() {
      closed = true;
      await flushing;
      unlisten();
    },
  };
}
