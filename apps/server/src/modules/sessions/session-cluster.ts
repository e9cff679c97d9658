import { AppError } from '../../errors';
import type { RunnerState } from '../../whatsapp/session-runner';
import { type InstanceRpc, type RpcCommands, RpcRemoteError } from '../cluster/instance-rpc';
import { NotConnectedError, type WhatsAppGateway } from './gateway';
import type { SessionRef } from './message-sink';
import type { LeaseKeeper } from './session-leases';
import type { SessionLeasesRepository } from './session-leases.repository';

/** What the Sessions screen needs of a running session, wherever it runs. */
export type LiveState = Pick<
  RunnerState,
  'status' | 'reason' | 'qr' | 'pairingCode' | 'running' | 'resumesAt'
> & {
  phone: string | null;
};

/** How a session links: by QR code (`pairingPhone` null) or by a pairing code for that phone. */
export interface LinkMode {
  pairingPhone: string | null;
}

export const ALL_FULL =
  'Every server is running as many WhatsApp sessions as it may. Try again in a minute, or add a server.';
const COMMAND_TIMEOUT_MS = 15_000;

export interface SessionClusterDeps {
  gateway: WhatsAppGateway;
  keeper: LeaseKeeper;
  leases: SessionLeasesRepository;
  rpc: InstanceRpc<RpcCommands>;
  /** Clears a session's creds while holding its lease (a terminate when no instance runs it). */
  clearAuth(sessionId: string, lease: { ownerId: string; epoch: number }): Promise<void>;
  ttlMs: number;
}

export type SessionCluster = ReturnType<typeof createSessionCluster>;

interface StartPayload {
  session: SessionRef;
  link: LinkMode | undefined;
}

const live = (state: RunnerState | null): LiveState | null =>
  state && {
    status: state.status,
    reason: state.reason,
    qr: state.qr,
    pairingCode: state.pairingCode,
    running: state.running,
    resumesAt: state.resumesAt,
    phone: state.account?.phone ?? null,
  };

/**
 * Commands reach the instance that owns the session (docs/architecture.md, scale-out): run here when this
 * instance holds its lease, else sent to the owner; a session nobody runs is started where there is room.
 * Other modules add commands of their own with `handle` and send them with `onOwner`.
 */
export function createSessionCluster({ gateway, keeper, leases, rpc, clearAuth, ttlMs }: SessionClusterDeps) {
  const me = keeper.instanceId;
  const call = <R>(target: string, command: string, payload: object, timeoutMs: number) =>
    rpc.call(target, command, payload, timeoutMs) as Promise<R>;
  const handle = <P, R>(command: string, handler: (payload: P) => Promise<R>): void => {
    rpc.handle(command, handler as (payload: unknown) => Promise<unknown>);
  };

  /** Runs `command` on the session's owner; NotConnectedError when no instance runs it. */
  async function onOwner<R>(
    sessionId: string,
    command: string,
    payload: object,
    timeoutMs = COMMAND_TIMEOUT_MS,
  ) {
    const owner = keeper.holds(sessionId) ? me : await leases.ownerOf(sessionId);
    if (!owner) throw new NotConnectedError();
    try {
      return await call<R>(owner, command, payload, timeoutMs);
    } catch (error) {
      if (error instanceof RpcRemoteError) throw new AppError(error.statusCode ?? 502, error.message);
      throw error;
    }
  }

  /** The session's state when this instance runs it, else null. */
  const localState = (sessionId: string): LiveState | null =>
    keeper.holds(sessionId) ? live(gateway.state(sessionId)) : null;

  /** Starts the session here: takes its lease (or finds it held elsewhere). */
  async function startHere(session: SessionRef, link?: LinkMode): Promise<'started' | 'elsewhere' | 'full'> {
    if (!keeper.holds(session.id) && !keeper.hasRoom()) return 'full';
    const lease = await keeper.acquire(session.id);
    if (!lease) return 'elsewhere';
    if (!gateway.state(session.id)?.running) gateway.start(session, link);
    return 'started';
  }

  async function start(session: SessionRef, link?: LinkMode): Promise<void> {
    const here = await startHere(session, link);
    if (here === 'started') return;
    const payload: StartPayload = {
      session: { id: session.id, organisationId: session.organisationId },
      link,
    };
    // Held by another instance (or no room here while another one runs it): that instance starts it.
    if (here === 'elsewhere' || (await leases.ownerOf(session.id)))
      return onOwner(session.id, 'session.start', payload);
    for (const { instanceId } of await leases.instancesWithRoom(me, ttlMs)) {
      try {
        return await call<void>(instanceId, 'session.start', payload, COMMAND_TIMEOUT_MS);
      } catch {
        // Full by now, or gone: try the next one.
      }
    }
    throw new AppError(503, ALL_FULL);
  }

  handle<StartPayload, void>('session.start', async ({ session, link }) => {
    const here = await startHere(session, link);
    if (here === 'full') throw new AppError(503, ALL_FULL);
    if (here === 'elsewhere') throw new AppError(409, 'Another server took this session over. Try again.');
  });
  // Links the way asked (starting over when the session was linking the other way), then waits for a code.
  handle<{ sessionId: string; link: LinkMode; waitMs: number }, LiveState | null>(
    'session.link',
    async (p) => {
      await gateway.relink(p.sessionId, p.link.pairingPhone);
      return live(await gateway.waitForQr(p.sessionId, p.waitMs));
    },
  );
  handle<{ sessionId: string }, LiveState | null>('session.state', async (p) =>
    live(gateway.state(p.sessionId)),
  );
  handle<{ sessionId: string; mode: 'end' | 'logout' }, void>('session.stop', async (p) => {
    await gateway.stop(p.sessionId, p.mode);
    await keeper.release(p.sessionId);
  });

  return {
    instanceId: me,
    onOwner,
    handle,
    start,

    localState,

    /** The session's state where it runs, or null when no instance runs it. */
    async state(sessionId: string): Promise<LiveState | null> {
      if (keeper.holds(sessionId)) return localState(sessionId);
      return onOwner<LiveState | null>(sessionId, 'session.state', { sessionId }).catch((error) => {
        if (error instanceof NotConnectedError) return null;
        throw error;
      });
    },

    /**
     * Starts the session linking the way asked when it is not running anywhere (or switches a running one
     * that is still linking), then waits on the owner for its QR code or pairing code.
     */
    async link(session: SessionRef, link: LinkMode, waitMs: number): Promise<LiveState | null> {
      const state = await this.state(session.id);
      if (!state?.running) await start(session, link);
      return onOwner<LiveState | null>(
        session.id,
        'session.link',
        { sessionId: session.id, link, waitMs },
        waitMs + COMMAND_TIMEOUT_MS,
      );
    },

    /** Stops the session wherever it runs; `logout` also forgets its creds (fenced, never under a live socket). */
    async stop(sessionId: string, mode: 'end' | 'logout'): Promise<void> {
      try {
        await onOwner(sessionId, 'session.stop', { sessionId, mode });
        return;
      } catch (error) {
        if (!(error instanceof NotConnectedError)) throw error;
      }
      if (mode !== 'logout') return;
      const lease = await keeper.acquire(sessionId);
      if (!lease) return onOwner(sessionId, 'session.stop', { sessionId, mode }); // started elsewhere meanwhile
      try {
        await clearAuth(sessionId, { ownerId: me, epoch: lease.epoch });
      } finally {
        await keeper.release(sessionId);
      }
    },
  };
}
