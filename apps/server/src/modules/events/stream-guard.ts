import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { VerifiedAccess } from '../auth/tokens';
import type { OpenStreamsRepository } from './open-streams.repository';

export interface StreamGuardDeps {
  repo: OpenStreamsRepository;
  clock: Clock;
  /** Open streams a user may hold across all instances. */
  limitPerUser: number;
  /** How often this instance checks its streams (and tells the others they are alive). */
  checkIntervalMs: number;
  onError(error: unknown): void;
}

export type Admitted = { release(): void } | 'full' | 'unknown-user';

export type StreamGuard = ReturnType<typeof createStreamGuard>;

/**
 * Keeps event streams within their sign-in: a stream ends when the access token it was opened with
 * expires or its refresh-token family is revoked (logout, reuse), and a user holds at most `limitPerUser`
 * streams across instances. Every instance checks only its own streams, with one query per interval, so
 * no instance needs to message another.
 */
export function createStreamGuard({ repo, clock, limitPerUser, checkIntervalMs, onError }: StreamGuardDeps) {
  const streams = new Map<string, { expiresAt: Date; end: () => void }>();
  const pending = new Set<Promise<void>>();
  // A row not refreshed for several intervals belongs to an instance that stopped without closing it.
  const staleAfterMs = Math.max(3 * checkIntervalMs, 15_000);
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking = false;

  const track = (work: Promise<void>) => {
    const done = work.catch(onError).finally(() => pending.delete(done));
    pending.add(done);
  };

  async function check(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      const now = clock();
      for (const stream of [...streams.values()]) if (stream.expiresAt <= now) stream.end();
      const ids = [...streams.keys()];
      if (ids.length === 0) return;
      const live = new Set((await repo.touch(ids, now)).filter((row) => !row.revoked).map((row) => row.id));
      // No row: another instance took this stream for a crashed one's; the client reconnects.
      for (const id of ids) if (!live.has(id)) streams.get(id)?.end();
    } finally {
      checking = false;
    }
  }

  return {
    /** Admits a stream for `access`; `end` closes it when the guard says so. Call `release` once it ends. */
    async admit(access: VerifiedAccess, end: () => void): Promise<Admitted> {
      const id = randomUUID();
      const now = clock();
      const admission = await repo.admit({
        id,
        userId: access.userId,
        familyId: access.sessionId,
        now,
        staleBefore: new Date(now.getTime() - staleAfterMs),
        limit: limitPerUser,
      });
      if (admission !== 'admitted') return admission;
      streams.set(id, { expiresAt: access.expiresAt, end });
      timer ??= setInterval(() => track(check()), checkIntervalMs);
      return {
        release() {
          if (!streams.delete(id)) return;
          track(repo.remove(id));
          if (streams.size === 0) {
            clearInterval(timer);
            timer = undefined;
          }
        },
      };
    },
    /** Stops checking and waits for rows of ended streams to be deleted. */
    async close(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await Promise.all(pending);
    },
  };
}
