import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { AccessTokens } from '../auth/tokens';
import type { DeskEventBus } from './desk-events';
import { createEventHub } from './event-hub';
import { eventsRoutes } from './events.routes';
import { createStreamTickets } from './stream-tickets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bus between modules (tests listen on it) and the number of open event streams. */
    events: { bus: DeskEventBus; openStreams(): number };
  }
}

export interface RegisterEventsOptions {
  bus: DeskEventBus;
  jwtSecret: string;
  clock: Clock;
  accessTokens: AccessTokens;
  heartbeatMs: number;
}

/** The events module: browsers' server-sent event streams, fed from the bus of every instance. */
export async function registerEvents(
  app: FastifyInstance,
  { bus, jwtSecret, clock, accessTokens, heartbeatMs }: RegisterEventsOptions,
): Promise<void> {
  const hub = createEventHub(bus);
  await app.register(eventsRoutes, {
    hub,
    tickets: createStreamTickets({ secret: jwtSecret, clock }),
    accessTokens,
    heartbeatMs,
  });
  app.decorate('events', { bus, openStreams: hub.clientCount });
  app.addHook('preClose', async () => {
    hub.close();
  });
}
