import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { RateLimitRepository } from './rate-limit.repository';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';
const WINDOW_MS = 60_000;

export interface AttemptLimits {
  /** onRequest hook: counts every attempt from the client's IP, before the body is read. */
  perIp(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** preHandler hook: counts attempts on one account (the validated body's email or username). */
  perEmail(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export interface AttemptLimitsDeps {
  repo: RateLimitRepository;
  clock: Clock;
  perIp: number;
  perEmail: number;
}

/**
 * Counts one attempt under `key`; more than `max` in the current minute answers 429 with `message`. The
 * answer gives the hit back, for a caller that counts what happened rather than what was tried.
 */
export type Limiter = (
  key: string,
  max: number,
  reply: FastifyReply,
  message?: string,
  /** A refused hit is taken back: what is dropped when refused (not retried) spends nothing. */
  options?: { releaseRefused?: boolean },
) => Promise<GiveBack>;

/** Takes back the hit a Limiter counted (in the window it was counted in). */
export type GiveBack = () => Promise<void>;

/**
 * Fixed one-minute windows counted in the database, so every server instance sees the same counts. Keys
 * are hashed: the table holds no addresses, emails or phone numbers.
 */
export function createLimiter({ repo, clock }: Pick<AttemptLimitsDeps, 'repo' | 'clock'>): Limiter {
  let nextPurge = 0;
  return async (key, max, reply, message = TOO_MANY_ATTEMPTS, options = {}) => {
    const now = clock().getTime();
    const windowStart = now - (now % WINDOW_MS);
    if (now >= nextPurge) {
      // At most once a window per instance: rows of windows before the previous one can never count again.
      nextPurge = windowStart + WINDOW_MS;
      await repo.purgeBefore(new Date(windowStart - WINDOW_MS));
    }
    const hashed = hashKey(key);
    const hits = await repo.hit(hashed, new Date(windowStart));
    if (hits > max) {
      if (options.releaseRefused) await repo.release(hashed, new Date(windowStart));
      reply.header('retry-after', Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new AppError(429, message);
    }
    return () => repo.release(hashed, new Date(windowStart));
  };
}

/**
 * Sign-in brute-force limits: one IP spraying many accounts and many IPs hammering one account are both
 * stopped (see createLimiter).
 */
export function createAttemptLimits({ repo, clock, perIp, perEmail }: AttemptLimitsDeps): AttemptLimits {
  const enforce = createLimiter({ repo, clock });

  return {
    perIp: async (request, reply) => {
      await enforce(`ip:${request.ip}`, perIp, reply);
    },
    perEmail: async (request, reply) => {
      await enforce(`email:${accountOf(request)}`, perEmail, reply);
    },
  };
}

/** The account a sign-in, registration or reset request is about: its validated (lower-case) email. */
export function accountOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown; username?: unknown } | undefined;
  return String(body?.email ?? body?.username ?? '');
}

/** Keys of the limit tables are hashed: they hold no addresses, emails or phone numbers. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * An onRequest hook limiting one kind of request per minute, per client IP and (after app.authenticate)
 * per user, before the body is read.
 */
export function perMinute(
  limit: Limiter,
  name: string,
  { perUser, perIp }: { perUser?: number; perIp: number },
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await limit(`${name}:ip:${request.ip}`, perIp, reply, TOO_MANY_REQUESTS);
    if (perUser !== undefined && request.user)
      await limit(`${name}:user:${request.user.id}`, perUser, reply, TOO_MANY_REQUESTS);
  };
}
