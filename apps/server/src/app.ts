import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { createDatabase, type Database, migrateDatabase } from './db/client';
import { installErrorHandler } from './http/error-handler';
import { loggerOptions } from './http/logger';
import { registerOpenApi } from './http/openapi';
import { registerSecurity } from './http/security';
import { registerWebApp } from './http/web-app';
import { registerAgents } from './modules/agents/register-agents';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { installAuthentication } from './modules/auth/authenticate';
import { createGoogleVerifier } from './modules/auth/google';
import { passwords } from './modules/auth/passwords';
import { createAttemptLimits } from './modules/auth/rate-limit';
import { createRateLimitRepository } from './modules/auth/rate-limit.repository';
import { createAccessTokens } from './modules/auth/tokens';
import { registerChats } from './modules/chats/register-chats';
import { systemRoutes } from './modules/system/system.routes';
import { registerTickets } from './modules/tickets/register-tickets';
import { registerWhatsApp, type WhatsAppOverrides } from './whatsapp/register';

export interface AppDeps {
  /** An open, migrated database; the caller keeps ownership (it is not closed with the app). */
  database?: Database;
  clock?: Clock;
  /** false silences logging (tests); an object is merged over the default pino options. */
  logger?: boolean | object;
  /** WhatsApp timers, driver or loopback address for tests; production uses the defaults. */
  whatsapp?: WhatsAppOverrides;
}

/**
 * The whole HTTP application, ready for `inject()` or `listen()`. Without an injected database it opens
 * and migrates the one named by `config.databaseUrl` and closes it when the app closes.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const database = deps.database ?? (await openOwnDatabase(config.databaseUrl));
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  if (!deps.database) app.addHook('onClose', () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await registerSecurity(app, config);
  await registerOpenApi(app);
  await app.register(rateLimit, { global: false });

  const accessTokens = createAccessTokens({ secret: config.jwtSecret, clock });
  installAuthentication(app, accessTokens);

  await app.register(systemRoutes, { database, config });
  await app.register(authRoutes, {
    auth: createAuthService({
      repo: createAuthRepository(database.db),
      passwords,
      accessTokens,
      verifyGoogle: config.googleClientId
        ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, clock })
        : null,
      clock,
    }),
    limits: createAttemptLimits({
      repo: createRateLimitRepository(database.db),
      clock,
      perIp: config.authRateLimitIp,
      perEmail: config.authRateLimitEmail,
    }),
  });

  const storage = await registerChats(app, { config, db: database.db, clock });
  const whatsapp = await registerWhatsApp(app, {
    config,
    db: database.db,
    clock,
    accessTokens,
    storage,
    overrides: deps.whatsapp,
  });
  const agents = await registerAgents(app, { db: database.db, clock, whatsapp });
  await registerTickets(app, { db: database.db, clock, whatsapp, agents });
  await registerWebApp(app, config.webDist);
  return app;
}

async function openOwnDatabase(url: string): Promise<Database> {
  const database = await createDatabase(url);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
