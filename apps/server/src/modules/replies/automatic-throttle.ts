import type { FastifyReply } from 'fastify';
import type { Limiter } from '../auth/rate-limit';

/**
 * The desk's own messages (the out-of-hours reply, decision 0028) spend a session's reply limit last: only
 * while a fifth of the minute's sends (at least one) is still left for the team. Past that the limiter
 * refuses (429) and the message is dropped, never queued, spending nothing. No request is being answered, so the limiter's
 * Retry-After header goes nowhere.
 */
export function automaticThrottle(limit: Limiter, perSessionPerMinute: number) {
  const spared = Math.max(1, Math.ceil(perSessionPerMinute / 5));
  const noRequest = { header: () => noRequest } as unknown as FastifyReply;
  return (sessionId: string) =>
    limit(`desk-reply:${sessionId}`, perSessionPerMinute - spared, noRequest, undefined, {
      releaseRefused: true,
    });
}
