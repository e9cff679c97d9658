// Server side of signed-in imports: accepting a ~4 MB export zip (parse + store media), and saving and
// loading a 40,000-message chat, on embedded PGlite and on PostgreSQL, through app.inject.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { strToU8, type Zippable, zipSync } from 'fflate';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase, type Database, migrateDatabase } from '../../apps/server/src/db/client';
import { createRandom, generateChat } from '../generate';
import type { Row } from '../row';
import { median, ms } from '../stats';

const SECTION = 'server-chats';
const RUNS = 5;
const POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const UPLOAD_LIMIT = 4 * 1024 * 1024;

function row(metric: string, value: string, target = '', ok: boolean | null = null): Row {
  return { section: SECTION, metric, value, target, ok };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A 10,000-message export (the most WhatsApp puts in an export with media) filled with media to ~4 MB. */
function uploadZip(): { zip: Uint8Array; media: number } {
  const chat = generateChat({ messages: 10_000, seed: 7 });
  const rnd = createRandom(5);
  const entries: Zippable = { 'WhatsApp Chat with Team Berlin.txt': strToU8(chat.android) };
  let total = zipSync(entries).length;
  let media = 0;
  for (const name of chat.androidFiles) {
    const size = 40_000 + Math.floor(rnd() * 120_000);
    if (total + size + 200 > UPLOAD_LIMIT - 64 * 1024) break;
    entries[name] = [randomBytes(size), { level: 0 }]; // media are already compressed: stored as they are
    total += size + 100;
    media++;
  }
  return { zip: zipSync(entries), media };
}

function multipart(fileName: string, bytes: Uint8Array) {
  const boundary = '----wadeskbench';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file_uploaded"; filename="${fileName}"\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** Wall time and this process's CPU time (all threads, so zlib's pool too) of one call, in ms. */
async function timed<T>(fn: () => Promise<T>): Promise<[number, T, number]> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  return [performance.now() - started, result, (used.user + used.system) / 1000];
}

async function measure(kind: string, database: Database): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wadesk-bench-'));
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'b'.repeat(32) });
    app = await buildApp(config, { database, logger: false });
    const registered = await app.inject({
      method: 'POST',
      url: '/users/register/',
      payload: {
        email: `bench-${kind}@example.com`,
        password1: 'Secret!A',
        first_name: 'Bench',
        last_name: '',
      },
    });
    const headers = { authorization: `Bearer ${registered.json().access_token}` };
    const post = (url: string, payload: object | Buffer, extra: Record<string, string> = {}) =>
      (app as FastifyInstance).inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });

    const { zip, media } = uploadZip();
    const form = multipart('chat.zip', zip);
    const uploads: number[] = [];
    const uploadCpu: number[] = [];
    for (let r = 0; r < RUNS + 1; r++) {
      const [took, res, cpu] = await timed(() => post('/v1/uploadfile/', form.payload, form.headers));
      if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
      if (r > 0) {
        uploads.push(took); // the first run warms up the code paths
        uploadCpu.push(cpu);
      }
    }

    const text = generateChat({ messages: 40_000, seed: 42 }).android;
    // 4.3 MB of text: over the upload limit as .txt, about 1 MB zipped.
    const textZip = multipart('chat.zip', zipSync({ 'WhatsApp Chat with Team Berlin.txt': strToU8(text) }));
    const imported = await post('/v1/uploadfile/', textZip.payload, textZip.headers);
    if (imported.statusCode !== 200) throw new Error(`40,000-message upload answered ${imported.statusCode}`);
    const parsed = imported.json();
    const body = Buffer.from(JSON.stringify({ ...parsed, chat_name: 'Team Berlin' }));
    const saves: number[] = [];
    const loads: number[] = [];
    const saveCpu: number[] = [];
    const loadCpu: number[] = [];
    let chatId = 0;
    let loadedBytes = 0;
    for (let r = 0; r < RUNS + 1; r++) {
      const [saveTook, saved, saveCpuTook] = await timed(() =>
        post('/v1/saveChatData/', body, { 'content-type': 'application/json' }),
      );
      if (saved.statusCode !== 201) throw new Error(`save answered ${saved.statusCode}: ${saved.body}`);
      chatId = saved.json().chat_id;
      // As a browser asks: the stored gzip answer is sent as it is.
      const [loadTook, loaded, loadCpuTook] = await timed(() =>
        post('/v1/getSavedChat/', { chat_id: chatId }, { 'accept-encoding': 'gzip, deflate, br' }),
      );
      if (loaded.statusCode !== 200) throw new Error(`load answered ${loaded.statusCode}`);
      loadedBytes = loaded.rawPayload.length;
      if (r > 0) {
        saves.push(saveTook);
        loads.push(loadTook);
        saveCpu.push(saveCpuTook);
        loadCpu.push(loadCpuTook);
      }
    }
    const upload = median(uploads);
    const save = median(saves);
    const load = median(loads);
    const cpu = `CPU ${ms(median(uploadCpu))} / ${ms(median(saveCpu))} / ${ms(median(loadCpu))}`;
    return [
      row(
        `upload ${mb(zip.length)} zip, 10,000 msgs + ${media} media, ${kind} (median of ${RUNS})`,
        ms(upload),
        '<= 500 ms',
        upload <= 500,
      ),
      row(
        `save ${parsed.total_msgs} msgs (${mb(body.length)} JSON) in one request, ${kind}`,
        ms(save),
        '<= 1000 ms',
        save <= 1000,
      ),
      row(
        `load ${parsed.total_msgs} msgs (${mb(loadedBytes)} gzip sent), ${kind}`,
        ms(load),
        '<= 300 ms',
        load <= 300,
      ),
      // Wall times above grow with whatever else runs on the machine; CPU time barely does.
      row(`process CPU time upload / save / load, ${kind}`, cpu),
    ];
  } finally {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function withPostgres(fn: (database: Database) => Promise<Row[]>): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [row('PostgreSQL rows', `skipped: ${POSTGRES} unreachable (${reason})`, '', null)];
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
  const load = () => loadavg()[0]?.toFixed(1) ?? '?';
  const before = load();
  const lite = await createDatabase('memory://');
  let rows: Row[];
  try {
    await migrateDatabase(lite);
    rows = await measure('PGlite', lite);
  } finally {
    await lite.close();
  }
  const postgres = await withPostgres((database) => measure('PostgreSQL', database));
  const cores = availableParallelism();
  return [
    ...rows,
    ...postgres,
    row(`machine load average (1 min) before / after, ${cores} cores`, `${before} / ${load()}`),
  ];
}
