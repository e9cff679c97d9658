import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
const ONE_MINUTE_MS = 60_000;

export interface AttemptLimits {
  /** onRequest hook: counts every attempt from the client's IP, before the body is read. */
  perIp(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** preHandler hook: counts attempts on one account (the validated body's email or username). */
  perEmail(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Sign-in brute-force limits built on @fastify/rate-limit's manual limiters (the plugin must be registered).
 * Its route-level option allows one limit per request, and we want two: one IP spraying many accounts and
 * many IPs hammering one account are both stopped. The counters are per process (in memory).
 */
export function createAttemptLimits(
  app: FastifyInstance,
  { perIp, perEmail }: { perIp: number; perEmail: number },
): AttemptLimits {
  const byIp = app.createRateLimit({
    max: perIp,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: (request) => request.ip,
  });
  const byEmail = app.createRateLimit({
    max: perEmail,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: (request) => {
      const body = request.body as { email?: unknown; username?: unknown } | undefined;
      return String(body?.email ?? body?.username ?? '');
    },
  });

  const enforce = async (limiter: typeof byIp, request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(429, TOO_MANY_ATTEMPTS);
    }
  };
  return {
    perIp: (request, reply) => enforce(byIp, request, reply),
    perEmail: (request, reply) => enforce(byEmail, request, reply),
  };
}
