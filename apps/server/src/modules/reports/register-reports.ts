import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Mail } from '../../mail/mailer';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';
import { createWeeklyDigest, type WeeklyDigest } from './weekly-digest';

export interface RegisterReportsOptions {
  db: Db;
  mailer: { send(mail: Mail): Promise<void> };
  /** The desk's clock (the simulated one in demo mode), epoch ms. */
  now: () => number;
  publicUrl: string;
  /** How often this instance looks for digests due; 0: never on its own (tests call `tick`). */
  digestIntervalMs?: number;
}

/** Reports (decision 0029): the summary, charts and tickets CSV routes, and the weekly digest. */
export async function registerReports(
  app: FastifyInstance,
  options: RegisterReportsOptions,
): Promise<WeeklyDigest> {
  const repo = createReportsRepository(options.db);
  await app.register(reportsRoutes, { reports: createReportsService({ repo }) });
  const digest = createWeeklyDigest({
    repo,
    mailer: options.mailer,
    now: () => new Date(options.now()),
    publicUrl: options.publicUrl,
    log: app.log,
    ...(options.digestIntervalMs ? { intervalMs: options.digestIntervalMs } : {}),
  });
  if (options.digestIntervalMs !== 0) {
    app.addHook('onReady', async () => digest.start());
    app.addHook('onClose', async () => digest.stop());
  }
  return digest;
}
