import { HISTORY_EMPTY_GAP_MS } from '@wadesk/contract';
import type { Database } from '../../db/client';
import type { AuthStore } from '../../whatsapp/auth/session-auth';
import type { ClientVersionKeeper } from '../../whatsapp/client-version';
import type { WhatsAppAdapter, WhatsAppOverrides } from '../../whatsapp/create-driver';
import type { InstanceRpc, RpcCommands } from '../cluster/instance-rpc';
import type { DeskEventBus } from '../events/desk-events';
import { createWhatsAppGateway, type GatewayDeps, type WhatsAppGateway } from './gateway';
import type { MessageSink } from './message-sink';
import { createSessionAuthRepository, StaleLeaseError } from './session-auth.repository';
import { createSessionCluster } from './session-cluster';
import { createLeaseKeeper, DEFAULT_LEASE_TIMING, type LeaseKeeper } from './session-leases';
import { createSessionLeasesRepository } from './session-leases.repository';
import type { SessionsRepository } from './sessions.repository';

export interface SessionRuntimeDeps {
  database: Database;
  /** This instance: the owner id on its leases and the address of its RPC channel. */
  instanceId: string;
  rpc: InstanceRpc<RpcCommands>;
  bus: DeskEventBus;
  whatsapp: WhatsAppAdapter;
  /** Where the gateway pushes what sessions receive (the message store, wired in app.ts). */
  sink: MessageSink;
  overrides: WhatsAppOverrides;
  repo: SessionsRepository;
  /** How many sessions this instance runs at most (WHATSAPP_SESSIONS_PER_INSTANCE). */
  capacity: number;
  /** The content of a message a session sent from the desk (modules/replies), for retry receipts. */
  sentMessage?: GatewayDeps['sentMessage'];
  /** The WhatsApp Web version sessions announce (the real driver only); started and stopped with the runtime. */
  versions?: ClientVersionKeeper | null;
  /** Where what WhatsApp says about sent messages goes (modules/replies: the desk replies' states). */
  sendStatus?: GatewayDeps['sendStatus'];
  log: GatewayDeps['log'] & { error(object: object, message: string): void };
}

export type SessionRuntime = ReturnType<typeof createSessionRuntime>;

/**
 * This instance's share of the linked sessions: the gateway that runs them, the lease keeper that decides
 * which (docs/architecture.md, scale-out) and the cluster that sends a command to wherever a session runs.
 * They need each other — the keeper starts and stops sessions on the gateway, the gateway's auth writes
 * are fenced by the keeper's leases — so they are built together here.
 */
export function createSessionRuntime(deps: SessionRuntimeDeps) {
  const { database, instanceId, whatsapp, overrides, repo, log } = deps;
  const { db } = database;
  const leases = createSessionLeasesRepository(db);
  const timing = { ...DEFAULT_LEASE_TIMING, ...overrides.lease };

  const gateway: WhatsAppGateway = createWhatsAppGateway({
    driver: whatsapp.driver,
    saveState: (sessionId, update, event) => repo.saveState(sessionId, update, instanceId, event),
    messagesStored: (sessionId) => repo.touchLastMessage(sessionId),
    sink: deps.sink,
    authStore: (sessionId) => fencedAuthStore(sessionId),
    bus: deps.bus,
    timing: whatsapp.timing,
    historyEvidence: { needed: 3, gapMs: overrides.historyEmptyGapMs ?? HISTORY_EMPTY_GAP_MS },
    log,
    ...(deps.sentMessage ? { sentMessage: deps.sentMessage } : {}),
    ...(deps.versions ? { versions: deps.versions } : {}),
    linkPlatform: {
      get: (sessionId) => repo.linkPlatform(sessionId),
      set: (sessionId, platform) => repo.setLinkPlatform(sessionId, platform, instanceId),
    },
    ...(deps.sendStatus ? { sendStatus: deps.sendStatus } : {}),
    stopped: (sessionId) => releaseStopped(sessionId),
  });
  const keeper: LeaseKeeper = createLeaseKeeper({
    repo: leases,
    instanceId,
    capacity: deps.capacity,
    timing,
    embedded: database.kind === 'pglite',
    claimed: (claimed) => {
      for (const lease of claimed)
        gateway.start({ id: lease.sessionId, organisationId: lease.organisationId });
      log.info({ sessions: claimed.length }, 'whatsapp sessions taken over');
    },
    lost: (sessionIds) => {
      for (const id of sessionIds) void gateway.stop(id, 'end');
    },
    log,
  });
  const cluster = createSessionCluster({
    gateway,
    keeper,
    leases,
    rpc: deps.rpc,
    clearAuth: (sessionId, fence) => createSessionAuthRepository(db, fence).clear(sessionId),
    ttlMs: timing.ttlMs,
  });

  /**
   * A session's creds and keys are written only while this instance holds its lease at that epoch; a
   * write refused as stale closes the session's socket here.
   */
  function fencedAuthStore(sessionId: string): AuthStore {
    const lease = keeper.holds(sessionId);
    const store = createSessionAuthRepository(db, { ownerId: instanceId, epoch: lease?.epoch ?? -1 });
    const refused = (error: unknown) => {
      if (error instanceof StaleLeaseError) void gateway.stop(sessionId, 'end');
      throw error;
    };
    return {
      read: store.read,
      write: (id, rows) => store.write(id, rows).catch(refused),
      clear: (id) => store.clear(id).catch(refused),
    };
  }

  /** A session stopped by itself: its lease goes back (unless it was started again meanwhile). */
  function releaseStopped(sessionId: string): void {
    void keeper
      .release(sessionId, () => Boolean(gateway.state(sessionId)?.running))
      .catch((error) => log.warn({ err: error, sessionId }, 'releasing a session lease failed'));
  }

  return {
    gateway,
    keeper,
    cluster,
    /** Takes sessions over; a failure is logged, never thrown (the database may be down for a moment). */
    async start(): Promise<void> {
      deps.versions?.start();
      await keeper.start().catch((error) => log.error({ err: error }, 'taking WhatsApp sessions failed'));
    },
    /** A graceful stop claims nothing more, closes every socket (creds kept), then hands the sessions over. */
    async close(): Promise<void> {
      deps.versions?.stop();
      await keeper.halt();
      await gateway.close();
      await keeper.handOver().catch((error) => log.warn({ err: error }, 'handing sessions over failed'));
    },
  };
}
