import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * A preValidation hook answering 400 with the product's own words when an id is missing or blank
 * ("No session id passed"), before schema validation would word it generically.
 */
export function requireFields(fields: Record<string, string>) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [field, message] of Object.entries(fields)) {
      const value = typeof body === 'object' ? body[field] : undefined;
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        throw new AppError(400, message);
      }
    }
  };
}
