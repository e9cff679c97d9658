import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createClientVersionKeeper } from '../../whatsapp/client-version';
import type { SimulatorDriver } from '../../whatsapp/simulator/simulator-driver';
import type { AuditRecorder } from '../audit/audit.service';
import type { Limiter } from '../auth/rate-limit';
import { createClientVersionRepository } from './client-version.repository';
import type { WhatsAppGateway } from './gateway';
import type { SessionCluster } from './session-cluster';
import type { LeaseKeeper } from './session-leases';
import { createSessionRuntime, type SessionRuntimeDeps } from './session-runtime';
import { createSessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { createSessionsService, type SessionsService } from './sessions.service';
import { simulatorRoutes } from './simulator.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's WhatsApp sessions: tests watch `whatsapp.gateway` and drive `whatsapp.simulator`. */
    whatsapp: {
      gateway: WhatsAppGateway;
      cluster: SessionCluster;
      simulator: SimulatorDriver | null;
    };
  }
}

/**
 * What the session runtime needs (session-runtime.ts), but its repository, capacity and log, which are
 * built here, and what the /api/ calls need besides.
 */
export interface RegisterSessionsOptions extends Omit<SessionRuntimeDeps, 'repo' | 'capacity' | 'log'> {
  config: Config;
  /** Attempts per minute, counted in the database (pairing codes). */
  limit: Limiter;
  audit: AuditRecorder;
}

/**
 * The sessions module: the gateway that runs this process's linked sessions and the /api/ session calls.
 * Active linked sessions reconnect when the app is ready; every connection closes (creds kept) with it.
 */
export async function registerSessions(
  app: FastifyInstance,
  options: RegisterSessionsOptions,
): Promise<{
  sessions: SessionsService;
  gateway: WhatsAppGateway;
  cluster: SessionCluster;
  /** For tests, through app-internals.ts: they halt it to play a crashed owner. */
  leases: LeaseKeeper;
}> {
  const { config, limit, audit, ...runtimeDeps } = options;
  const { database, whatsapp, overrides, bus } = runtimeDeps;
  const repo = createSessionsRepository(database.db);
  // Only the real driver announces a version; the simulator (demo mode) fetches nothing.
  const versions =
    whatsapp.driver.name === 'baileys'
      ? createClientVersionKeeper({
          configured: config.whatsappVersion ?? null,
          builtIn: whatsapp.builtInVersion,
          url: config.whatsappVersionUrl,
          store: createClientVersionRepository(database.db),
          log: app.log,
          ...overrides.version,
        })
      : null;
  const runtime = createSessionRuntime({
    ...runtimeDeps,
    versions,
    repo,
    capacity: config.whatsappSessionsPerInstance,
    log: app.log,
  });
  const { gateway, cluster, keeper } = runtime;
  const sessions = createSessionsService({
    repo,
    cluster,
    driverName: whatsapp.driver.name,
    bus,
    sessionLimit: config.whatsappSessionLimit,
    qrWaitMs: overrides.qrWaitMs ?? 10_000,
    quietAfterMs: config.whatsappQuietAfterHours * 3_600_000,
    audit,
  });
  await app.register(sessionsRoutes, { sessions, limit });
  if (whatsapp.simulator) await app.register(simulatorRoutes, { sessions, simulator: whatsapp.simulator });
  app.decorate('whatsapp', { gateway, cluster, simulator: whatsapp.simulator });
  app.addHook('onReady', () => runtime.start());
  app.addHook('preClose', () => runtime.close());
  return { sessions, gateway, cluster, leases: keeper };
}
