// WhatsApp gateway at scale: memory per idle session (simulator, and real Baileys sockets against a silent
// loopback WebSocket server), each count in a fresh child process; the heap while one session links with a
// large history (the real driver over the scripted Baileys socket); and how fast history is stored.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { WAMessage } from 'baileys';
import pg from 'pg';
import { createDatabase, type Database, migrateDatabase } from '../../apps/server/src/db/client';
import { createInProcessNotifications } from '../../apps/server/src/db/notifications';
import { organisations, waSessions } from '../../apps/server/src/db/schema';
import type { DeskEventMap } from '../../apps/server/src/modules/events/desk-events';
import { createEventBus } from '../../apps/server/src/modules/events/event-bus';
import { createMessageStore } from '../../apps/server/src/modules/messages/message-store.service';
import { createPhoneContent } from '../../apps/server/src/whatsapp/simulator/phone-content';
import type { Row } from '../row';

const SECTION = 'whatsapp-sessions';
const POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNTS = [1, 100, 1_000];
const MEMORY_TARGET = 1.5 * 1024 ** 3;
const INGEST_TARGET = 5_000;
const BATCH = 500; // about one history-sync chunk

const run$ = promisify(execFile);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function row(metric: string, value: string, target = '', ok: boolean | null = null): Row {
  return { section: SECTION, metric, value, target, ok };
}

interface ChildResult {
  count: number;
  openMs: number;
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  states: Record<string, number>;
}

async function memory(kind: 'simulator' | 'baileys', count: number): Promise<Row> {
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const { stdout } = await run$(
    tsx,
    ['--expose-gc', join(import.meta.dirname, 'whatsapp-memory-child.ts'), kind, String(count)],
    {
      maxBuffer: 1024 * 1024,
      timeout: 300_000,
    },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildResult;
  const perSession = (result.rssAfter - result.rssBefore) / count;
  const states = Object.entries(result.states)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  const label =
    kind === 'simulator'
      ? `RSS per idle connected session, simulator, ${count} sessions`
      : `RSS per real Baileys socket, ${count} sockets (silent loopback WS: sockets stay 'connecting', no WhatsApp)`;
  const value = `${mb(perSession)} (process ${mb(result.rssAfter)}, heap +${mb(result.heapAfter - result.heapBefore)}; ${states})`;
  return count === 1_000
    ? row(label, value, `${count} in one process < 1.5 GB`, result.rssAfter < MEMORY_TARGET)
    : row(label, value);
}

interface LinkingResult {
  direct: number;
  inGroups: number;
  received: number;
  peakDelta: number;
  ms: number;
}

/** Heap while linking one session whose phone sends 20,000 1:1 and 5,000 group messages of history. */
async function linking(): Promise<Row> {
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const { stdout } = await run$(
    tsx,
    ['--expose-gc', join(import.meta.dirname, 'whatsapp-linking-child.ts'), '20000', '5000'],
    { maxBuffer: 1024 * 1024, timeout: 300_000 },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LinkingResult;
  return row(
    `heap while linking with ${result.direct.toLocaleString('en')} 1:1 + ${result.inGroups.toLocaleString('en')} group history msgs (scripted socket, driver + runner)`,
    `peak +${mb(result.peakDelta)}; ${result.received.toLocaleString('en')} msgs passed on (group chats only) in ${Math.round(result.ms)} ms`,
  );
}

/** ~48,000 history messages of realistic mix (text, quotes, media with previews, LID senders). */
function historyMessages(): WAMessage[] {
  const messages: WAMessage[] = [];
  const anchor = Math.floor(Date.now() / 1000);
  for (let phone = 0; messages.length < 48_000; phone++) {
    for (const group of createPhoneContent(`bench-${phone}`, anchor).groups) {
      for (let i = 0; i < group.count; i++) messages.push(group.message(i));
    }
  }
  return messages;
}

async function ingestRate(kind: string, database: Database, messages: WAMessage[]): Promise<Row> {
  const [organisation] = await database.db.insert(organisations).values({ name: 'bench' }).returning();
  const [session] = await database.db
    .insert(waSessions)
    .values({ organisationId: organisation?.id ?? 0, name: 'bench', description: 'bench' })
    .returning();
  const { ingest } = createMessageStore({
    db: database.db,
    bus: await createEventBus<DeskEventMap>({
      notifications: createInProcessNotifications(),
      instanceId: 'bench',
      onListenerError: () => {},
    }),
  });
  const ref = { id: session?.id ?? '', organisationId: organisation?.id ?? 0 };
  const started = performance.now();
  let stored = 0;
  for (let start = 0; start < messages.length; start += BATCH) {
    stored += (await ingest(ref, messages.slice(start, start + BATCH), 'history')).inserted.length;
  }
  const rate = stored / ((performance.now() - started) / 1000);
  const metric = `history ingest, ${stored.toLocaleString('en')} msgs in batches of ${BATCH}, ${kind}`;
  return kind === 'PostgreSQL'
    ? row(
        metric,
        `${Math.round(rate).toLocaleString('en')} msgs/s`,
        `>= ${INGEST_TARGET.toLocaleString('en')} msgs/s`,
        rate >= INGEST_TARGET,
      )
    : row(metric, `${Math.round(rate).toLocaleString('en')} msgs/s`);
}

async function withPostgres(fn: (database: Database) => Promise<Row>): Promise<Row> {
  const admin = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return row(
      'history ingest, PostgreSQL',
      `skipped: ${POSTGRES} unreachable (${reason})`,
      `>= ${INGEST_TARGET} msgs/s`,
      false,
    );
  }
  const name = `wadesk_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const database = await createDatabase(url.toString());
  try {
    await migrateDatabase(database);
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function run(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of ['simulator', 'baileys'] as const) {
    for (const count of COUNTS) rows.push(await memory(kind, count));
  }
  rows.push(await linking());
  const messages = historyMessages();
  rows.push(await withPostgres((database) => ingestRate('PostgreSQL', database, messages)));
  const lite = await createDatabase('memory://');
  try {
    await migrateDatabase(lite);
    rows.push(await ingestRate('PGlite', lite, messages));
  } finally {
    await lite.close();
  }
  return rows;
}
