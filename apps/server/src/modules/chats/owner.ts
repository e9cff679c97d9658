import type { FastifyRequest } from 'fastify';
import type { Owner } from './attachments.repository';

/** The caller of a route guarded by `app.authenticate`, as the repositories scope their queries. */
export const ownerOf = (request: FastifyRequest): Owner => ({
  userId: request.user.id,
  organisationId: request.user.organisationId,
});
