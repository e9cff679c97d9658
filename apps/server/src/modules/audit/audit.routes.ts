import { Readable } from 'node:stream';
import { auditLogExportQuery, auditLogRequest, auditLogResponse, errorResponse } from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth } from '../auth/authenticate';
import type { AuditLogService } from './audit-log.service';

const tags = ['audit'];
const refused = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Reading the audit log: owners and admins. No route writes or edits an entry (decision 0019). */
export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLogService }> = async (
  app,
  { auditLog },
) => {
  app.addHook('onRequest', app.authenticate);
  const admin = { onRequest: [app.requireRole('admin')] };

  app.post(
    '/org/getAuditLog/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Audit log entries, newest first, with filters and paging (admin)',
        security: bearerAuth,
        body: auditLogRequest,
        response: { 200: auditLogResponse, ...refused },
      },
    },
    async (request) => auditLog.page(request.user.organisationId, request.body),
  );

  app.get(
    '/org/auditLog.csv',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The audit log as CSV with the same filters, newest first, at most 50,000 rows (admin)',
        security: bearerAuth,
        querystring: auditLogExportQuery,
        response: { 200: z.any().describe('text/csv'), ...refused },
      },
    },
    async (request, reply) => {
      const lines = auditLog.exportCsv(request.user.organisationId, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
};
