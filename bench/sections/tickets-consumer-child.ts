// Child process of the tickets section: one server instance (buildApp on the bench database, simulator
// driver) whose ticket processor consumes the live-message queue. Prints {"ready":true} once up, wakes its
// processor on every stdin line (what ingest's message.live does in-process), and after each line "go" prints
// {"drained":<epoch ms>,"applied":n} once the queue is empty again; exits when stdin closes.
// `tsx tickets-consumer-child.ts <database url> <data dir>`.
import { createInterface } from 'node:readline';
import { buildApp } from '../../apps/server/src/app';
import { internalsOf } from '../../apps/server/src/app-internals';
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
let round: (() => void) | null = null;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line === 'go') round?.(); // the parent released a filled queue: drain it
  internalsOf(app).ticketProcessor.wake();
});
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
// One report per round; the parent runs a warm-up round first (a long-running server is warm).
for (;;) {
  const go = new Promise<void>((resolve) => {
    round = resolve;
  });
  const ended = new Promise<'exit'>((resolve) => lines.once('close', () => resolve('exit')));
  if ((await Promise.race([go, ended])) === 'exit') break;
  while (!(await internalsOf(app).messageStore.liveQueueEmpty()))
    await new Promise((resolve) => setTimeout(resolve, 20));
  await internalsOf(app).ticketProcessor.settled();
  process.stdout.write(
    `${JSON.stringify({ drained: Date.now(), applied: internalsOf(app).ticketProcessor.applied() })}\n`,
  );
}
await app.close();
await database.close();
process.exit(0);
