import { healthResponse, publicConfig } from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

export interface SystemRoutesOptions {
  database: Pick<Database, 'ping'>;
  config: Pick<Config, 'googleClientId' | 'demoVideoUrl' | 'whatsappDriver' | 'contactEmail'>;
}

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { database, config }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags,
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database ping failed');
        return reply
          .code(503)
          .send({ status: 'error', database: 'down', message: 'The database is not reachable.' });
      }
    },
  );

  app.get(
    '/config/',
    {
      schema: { tags, summary: 'Public settings the SPA reads at start-up', response: { 200: publicConfig } },
    },
    async () => ({
      google_client_id: config.googleClientId,
      demo_video_url: config.demoVideoUrl,
      whatsapp_driver: config.whatsappDriver,
      contact_email: config.contactEmail,
    }),
  );
};
