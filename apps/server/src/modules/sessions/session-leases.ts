import type { Lease, SessionLeasesRepository } from './session-leases.repository';

export interface LeaseTiming {
  /** How long a lease lives without renewal: an owner that died is replaced after at most this long. */
  ttlMs: number;
  /** Heartbeat: renews every lease this instance holds. */
  renewMs: number;
  /** How often an instance looks for sessions nobody holds. */
  scanMs: number;
}

export const DEFAULT_LEASE_TIMING: LeaseTiming = { ttlMs: 15_000, renewMs: 4_000, scanMs: 5_000 };

export interface LeaseKeeperDeps {
  repo: SessionLeasesRepository;
  instanceId: string;
  /** Most sessions this instance runs (WHATSAPP_SESSIONS_PER_INSTANCE). */
  capacity: number;
  timing: LeaseTiming;
  /** The database is embedded (one process): leases found at start are a previous run's. */
  embedded: boolean;
  /** Sessions taken over (orphans, at start or after an owner died): start them. */
  claimed(leases: Lease[]): void;
  /** Sessions this instance no longer holds (taken over, or it could not renew in time): close them now. */
  lost(sessionIds: string[]): void;
  log: { warn(object: object, message: string): void };
}

export type LeaseKeeper = ReturnType<typeof createLeaseKeeper>;

/**
 * This instance's session leases (docs/architecture.md, scale-out): a heartbeat renews them all in one
 * statement; a scan takes sessions nobody holds. If the heartbeat cannot reach the database, the sessions
 * are closed here before their leases can expire (fencing), so two sockets never run one session.
 */
export function createLeaseKeeper(deps: LeaseKeeperDeps) {
  const { repo, instanceId, capacity, timing, log } = deps;
  const held = new Map<string, Lease>();
  let lastRenewed = Date.now();
  let timers: NodeJS.Timeout[] = [];
  let stopped = false;

  function drop(sessionIds: string[]): void {
    const gone = sessionIds.filter((id) => held.delete(id));
    if (gone.length > 0) deps.lost(gone);
  }

  async function heartbeat(): Promise<void> {
    const renewed = await repo.heartbeat(instanceId, capacity, timing.ttlMs);
    lastRenewed = Date.now();
    const still = new Set(renewed.map((lease) => lease.sessionId));
    drop([...held.keys()].filter((id) => !still.has(id)));
  }

  async function scan(): Promise<void> {
    await repo.interruptLinking('Linking was interrupted by a server restart. Generate a new QR code.');
    const leases = await repo.claimOrphans(instanceId, capacity - held.size, timing.ttlMs);
    for (const lease of leases) held.set(lease.sessionId, lease);
    if (leases.length > 0) deps.claimed(leases);
  }

  function every(ms: number, task: () => Promise<void>, what: string): void {
    const timer = setInterval(() => {
      if (!stopped) task().catch((error) => log.warn({ err: error }, `session ${what} failed`));
    }, ms);
    timer.unref();
    timers.push(timer);
  }

  // Closing before the lease can expire: the margin is one heartbeat interval.
  function fence(): void {
    if (held.size > 0 && Date.now() - lastRenewed > timing.ttlMs - timing.renewMs) {
      log.warn({ sessions: held.size }, 'could not renew session leases: closing them here');
      drop([...held.keys()]);
    }
  }

  return {
    instanceId,

    async start(): Promise<void> {
      if (deps.embedded) await repo.forgetAll();
      await heartbeat();
      await scan();
      every(timing.renewMs, heartbeat, 'lease heartbeat');
      every(timing.scanMs, scan, 'takeover scan');
      every(Math.max(50, Math.floor(timing.renewMs / 2)), async () => fence(), 'fencing');
    },

    /** Takes one session for this instance; null when another live instance holds it. */
    async acquire(sessionId: string): Promise<Lease | null> {
      const current = held.get(sessionId);
      if (current) return current;
      const lease = await repo.claim(instanceId, sessionId, timing.ttlMs);
      if (lease) held.set(sessionId, lease);
      return lease;
    },

    holds: (sessionId: string): Lease | null => held.get(sessionId) ?? null,
    hasRoom: (): boolean => held.size < capacity,
    count: (): number => held.size,

    async release(sessionId: string): Promise<void> {
      if (held.delete(sessionId)) await repo.release(instanceId, [sessionId]);
    },

    /** A look for orphans now (another instance handed its sessions over). */
    scanNow: (): Promise<void> => (stopped ? Promise.resolve() : scan()),

    /** Stops the timers; `handOver` releases every lease at once so other instances can take them. */
    async stop(handOver: boolean): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      held.clear();
      if (handOver) {
        await repo.release(instanceId);
        await repo.leave(instanceId);
      }
    },
  };
}
