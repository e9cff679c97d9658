import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AccessTokens } from '../auth/tokens';
import type { EventHub } from './event-hub';
import { eventsRoutes } from './events.routes';
import { createOpenStreamsRepository } from './open-streams.repository';
import { createStreamGuard } from './stream-guard';
import { createStreamTokens } from './stream-tokens';
import { createStreamTokensRepository } from './stream-tokens.repository';

export interface RegisterEventsOptions {
  hub: EventHub;
  db: Db;
  clock: Clock;
  config: Pick<Config, 'jwtSecret' | 'eventStreamsPerUser' | 'eventStreamCheckMs'>;
  accessTokens: AccessTokens;
  heartbeatMs: number;
}

/** The event stream routes: stream tokens, the hub's streams and the guard that bounds them. */
export async function registerEvents(app: FastifyInstance, options: RegisterEventsOptions): Promise<void> {
  const { hub, db, clock, config, accessTokens, heartbeatMs } = options;
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
    guard,
    streamsPerUser: config.eventStreamsPerUser,
    heartbeatMs,
  });
}
