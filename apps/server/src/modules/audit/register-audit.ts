import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createAuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { type AuditRecorder, createAuditRecorder } from './audit.service';
import { createAuditLogService } from './audit-log.service';

/** The audit log: the recorder every module writes with, and the owners' and admins' read calls. */
export async function registerAudit(app: FastifyInstance, { db }: { db: Db }): Promise<AuditRecorder> {
  const repo = createAuditRepository(db);
  await app.register(auditRoutes, { auditLog: createAuditLogService({ repo }) });
  return createAuditRecorder({
    repo,
    onError: (error, entry) =>
      app.log.error({ err: error, action: entry.action }, 'audit entry not recorded'),
  });
}
