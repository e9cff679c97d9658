/**
 * Publish/subscribe between the server processes sharing one database. On PostgreSQL this is LISTEN/NOTIFY
 * (postgres-notifications.ts); on PGlite only one process exists, so delivery stays in memory.
 *
 * Guarantees on both: a channel's payloads reach each handler in the order they were sent (on PostgreSQL
 * the order in which the sending transactions committed, the same on every listener); a payload of any
 * size arrives whole. Not guaranteed: delivery while a listener is disconnected — a notification sent
 * while PostgreSQL has no LISTEN session for this process is gone, which is why the observer hears
 * `lost` and `connected`. Why and how: docs/decisions/0014-cross-instance-notifications.md.
 */
export interface Notifications {
  /**
   * Calls `handler` with every payload sent on `channel` from now on. Resolves once the channel is being
   * listened to (a payload sent after that is delivered), to the function that stops this handler.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => void>;
  /**
   * Sends `payloads` on `channel`, in order, as one transaction (one round trip). PostgreSQL delivers a
   * repeated payload of one transaction only once, so payloads of one call must differ (a sequence number
   * or correlation id does it); a call with repeats is refused on every driver alike.
   */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
  /** Tells `observer` when the listening connection is lost or (re)established, and about failed deliveries. */
  observe(observer: (event: NotificationsEvent) => void): () => void;
  close(): Promise<void>;
}

export type NotificationsEvent =
  | { type: 'connected' }
  /** Notifications sent from now until `connected` will not arrive here. */
  | { type: 'lost'; error: Error }
  /** A handler threw, or a large payload could not be read back; later payloads are still delivered. */
  | { type: 'error'; channel: string; error: Error };

// PostgreSQL truncates identifiers at 63 bytes; pg_notify refuses longer ones. Keeping names plain also
// lets the listener quote them without escaping.
const CHANNEL_PATTERN = /^[A-Za-z0-9_.:-]{1,63}$/;

export function assertChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) {
    throw new Error(
      `Invalid notification channel "${channel}": use 1-63 letters, digits, "_", ".", ":", "-".`,
    );
  }
}

export function assertDistinct(channel: string, payloads: readonly string[]): void {
  if (new Set(payloads).size !== payloads.length) {
    throw new Error(`Repeated payload in one notify on "${channel}": PostgreSQL would deliver it only once.`);
  }
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** The observers of one Notifications; an observer that throws cannot stop delivery. */
export function createObservers() {
  const observers = new Set<(event: NotificationsEvent) => void>();
  return {
    add(observer: (event: NotificationsEvent) => void): () => void {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    emit(event: NotificationsEvent): void {
      for (const observer of observers) {
        try {
          observer(event);
        } catch {
          // Observers report; none of them may hold up the delivery that told them.
        }
      }
    },
    clear: () => observers.clear(),
  };
}

/** The single-process implementation (PGlite): handlers run in send order, before `notify` resolves. */
export function createInProcessNotifications(): Notifications {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const observers = createObservers();
  // A handler that notifies must not have its payloads overtake the rest of the batch being delivered.
  const queue: [channel: string, payload: string][] = [];
  let delivering = false;
  let closed = false;

  const deliver = () => {
    delivering = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [channel, payload] = next;
        for (const handler of [...(channels.get(channel) ?? [])]) {
          try {
            handler(payload);
          } catch (error) {
            observers.emit({ type: 'error', channel, error: toError(error) });
          }
        }
      }
    } finally {
      delivering = false;
    }
  };

  return {
    async listen(channel, handler) {
      assertChannel(channel);
      if (closed) throw new Error('Notifications are closed.');
      const handlers = channels.get(channel) ?? new Set();
      channels.set(channel, handlers);
      // A wrapper, so that the same function listening twice is two subscriptions, as on PostgreSQL.
      const subscription = (payload: string) => handler(payload);
      handlers.add(subscription);
      return () => {
        handlers.delete(subscription);
        if (handlers.size === 0 && channels.get(channel) === handlers) channels.delete(channel);
      };
    },
    async notify(channel, payloads) {
      assertChannel(channel);
      assertDistinct(channel, payloads);
      if (closed) throw new Error('Notifications are closed.');
      for (const payload of payloads) queue.push([channel, payload]);
      if (!delivering) deliver();
    },
    observe: observers.add,
    async close() {
      closed = true;
      channels.clear();
      observers.clear();
    },
  };
}
