import { Readable } from 'node:stream';
import {
  errorResponse,
  reportChartsRequest,
  reportChartsResponse,
  reportSummaryRequest,
  reportSummaryResponse,
  ticketsReportQuery,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth } from '../auth/authenticate';
import type { ReportsService } from './reports.service';

const tags = ['reports'];
const refused = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Reports (decision 0029): every signed-in member; the service narrows what a member sees. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.addHook('onRequest', app.authenticate);
  const admin = { onRequest: [app.requireRole('admin')] };

  app.post(
    '/org/getReportSummary/',
    {
      schema: {
        tags,
        summary:
          'Tickets opened in a range: counts, response and resolution medians and p90s, SLA attainment',
        security: bearerAuth,
        body: reportSummaryRequest,
        response: { 200: reportSummaryResponse, ...refused },
      },
    },
    async (request) => reports.summary(request.user, request.body),
  );

  app.post(
    '/org/getReportCharts/',
    {
      schema: {
        tags,
        summary: "A range's first-response distribution, busiest hours and backlog",
        security: bearerAuth,
        body: reportChartsRequest,
        response: { 200: reportChartsResponse, ...refused },
      },
    },
    async (request) => reports.charts(request.user, request.body),
  );

  app.get(
    '/org/ticketsReport.csv',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One CSV row per ticket opened in the range, with its clocks (admin)',
        security: bearerAuth,
        querystring: ticketsReportQuery,
        response: { 200: z.any().describe('text/csv'), ...refused },
      },
    },
    async (request, reply) => {
      const lines = await reports.exportCsv(request.user, request.query);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tickets-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
};
