import type { Server } from 'node:http';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { type Database, openMigratedDatabase } from './db/client';
import { seedDemo } from './demo/seed-demo';
import { closeHealthListener, listenForHealth } from './http/health-listener';
import { resolveSharedSecrets } from './shared-secrets';

// Start-up failures (bad config, unreachable database, port in use) print one line and exit 1, no stack.
function fail(stage: string, error: unknown): never {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause; // Drizzle wraps driver errors
  console.error(`wadesk: ${stage}: ${root instanceof Error ? root.message : String(root)}`);
  process.exit(1);
}

const loaded = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail('configuration', error);
  }
})();

let database: Database;
let config: Config;
try {
  database = await openMigratedDatabase(loaded.databaseUrl, loaded.databaseOwnerUrl);
  config = await resolveSharedSecrets(loaded, database);
} catch (error) {
  fail('database', error);
}

const app = await buildApp(config, { database });
app.log.info({ database: database.kind }, 'database ready');

let health: Server | null = null;
let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close(); // stops accepting connections and waits for in-flight requests
    // Closed last: until here it answers 503 (the app is closing), so load balancers stop sending traffic.
    if (health) await closeHealthListener(health);
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  await database.close();
  fail('listen', error);
}

if (config.healthPort !== null) {
  try {
    health = await listenForHealth(app, { host: config.host, port: config.healthPort });
    app.log.info({ port: config.healthPort }, 'health checks listening');
  } catch (error) {
    await app.close();
    await database.close();
    fail('listen on HEALTH_PORT', error);
  }
}

if (config.demoSeed) {
  try {
    const demo = await seedDemo(app, config);
    const url = `http://localhost:${config.port}/login`;
    const driver = app.whatsapp.simulator
      ? 'simulated WhatsApp phone, linked'
      : 'no simulated phone: set WHATSAPP_DRIVER=simulator';
    console.log(
      `\nwadesk demo mode (${driver})\n  sign in at ${url}\n  email:    ${demo.email}\n  password: ${demo.password}\n`,
    );
  } catch (error) {
    app.log.error({ err: error }, 'demo seed failed');
  }
}
