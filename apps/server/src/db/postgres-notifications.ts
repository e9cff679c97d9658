import pg from 'pg';
import { createNotificationReader, createNotificationSender } from './notification-bodies';
import { assertChannel, assertDistinct, createObservers, type Notifications, toError } from './notifications';
import { createOrderedDelivery } from './ordered-delivery';

export interface PostgresNotificationsOptions {
  /** Sends notifications and reads large bodies; the listening connection is separate. */
  pool: pg.Pool;
  /** For the one listening connection, which must not come from the pool: LISTEN belongs to a session. */
  connectionString: string;
  /** Reconnection backoff: doubles from `minDelayMs` up to `maxDelayMs`, with jitter. */
  reconnect?: { minDelayMs?: number; maxDelayMs?: number };
}

/** Shows up in pg_stat_activity, so an operator can tell the listening session from pool connections. */
export const LISTENER_APPLICATION_NAME = 'wadesk-notifications';

interface Connection {
  client: pg.Client;
  listening: Set<string>;
  /** The last query sent: pg deprecates queueing a query while another runs, so we queue them here. */
  tail: Promise<unknown>;
}

/** Runs `sql` on the connection after every query sent before it. */
function inOrder(connection: Connection, sql: string): Promise<unknown> {
  const result = connection.tail.then(() => connection.client.query(sql));
  connection.tail = result.catch(() => {});
  return result;
}

/**
 * LISTEN/NOTIFY with one dedicated client per process, opened at the first `listen`. When that client's
 * connection drops, it is reopened with backoff and every channel is listened to again; the observers
 * hear `lost`, then `connected`.
 */
export function createPostgresNotifications(options: PostgresNotificationsOptions): Notifications {
  const { pool, connectionString } = options;
  const minDelayMs = options.reconnect?.minDelayMs ?? 100;
  const maxDelayMs = options.reconnect?.maxDelayMs ?? 5_000;
  const send = createNotificationSender(pool);
  const read = createNotificationReader(pool);
  const observers = createObservers();
  const channels = new Map<string, ReturnType<typeof createOrderedDelivery>>();
  let current: Connection | undefined;
  let connecting: Promise<Connection> | undefined;
  let closed = false;
  let wakeFromBackoff: (() => void) | undefined;

  const closedError = () => new Error('Notifications are closed.');

  const onNotification = ({ channel, payload }: pg.Notification) => {
    channels.get(channel)?.push(read(channel, payload ?? ''));
  };

  const dropped = (client: pg.Client, error: Error) => {
    if (current?.client !== client) return;
    current = undefined;
    client.end().catch(() => {});
    observers.emit({ type: 'lost', error });
    if (channels.size > 0) connection().catch(() => {});
  };

  const backoff = (attempt: number) =>
    new Promise<void>((resolve) => {
      const delay = Math.min(maxDelayMs, minDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      const timer = setTimeout(resolve, delay);
      wakeFromBackoff = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const open = async (): Promise<Connection> => {
    for (let attempt = 0; ; attempt++) {
      if (closed) throw closedError();
      const client = new pg.Client({
        connectionString,
        application_name: LISTENER_APPLICATION_NAME,
        keepAlive: true,
      });
      client.on('error', (error) => dropped(client, error));
      client.on('end', () => dropped(client, new Error('The listening connection ended.')));
      client.on('notification', onNotification);
      try {
        await client.connect();
        const names = [...channels.keys()];
        if (names.length > 0) await client.query(names.map((name) => `listen "${name}"`).join('; '));
        if (closed) throw closedError();
        current = { client, listening: new Set(names), tail: Promise.resolve() };
        observers.emit({ type: 'connected' });
        return current;
      } catch {
        await client.end().catch(() => {});
        if (closed) throw closedError();
        await backoff(attempt);
      }
    }
  };

  const connection = (): Promise<Connection> => {
    if (closed) return Promise.reject(closedError());
    if (current) return Promise.resolve(current);
    connecting ??= open().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const ensureListening = async (channel: string) => {
    for (;;) {
      const live = await connection();
      if (live.listening.has(channel)) return;
      try {
        await inOrder(live, `listen "${channel}"`);
        live.listening.add(channel);
        return;
      } catch (error) {
        // Lost mid-LISTEN: the reconnection listens to every channel, this one included.
        if (current === live) throw error;
      }
    }
  };

  return {
    async listen(channel, handler) {
      assertChannel(channel);
      if (closed) throw closedError();
      let delivery = channels.get(channel);
      if (!delivery) {
        delivery = createOrderedDelivery((error) =>
          observers.emit({ type: 'error', channel, error: toError(error) }),
        );
        channels.set(channel, delivery);
      }
      const subscription = (payload: string) => handler(payload);
      const { handlers } = delivery;
      handlers.add(subscription);
      const unsubscribe = () => {
        handlers.delete(subscription);
        if (handlers.size > 0 || channels.get(channel) !== delivery) return;
        channels.delete(channel);
        // Queries run in order (inOrder), so a later LISTEN of this channel still wins.
        if (current?.listening.delete(channel)) inOrder(current, `unlisten "${channel}"`).catch(() => {});
      };
      try {
        await ensureListening(channel);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    async notify(channel, payloads) {
      assertChannel(channel);
      assertDistinct(channel, payloads);
      if (closed) throw closedError();
      if (payloads.length > 0) await send(channel, payloads);
    },
    observe: observers.add,
    async close() {
      if (closed) return;
      closed = true;
      wakeFromBackoff?.();
      channels.clear();
      observers.clear();
      const live = current;
      current = undefined;
      await Promise.all([live?.client.end().catch(() => {}), connecting?.catch(() => {})]);
    },
  };
}
