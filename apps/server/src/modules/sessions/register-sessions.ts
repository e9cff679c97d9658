import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { WhatsAppAdapter, WhatsAppOverrides } from '../../whatsapp/create-driver';
import type { SimulatorDriver } from '../../whatsapp/simulator/simulator-driver';
import type { AuditRecorder } from '../audit/audit.service';
import type { Limiter } from '../auth/rate-limit';
import type { InstanceRpc, RpcCommands } from '../cluster/instance-rpc';
import type { DeskEventBus } from '../events/desk-events';
import type { GatewayDeps, WhatsAppGateway } from './gateway';
import type { MessageSink } from './message-sink';
import type { SessionCluster } from './session-cluster';
import type { LeaseKeeper } from './session-leases';
import { createSessionRuntime } from './session-runtime';
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

export interface RegisterSessionsOptions {
  config: Config;
  database: Database;
  /** This instance: the owner id on its leases and the address of its RPC channel. */
  instanceId: string;
  rpc: InstanceRpc<RpcCommands>;
  bus: DeskEventBus;
  whatsapp: WhatsAppAdapter;
  /** Where the gateway pushes what sessions receive (the message store, wired in app.ts). */
  sink: MessageSink;
  overrides: WhatsAppOverrides;
  /** Attempts per minute, counted in the database (pairing codes). */
  limit: Limiter;
  audit: AuditRecorder;
  /** The content of a message a session sent from the desk (modules/replies), for retry receipts. */
  sentMessage?: GatewayDeps['sentMessage'];
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
  const { config, database, whatsapp, overrides, limit, audit, bus } = options;
  const repo = createSessionsRepository(database.db);
  const runtime = createSessionRuntime({
    database,
    instanceId: options.instanceId,
    rpc: options.rpc,
    bus,
    whatsapp,
    sink: options.sink,
    overrides,
    repo,
    capacity: config.whatsappSessionsPerInstance,
    log: app.log,
    ...(options.sentMessage ? { sentMessage: options.sentMessage } : {}),
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
