import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { type PeriodicSweep, startPeriodicSweep } from '../chats/periodic-sweep';
import type { DeskEventBus } from '../events/desk-events';
import type { NotificationPoster } from './notification-poster';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

export interface RegisterNotificationsOptions {
  db: Db;
  clock: Clock;
  bus: DeskEventBus;
  /** How often this instance runs the unanswered sweep (one instance at a time does). */
  unansweredSweepIntervalMs: number;
  /** Notifications kept per member; the contract's MAX_NOTIFICATIONS_KEPT unless a test says fewer. */
  keep?: number;
}

/**
 * The per-member notification store (decision 0022): its two calls, the poster other modules receive, and
 * the unanswered sweep (answered for tests, app-internals.ts).
 */
export async function registerNotifications(
  app: FastifyInstance,
  options: RegisterNotificationsOptions,
): Promise<{
  poster: NotificationPoster;
  within: NotificationsService['within'];
  unansweredSweep: PeriodicSweep;
}> {
  const { db, clock, bus } = options;
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(db),
    clock,
    bus,
    log: app.log,
    ...(options.keep ? { keep: options.keep } : {}),
  });
  await app.register(notificationsRoutes, { notifications });
  const unansweredSweep = startPeriodicSweep(notifications.sweepUnanswered, {
    intervalMs: options.unansweredSweepIntervalMs,
    log: app.log,
    what: 'unanswered sweep',
  });
  app.addHook('preClose', async () => {
    unansweredSweep.stop();
    await unansweredSweep.sweepDone();
  });
  return { poster: notifications.poster, within: notifications.within, unansweredSweep };
}
