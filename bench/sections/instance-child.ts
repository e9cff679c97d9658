// One wadesk server as its own process, for the scale-out bench: `tsx instance-child.ts` with DATABASE_URL,
// JWT_SECRET and STORAGE_SIGNING_SECRET in env. Prints one JSON line {port, instanceId, dataDir} once it
// listens (its mails are files in dataDir/outbox).
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'wadesk-instance-'))),
  LOG_LEVEL: 'silent',
  WHATSAPP_DRIVER: 'simulator',
  AUTH_RATE_LIMIT_IP: '100000',
  AUTH_RATE_LIMIT_EMAIL: '100000',
});
const database = await createDatabase(config.databaseUrl);
const app = await buildApp(config, { database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
console.log(JSON.stringify({ port, instanceId: app.whatsapp.cluster.instanceId, dataDir: config.dataDir }));
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
