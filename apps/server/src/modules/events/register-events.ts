import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { TokenUserLookup } from '../auth/authenticate';
import type { AccessTokens } from '../auth/tokens';
import type { DeskEventBus } from './desk-events';
import { createEventHub } from './event-hub';
import { eventsRoutes } from './events.routes';
import { createOpenStreamsRepository } from './open-streams.repository';
import { createStreamGuard } from './stream-guard';
import { createStreamTokens } from './stream-tokens';
import { createStreamTokensRepository } from './stream-tokens.repository';

export interface RegisterEventsOptions {
  bus: DeskEventBus;
  db: Db;
  clock: Clock;
  config: Pick<Config, 'jwtSecret' | 'eventStreamsPerUser' | 'eventStreamCheckMs'>;
  accessTokens: AccessTokens;
  /** Auth's check that a token still speaks for its user (authenticate.ts). */
  tokenUser: TokenUserLookup;
  heartbeatMs: number;
}

/**
 * The events module: browsers' server-sent event streams, fed from the bus of every instance; single-use
 * stream tokens and the guard that bounds streams per user and closes them at sign-out, all shared
 * through the database. Answers how many streams this instance holds open, for tests (app-internals.ts).
 */
export async function registerEvents(
  app: FastifyInstance,
  options: RegisterEventsOptions,
): Promise<{ openStreams: () => number }> {
  const { bus, db, clock, config, accessTokens, tokenUser, heartbeatMs } = options;
  const hub = createEventHub(bus);
  const guard = createStreamGuard({
    repo: createOpenStreamsRepository(db),
    clock,
    limitPerUser: config.eventStreamsPerUser,
    checkIntervalMs: config.eventStreamCheckMs,
    onError: (error) => app.log.error({ err: error }, 'event stream check failed'),
  });
  await app.register(eventsRoutes, {
    hub,
    streamTokens: createStreamTokens({
      secret: config.jwtSecret,
      clock,
      repo: createStreamTokensRepository(db),
    }),
    accessTokens,
    tokenUser,
    guard,
    streamsPerUser: config.eventStreamsPerUser,
    heartbeatMs,
  });
  app.addHook('preClose', async () => {
    hub.close();
  });
  return { openStreams: hub.clientCount };
}
