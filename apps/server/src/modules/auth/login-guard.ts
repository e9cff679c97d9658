import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { LoginFailuresRepository } from './login-failures.repository';
import { accountOf, hashKey, TOO_MANY_ATTEMPTS } from './rate-limit';

/** A quiet hour clears the failures of an account, and of an account from one IP. */
export const FAILURE_RESET_MS = 60 * 60 * 1000;
/** The longest wait the back-off asks for. */
export const MAX_BACKOFF_MS = 15 * 60 * 1000;
/** Failures on one account from all IPs together, as a multiple of the per-IP allowance. */
export const ACCOUNT_CEILING_FACTOR = 10;

export interface LoginGuard {
  /** preHandler of the sign-in route: refuses a client that must wait, before any password is checked. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** After a wrong password or an unknown account. */
  failed(request: FastifyRequest): Promise<void>;
  /** After a correct password: this client starts from zero on this account. */
  succeeded(request: FastifyRequest): Promise<void>;
}

export interface LoginGuardDeps {
  repo: LoginFailuresRepository;
  clock: Clock;
  /** Failed sign-ins one IP may make on one account before the back-off starts (AUTH_RATE_LIMIT_EMAIL). */
  freeFailures: number;
}

/**
 * Failed sign-ins are counted per account and IP, so someone failing on purpose only slows themselves
 * down: after `freeFailures` failures from one IP, each next try waits twice as long as the last (1 s,
 * 2 s, 4 s, … up to 15 minutes). An account that fails from many IPs (ten times the allowance) refuses
 * every IP that has failed on it, while an IP that has not failed still signs in with the right password.
 * Counts live in the database, shared by every instance; keys are hashed.
 */
export function createLoginGuard({ repo, clock, freeFailures }: LoginGuardDeps): LoginGuard {
  let nextPurge = 0;
  const keysOf = (request: FastifyRequest) => {
    const account = accountOf(request);
    return { pair: hashKey(`pair:${account}|${request.ip}`), account: hashKey(`account:${account}`) };
  };
  const current = (count: { failures: number; lastFailureAt: Date } | undefined, now: number) =>
    count && count.lastFailureAt.getTime() >= now - FAILURE_RESET_MS ? count : null;

  return {
    async check(request, reply) {
      const now = clock().getTime();
      if (now >= nextPurge) {
        nextPurge = now + FAILURE_RESET_MS / 4;
        await repo.purgeBefore(new Date(now - FAILURE_RESET_MS));
      }
      const keys = keysOf(request);
      const counts = await repo.read([keys.pair, keys.account]);
      const pair = current(counts.get(keys.pair), now);
      const account = current(counts.get(keys.account), now);
      let waitUntil = 0;
      if (pair && pair.failures >= freeFailures) {
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (pair.failures - freeFailures));
        waitUntil = pair.lastFailureAt.getTime() + delay;
      }
      if (pair && account && account.failures >= freeFailures * ACCOUNT_CEILING_FACTOR) {
        waitUntil = Math.max(waitUntil, account.lastFailureAt.getTime() + MAX_BACKOFF_MS);
      }
      if (now < waitUntil) {
        reply.header('retry-after', Math.ceil((waitUntil - now) / 1000));
        throw new AppError(429, TOO_MANY_ATTEMPTS);
      }
    },
    async failed(request) {
      const now = clock().getTime();
      const keys = keysOf(request);
      await repo.record([keys.pair, keys.account], new Date(now), new Date(now - FAILURE_RESET_MS));
    },
    async succeeded(request) {
      await repo.clear(keysOf(request).pair);
    },
  };
}
