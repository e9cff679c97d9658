// Child process of the tickets section: one server instance (buildApp on the bench database, simulator
// driver) whose ticket processor consumes the live-message queue. Prints {"ready":true} once up, wakes its
// processor on every stdin line (what ingest's message.live does in-process), and after the line "done" prints
// {"drained":<epoch ms>,"applied":n} once the queue it has seen filled is empty again, then exits.
// `tsx tickets-consumer-child.ts <database url> <data dir>`.
import { createInterface } from 'node:readline';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase, migrateDatabase } from '../../apps/server/src/db/client';
import { resolveSharedSecrets } from '../../apps/server/src/shared-secrets';

const [url = '', dataDir = ''] = process.argv.slice(2);
const config = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(32),
  WHATSAPP_DRIVER: 'simulator',
});
// As main.ts starts a server: migrated database, shared secrets, then the app.
const database = await createDatabase(url);
await migrateDatabase(database);
const app = await buildApp(await resolveSharedSecrets(config, database), { database, logger: false });
await app.ready();
let seen = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'done') seen = true; // the parent stored everything: an empty queue now means drained
  app.ticketProcessor.wake();
});
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (seen && (await app.messageStore.liveBacklog()) === 0) break;
}
await app.ticketProcessor.settled();
const drained = Date.now();
const applied = app.ticketProcessor.applied();
await app.close();
await database.close();
process.stdout.write(`${JSON.stringify({ drained, applied })}\n`);
process.exit(0);
