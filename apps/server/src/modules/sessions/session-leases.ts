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
 * This instance's session leases (docs/architecture.md, scale-out): a heartbeat renews the ones it holds in
 * one statement; a scan takes sessions nobody holds. If the heartbeat cannot reach the database, the sessions
 * are closed here before their leases can expire (fencing), so two sockets never run one session.
 * Every database step runs one at a time, so what this instance holds and what the database says it holds
 * never drift apart (a heartbeat racing a claim would otherwise disown a session it just took).
 */
export function createLeaseKeeper(deps: LeaseKeeperDeps) {
  const { repo, instanceId, capacity, timing, log } = deps;
  const held = new Map<string, Lease>();
  let lastRenewed = Date.now();
  let timers: NodeJS.Timeout[] = [];
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();

  /** Runs `step` after every step before it; a failed step does not stop the ones after it. */
  function exclusive<T>(step: () => Promise<T>): Promise<T> {
    const run = chain.then(step, step);
    chain = run.catch(() => {});
    return run;
  }

  function drop(sessionIds: string[]): void {
    const gone = sessionIds.filter((id) => held.delete(id));
    if (gone.length > 0) deps.lost(gone);
  }

  async function heartbeat(): Promise<void> {
    // The lease runs from the database's now() when the statement starts: time the fence from before it.
    const began = Date.now();
    const renewed = await repo.heartbeat(instanceId, capacity, timing.ttlMs, [...held.keys()]);
    lastRenewed = began;
    const still = new Set(renewed.map((lease) => lease.sessionId));
    drop([...held.keys()].filter((id) => !still.has(id)));
  }

  // The first scan after start also retries sessions refused for their client version (see claimOrphans).
  let justStarted = true;

  async function scan(): Promise<void> {
    await repo.interruptLinking('Linking was interrupted by a server restart. Generate a new QR code.');
    const leases = await repo.claimOrphans(instanceId, capacity - held.size, timing.ttlMs, { justStarted });
    justStarted = false;
    if (stopped) {
      await repo.release(
        instanceId,
        leases.map((lease) => lease.sessionId),
      );
      return;
    }
    for (const lease of leases) held.set(lease.sessionId, lease);
    if (leases.length > 0) deps.claimed(leases);
  }

  function every(ms: number, task: () => Promise<void>, what: string): void {
    let busy = false;
    const timer = setInterval(() => {
      if (stopped || busy) return; // a slow step is not stacked up behind itself
      busy = true;
      exclusive(task)
        .catch((error) => log.warn({ err: error }, `session ${what} failed`))
        .finally(() => {
          busy = false;
        });
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

    /** Arms the heartbeat, the scan and the fence, then takes what nobody holds; a database still down retries. */
    async start(): Promise<void> {
      const fenceTimer = setInterval(fence, Math.max(50, Math.floor(timing.renewMs / 4)));
      fenceTimer.unref();
      timers.push(fenceTimer);
      every(timing.renewMs, heartbeat, 'lease heartbeat');
      every(timing.scanMs, scan, 'takeover scan');
      await exclusive(async () => {
        if (deps.embedded) await repo.forgetAll();
        await heartbeat();
        await scan();
      });
    },

    /** Takes one session for this instance; null when another live instance holds it. */
    acquire: (sessionId: string): Promise<Lease | null> =>
      exclusive(async () => {
        const current = held.get(sessionId);
        if (current) return current;
        if (stopped) return null;
        const lease = await repo.claim(instanceId, sessionId, timing.ttlMs);
        if (lease) held.set(sessionId, lease);
        return lease;
      }),

    holds: (sessionId: string): Lease | null => held.get(sessionId) ?? null,
    hasRoom: (): boolean => held.size < capacity,
    count: (): number => held.size,

    /** Gives a session back, unless `keep()` says it is in use again by the time the release runs. */
    release: (sessionId: string, keep: () => boolean = () => false): Promise<void> =>
      exclusive(async () => {
        if (!held.has(sessionId) || keep()) return;
        await repo.release(instanceId, [sessionId]);
        held.delete(sessionId);
      }),

    /** Stops the timers and waits for the step in flight: nothing is claimed or renewed after it. */
    async halt(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await exclusive(async () => {});
    },

    /** After halt and the sockets closed: releases every lease at once, so other instances take them. */
    async handOver(): Promise<void> {
      held.clear();
      await repo.release(instanceId);
      await repo.leave(instanceId);
    },
  };
}
