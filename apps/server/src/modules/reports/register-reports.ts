import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';

/** Reports (decision 0029): /org/getReportSummary/, /org/getReportCharts/ and the tickets CSV. */
export async function registerReports(app: FastifyInstance, { db }: { db: Db }) {
  const reports = createReportsService({ repo: createReportsRepository(db) });
  await app.register(reportsRoutes, { reports });
  return reports;
}
