import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { FailureCount, LoginFailuresRepository } from './login-failures.repository';
import { accountOf, hashKey, TOO_MANY_ATTEMPTS } from './rate-limit';

/** A quiet hour clears the failures of an account, and of an account from one IP. */
export const FAILURE_RESET_MS = 60 * 60 * 1000;
/** The longest wait the back-off asks for. */
export const MAX_BACKOFF_MS = 15 * 60 * 1000;
/** Failures on one account from all IPs together, as a multiple of the per-IP allowance. */
export const ACCOUNT_CEILING_FACTOR = 10;

export interface LoginGuard {
  /**
   * preHandler of the sign-in route: refuses a client that must wait, before any password is checked, and
   * otherwise counts the attempt as a failure in advance (see createLoginGuard).
   */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * `check` for a password typed somewhere else than the sign-in form (a signed-in password change, whose
   * body names no account): its failures count with the sign-in's on the same account and IP, so neither
   * place gives a second series of guesses.
   */
  checkAccount(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
  /** After a correct password: this client starts from zero on this account (the body's, or `email`). */
  succeeded(request: FastifyRequest, email?: string): Promise<void>;
  /** After a password reset: the owner proved the address, so no IP waits on this account any more. */
  forgetAccount(email: string): Promise<void>;
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
 *
 * Every admitted attempt is counted as a failure before its password is checked, in the same statement
 * that checks the back-off, and a correct password takes it back: counted only after the check, many
 * guesses sent at once would all pass before the first failure was stored.
 */
export function createLoginGuard({ repo, clock, freeFailures }: LoginGuardDeps): LoginGuard {
  let nextPurge = 0;
  const accountKey = (email: string) => hashKey(`account:${email}`);
  const keysOf = (request: FastifyRequest, email: string) => {
    return { pair: hashKey(`pair:${email}|${request.ip}`), account: accountKey(email) };
  };
  const current = (count: FailureCount | undefined, now: number) =>
    count && count.lastFailureAt.getTime() >= now - FAILURE_RESET_MS ? count : null;
  const backOffEnd = (pair: FailureCount | null) =>
    pair && pair.failures >= freeFailures
      ? pair.lastFailureAt.getTime() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (pair.failures - freeFailures))
      : 0;
  const refuse = (reply: FastifyReply, waitUntil: number, now: number) => {
    reply.header('retry-after', Math.max(1, Math.ceil((waitUntil - now) / 1000)));
    return new AppError(429, TOO_MANY_ATTEMPTS);
  };

  async function checkAccount(request: FastifyRequest, reply: FastifyReply, email: string) {
    const now = clock().getTime();
    if (now >= nextPurge) {
      nextPurge = now + FAILURE_RESET_MS / 4;
      await repo.purgeBefore(new Date(now - FAILURE_RESET_MS));
    }
    const keys = keysOf(request, email);
    const counts = await repo.read([keys.pair, keys.account]);
    const pair = current(counts.get(keys.pair), now);
    const account = current(counts.get(keys.account), now);
    if (pair && account && account.failures >= freeFailures * ACCOUNT_CEILING_FACTOR) {
      const waitUntil = Math.max(backOffEnd(pair), account.lastFailureAt.getTime() + MAX_BACKOFF_MS);
      if (now < waitUntil) throw refuse(reply, waitUntil, now);
    }
    const resetBefore = new Date(now - FAILURE_RESET_MS);
    const admitted = await repo.admit({ key: keys.pair, account: keys.account }, new Date(now), resetBefore, {
      freeFailures,
      maxDelayMs: MAX_BACKOFF_MS,
    });
    if (!admitted) {
      // Another attempt may have been counted since the read above: the wait is that of the stored count.
      const stored = current((await repo.read([keys.pair])).get(keys.pair), now);
      throw refuse(reply, backOffEnd(stored), now);
    }
    await repo.record({ key: keys.account, account: keys.account }, new Date(now), resetBefore);
  }

  return {
    check: (request, reply) => checkAccount(request, reply, accountOf(request)),
    checkAccount,
    async succeeded(request, email = accountOf(request)) {
      const keys = keysOf(request, email);
      await repo.clear(keys.pair);
      await repo.uncount(keys.account);
    },
    async forgetAccount(email) {
      await repo.clearAccount(accountKey(email));
    },
  };
}
